import { describe, expect, it } from 'vitest';

import { documentXmlName, eventFileBase, fileBase, printoutName } from '../../electron/shared/file-names';

const chave = '35261145723174000110570010000000421000000420';

describe('file names: <chave>-<tipo>', () => {
  it('names documents, printouts and events by the access key', () => {
    const base = fileBase(chave, { kind: 'cte', serie: 1, numero: 42 });
    expect(base).toBe(chave);
    expect(documentXmlName(base, 'cte')).toBe(`${chave}-cte.xml`);
    expect(printoutName(base, 'cte')).toBe(`${chave}-dacte.pdf`);
    expect(printoutName(base, 'cteos')).toBe(`${chave}-dacte-os.pdf`);
    expect(printoutName(base, 'dce')).toBe(`${chave}-dace.pdf`);
    expect(`${eventFileBase(base, 'cancelamento', 1)}.xml`).toBe(`${chave}-cancelamento.xml`);
    expect(`${eventFileBase(base, 'carta_correcao', 2)}.xml`).toBe(`${chave}-carta-correcao-2.xml`);
  });

  it('a document without a key gets its kind, série and número, never an internal id', () => {
    expect(fileBase(null, { kind: 'cte', serie: 1, numero: 42 })).toBe('cte-serie1-numero42');
    expect(fileBase('cte_zyja123', { kind: 'cte' })).toBe('cte-sem-chave');
  });
});
