// In homologação the XML names the remetente, expedidor, recebedor and destinatário by the MOC's
// literal (CT-e Anexo I, G002–G005); the browse columns name such a party from the address book,
// by its CNPJ/CPF, and leave every other name as the XML has it.
import { describe, expect, it } from 'vitest';

import { withKnownNames } from '../../../electron/app/sync/extract';
import type { BrowseFields } from '../../../electron/cache/repositories/types';

const LITERAL = 'CTE EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

const book = {
  addressBook: {
    nameOf: async (company: string, doc: string) =>
      company === '45723174000110' && doc === '35281796000182'
        ? 'FARMADIST CAMPINAS DISTRIBUIDORA LTDA'
        : null,
  },
} as never;

function fields(over: Partial<BrowseFields>): BrowseFields {
  return {
    tomadorNome: null,
    tomadorDoc: null,
    remetenteNome: null,
    remetenteDoc: null,
    destinatarioNome: null,
    destinatarioDoc: null,
    ufInicio: 'SP',
    municipioInicio: 'Campinas',
    ufFim: 'MG',
    municipioFim: 'Belo Horizonte',
    valorPrestacao: 100,
    valorIcms: null,
    dataEmissao: '2026-11-24T11:05:00-03:00',
    serie: 1,
    numero: 25,
    chave: null,
    ...over,
  };
}

describe('names of homologação parties', () => {
  it('names a party the address book knows, in every role', async () => {
    const out = await withKnownNames(
      book,
      '45723174000110',
      fields({
        tomadorNome: LITERAL,
        tomadorDoc: '35281796000182',
        remetenteNome: LITERAL,
        remetenteDoc: '35281796000182',
        destinatarioNome: LITERAL,
        destinatarioDoc: '91357284000123',
      }),
    );
    expect([out!.tomadorNome, out!.remetenteNome, out!.destinatarioNome]).toEqual([
      'FARMADIST CAMPINAS DISTRIBUIDORA LTDA',
      'FARMADIST CAMPINAS DISTRIBUIDORA LTDA',
      // Not in the book: the XML's literal stays.
      LITERAL,
    ]);
  });

  it("leaves real names alone, and looks only in the company's own book", async () => {
    const real = fields({ tomadorNome: 'OUTRO NOME LTDA', tomadorDoc: '35281796000182' });
    expect(await withKnownNames(book, '45723174000110', real)).toEqual(real);
    const other = fields({ tomadorNome: LITERAL, tomadorDoc: '35281796000182' });
    expect((await withKnownNames(book, '11222333000181', other))!.tomadorNome).toBe(LITERAL);
    expect(await withKnownNames(book, '45723174000110', null)).toBeNull();
  });
});
