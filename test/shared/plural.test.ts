import { describe, expect, it } from 'vitest';

import { plural } from '../../electron/shared/format';

describe('plural', () => {
  it('follows Portuguese number agreement, with zero in the plural', () => {
    expect(plural(1, 'documento', 'documentos')).toBe('1 documento');
    expect(plural(2, 'documento', 'documentos')).toBe('2 documentos');
    expect(plural(0, 'documento', 'documentos')).toBe('0 documentos');
    expect(plural(1500, 'documento', 'documentos')).toBe('1.500 documentos');
    expect(plural(1, 'arquivo ficou', 'arquivos ficaram')).toBe('1 arquivo ficou');
  });
});
