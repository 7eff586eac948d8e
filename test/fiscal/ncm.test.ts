// NCM for the MDF-e's prodPred (fiscal/ncm.ts): the layout's pattern (chapter or 8 digits), the
// chapters of the NCM to search by description, the trip's NF-e codes first.
import { describe, expect, it } from 'vitest';

import { isValidNcm, NCM_CAPITULOS, ncmChapterOf, normalizeNcm, searchNcm } from '../../electron/fiscal/ncm';

describe('NCM', () => {
  it('the chapter (2 digits) or the full code (8), typed with dots', () => {
    expect(normalizeNcm(' 1701.14.00 ')).toBe('17011400');
    expect(isValidNcm('1701.14.00')).toBe(true);
    expect(isValidNcm('17')).toBe(true);
    expect(isValidNcm('1701140')).toBe(false);
    expect(isValidNcm('ABCDEFGH')).toBe(false);
    expect(isValidNcm(17011400)).toBe(false);
  });
  it('96 chapters, 01 to 97 without the reserved 77', () => {
    expect(Object.keys(NCM_CAPITULOS)).toHaveLength(96);
    expect(NCM_CAPITULOS['77']).toBeUndefined();
    expect(ncmChapterOf('94036000')).toBe(
      'Móveis; mobiliário médico-cirúrgico; colchões e semelhantes; iluminação; construções pré-fabricadas',
    );
  });
  it('searches by words of the description, accents and case ignored, the NF-e codes first', () => {
    const known = [{ ncm: '17011400', descricao: 'ACUCAR CRISTAL', origem: 'nfe' as const }];
    expect(searchNcm('açúcar', known).map((o) => o.ncm)).toEqual(['17011400', '17']);
    expect(searchNcm('moveis', []).map((o) => o.ncm)).toEqual(['94']);
    expect(searchNcm('1701', known).map((o) => o.ncm)).toEqual(['17011400', '17']);
    expect(searchNcm('nada que exista', known)).toEqual([]);
  });
});
