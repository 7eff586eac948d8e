// A refusal in the clerk's words (issue 19, item 6): the API's 400 names the JSON path of each
// problem (`error.errors[].path`), the SEFAZ's rejection a cStat of the MOC CT-e's table.
import { describe, expect, it } from 'vitest';

import { formPathsOf } from '../../../electron/app/issuing/field-paths';
import { sefazFamilyOf } from '../../../electron/app/issuing/kinds';
import {
  problemInWords,
  problemsOf,
  SEFAZ_WORDS_CODES,
  sefazInWords,
} from '../../../electron/app/issuing/rejection-words';
import { sefazRejection } from '../../../electron/fiscal/sefaz-codes';
import { errorFromResponse } from '../../../electron/nuvemfiscal/http';
import type { AxiosResponse } from 'axios';

function response(status: number, body: unknown): AxiosResponse<ArrayBuffer> {
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  return {
    status,
    data: bytes.buffer,
    headers: { 'content-type': 'application/json' },
  } as unknown as AxiosResponse<ArrayBuffer>;
}

describe('a 400 of the fiscal API in words', () => {
  it("the sandbox's CT-e OS refusal of an emitente without IE", () => {
    expect(
      problemInWords(
        'infCte.emit.IE',
        'Inscrição estadual (infCte.emit.IE) é inválido: campo obrigatório no CT-e OS.',
      ),
    ).toBe('A inscrição estadual do emitente é obrigatória no CT-e OS — cadastre-a em Empresas.');
  });

  it('names the field and its owner; a form field needs no detour', () => {
    expect(problemInWords('infCte.rem.enderReme.CEP', 'CEP inválido')).toBe(
      'O CEP do remetente foi recusado: CEP inválido.',
    );
    expect(problemInWords('infCte.imp.ICMS.ICMS00.vICMS', 'campo obrigatório')).toBe(
      'O valor do ICMS é obrigatório.',
    );
    // A path the table does not know keeps the API's words and the path.
    expect(problemInWords('infCte.xyz', 'valor fora do domínio')).toBe('Valor fora do domínio (infCte.xyz).');
  });

  it('maps each problem to the form field its path names', () => {
    expect(
      problemsOf(
        [
          { path: 'infCte.emit.IE', message: 'campo obrigatório no CT-e OS' },
          { path: 'infCte.dest.enderDest.cMun', message: 'município inexistente' },
        ],
        [],
      ),
    ).toEqual([
      {
        field: 'emitente',
        message: 'A inscrição estadual do emitente é obrigatória no CT-e OS — cadastre-a em Empresas.',
      },
      {
        field: 'destinatario.endereco.cMun',
        message: 'O município do destinatário foi recusado: município inexistente.',
      },
    ]);
  });

  it("the client reads the error body's errors list (path and message)", () => {
    const error = errorFromResponse(
      response(400, {
        error: {
          code: 'ValidationFailed',
          message:
            'Validation failed: Inscrição estadual (infCte.emit.IE) é inválido: campo obrigatório no CT-e OS.',
          errors: [{ code: 'Invalid', message: 'campo obrigatório no CT-e OS', path: 'infCte.emit.IE' }],
        },
      }),
    );
    expect(error.problems).toEqual([{ path: 'infCte.emit.IE', message: 'campo obrigatório no CT-e OS' }]);
    expect(error.fields).toContain('infCte.emit.IE');
  });
});

describe('a SEFAZ rejection in words', () => {
  it('shows the code, what the MOC says it means and what to do', () => {
    expect(sefazInWords(519, 'Rejeição: CFOP inválido para operação')).toBe(
      'A SEFAZ rejeitou o documento (código 519): o CFOP não serve para esta prestação (origem e destino). ' +
        'Escolha o CFOP do tipo de prestação: 5xxx dentro do estado, 6xxx entre estados, 7xxx exterior.',
    );
  });

  it("an unknown code keeps the authority's text", () => {
    expect(sefazInWords(999, 'Rejeição: Algo novo')).toBe(
      'A SEFAZ rejeitou o documento (código 999): Algo novo.',
    );
  });

  it('reads the code in the family of the authority that answered', () => {
    // 646 is a homologação name for the CT-e and a plate for the MDF-e (fiscal/sefaz-codes.ts):
    // neither has clerk's words, so each keeps the authority's own text.
    expect(
      sefazInWords(
        646,
        "Rejeição: Placa de veículo formato inválido (UF Carregamento e Descarregamento <> 'EX')",
        'mdfe',
      ),
    ).toBe(
      "A SEFAZ rejeitou o documento (código 646): Placa de veículo formato inválido (UF Carregamento e Descarregamento <> 'EX').",
    );
    // The rules every authority applies alike keep their words for the DC-e and the MDF-e.
    expect(
      sefazInWords(539, 'Rejeição: Duplicidade de MDF-e, com diferença na Chave de Acesso', 'mdfe'),
    ).toBe(
      'A SEFAZ rejeitou o documento (código 539): já existe um documento autorizado com esta série e número ' +
        '(duplicidade). Envie de novo: o Carreta já passou ao próximo número.',
    );
    // 519 is a CT-e rule (G050): the MDF-e's authority has no such code in the table.
    expect(sefazInWords(519, 'Rejeição: X', 'mdfe')).toBe('A SEFAZ rejeitou o documento (código 519): X.');
    expect(['cte', 'cteos', 'cte-simp', 'dce', 'mdfe'].map((k) => sefazFamilyOf(k as never))).toEqual([
      'cte',
      'cte',
      'cte',
      'dce',
      'mdfe',
    ]);
  });

  it('has words only for codes the fiscal table holds for that family', () => {
    expect(SEFAZ_WORDS_CODES).toEqual({
      cte: [212, 213, 228, 291, 519, 521, 539, 747],
      dce: [212, 213, 228, 291, 539],
      mdfe: [212, 213, 291, 539],
      nfe: [],
    });
    for (const [family, codes] of Object.entries(SEFAZ_WORDS_CODES)) {
      const missing = codes.filter((code) => !sefazRejection(family as 'cte', code));
      expect(missing, family).toEqual([]);
    }
  });
});

describe("a SEFAZ rejection's field, from the fiscal table", () => {
  it('points the form at the field the rule checks', () => {
    expect(formPathsOf('Rejeição: Data de Emissão muito atrasada', [], 228)).toEqual(['geral.dhEmi']);
    expect(formPathsOf(undefined, [], 212)).toEqual(['geral.dhEmi']);
    expect(formPathsOf(undefined, [], 519)).toEqual(['geral.cfop']);
    expect(formPathsOf(undefined, [], 539)).toEqual(['numeracao']);
    expect(formPathsOf(undefined, [], 646)).toEqual(['remetente.xNome']);
    // The certificate rules name no form field; an MDF-e's 646 is not the CT-e's remetente but the
    // MDF-e form's plate (sefaz-codes: veicTracao.placa).
    expect(formPathsOf(undefined, [], 291)).toEqual([]);
    expect(formPathsOf(undefined, [], 646, 'mdfe')).toEqual(['veiculo.placa']);
  });
});
