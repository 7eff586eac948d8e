// The NCM chapters a DC-e item may carry alone, found by the words of its description (issue 26).
import { describe, expect, it } from 'vitest';

import { NCM_CAPITULOS, suggestNcmChapters } from '../../electron/fiscal/ncm';

const codes = (text: string) => suggestNcmChapters(text).map((c) => c.code);

describe('NCM chapters by description', () => {
  it('has the 96 chapters of goods, 01–97 without the reserved 77', () => {
    const codes = Object.keys(NCM_CAPITULOS).sort();
    expect(codes).toHaveLength(96);
    expect(codes).not.toContain('77');
    expect(codes.at(0)).toBe('01');
    expect(codes.at(-1)).toBe('97');
  });
  it('finds chapters by the words a clerk types, accents and plurals aside', () => {
    expect(codes('Camisetas de algodão')).toEqual(['52', '61']);
    expect(codes('roupas usadas')).toEqual(expect.arrayContaining(['61', '62', '63']));
    expect(codes('LIVRO')).toEqual(['49']);
    expect(codes('remedios')).toEqual(['30']);
    expect(codes('celular')).toEqual(['85']);
  });
  it('a chapter typed as a number is first; text with no word finds nothing', () => {
    expect(codes('61')[0]).toBe('61');
    expect(codes('de a o')).toEqual([]);
    expect(codes('')).toEqual([]);
  });
});
