// The CT-e OS's CFOP follows the route as the CT-e's does (issue 26): 5xxx inside one UF, 6xxx
// between UFs, the same operation's tail kept; a code without a twin stays as typed.
import { describe, expect, it } from 'vitest';

import { cfopForRoute } from '../../renderer/src/stores/cteos';

describe('CT-e OS CFOP by route', () => {
  it('flips between 5xxx and 6xxx with the route', () => {
    expect(cfopForRoute('5357', 'SP', 'SC')).toBe('6357');
    expect(cfopForRoute('6357', 'SP', 'SP')).toBe('5357');
    expect(cfopForRoute('5357', 'SP', 'SP')).toBe('5357');
  });
  it('keeps what has no twin, an open route, abroad and an empty field', () => {
    expect(cfopForRoute('5601', 'SP', 'PR')).toBe('5601');
    expect(cfopForRoute('5357', 'SP', '')).toBe('5357');
    expect(cfopForRoute('7358', 'SP', 'EX')).toBe('7358');
    expect(cfopForRoute('', 'SP', 'PR')).toBe('');
  });
});
