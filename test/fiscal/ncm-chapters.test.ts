// The NCM chapters a DC-e item may carry alone, found by the words of its description (issue 26).
import { describe, expect, it } from 'vitest';

import { NCM_CHAPTERS, searchNcmChapters } from '../../electron/fiscal/ncm-chapters';

const codes = (text: string) => searchNcmChapters(text).map((c) => c.code);

describe('NCM chapters by description', () => {
  it('has the 96 chapters of goods, 01–97 without the reserved 77', () => {
    expect(NCM_CHAPTERS).toHaveLength(96);
    expect(NCM_CHAPTERS.map((c) => c.code)).not.toContain('77');
    expect(NCM_CHAPTERS.at(0)?.code).toBe('01');
    expect(NCM_CHAPTERS.at(-1)?.code).toBe('97');
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
