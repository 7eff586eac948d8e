// The form's messages are Portuguese and its paths stable: the renderer highlights by path.
import { describe, expect, it } from 'vitest';

import { cteFormSchema } from '../../../electron/shared/schemas/cte-form';
import { cteOsFormSchema } from '../../../electron/shared/schemas/cteos-form';
import { cteForm, cteOsForm, nfeKey } from './forms';

function issues(input: unknown, schema: typeof cteFormSchema | typeof cteOsFormSchema = cteFormSchema) {
  const r = schema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('CT-e form validation', () => {
  it('accepts the fixture (alphanumeric-ready CNPJ normalization, masks removed)', () => {
    const r = cteFormSchema.parse(cteForm());
    expect(r.remetente?.cpfCnpj).toBe('04252011000110');
    expect(r.remetente?.endereco.cep).toBe('80010000');
  });

  it('components must sum to vTPrest; vRec not above it', () => {
    const base = cteForm();
    expect(issues({ ...base, valores: { ...base.valores, vTPrest: 1600, vRec: 1700 } })).toMatchObject({
      'valores.vTPrest': expect.stringMatching(/soma dos componentes \(1500,00\)/),
      'valores.vRec': expect.stringMatching(/não pode passar/),
    });
  });

  it('amounts are ≥ 0 with two decimals', () => {
    const base = cteForm();
    expect(issues({ ...base, valores: { componentes: [], vTPrest: 10.123, vRec: -1 } })).toMatchObject({
      'valores.vTPrest': 'use no máximo duas casas decimais',
      'valores.vRec': 'o valor não pode ser negativo',
    });
  });

  it('CFOP follows the UFs of the service (rule G050)', () => {
    const base = cteForm();
    expect(issues({ ...base, geral: { ...base.geral, cfop: '5353' } })).toMatchObject({
      'geral.cfop': 'para prestação de PR a SP o CFOP começa com 6',
    });
  });

  it('municipality must belong to its UF; IE checked per UF; CNPJ/CPF digits', () => {
    const base = cteForm();
    const rem = base.remetente!;
    expect(
      issues({
        ...base,
        geral: { ...base.geral, inicio: { ...base.geral.inicio, cMun: '3550308' } },
        remetente: { ...rem, cpfCnpj: '04252011000111', ie: '1234567890' },
      }),
    ).toMatchObject({
      'geral.inicio.cMun': 'o município não pertence à UF PR',
      'remetente.cpfCnpj': 'CNPJ ou CPF inválido (confira os dígitos)',
      'remetente.ie': 'inscrição estadual inválida para PR (ou use ISENTO)',
    });
  });

  it('the tomador chosen must be filled in', () => {
    const base = cteForm();
    expect(issues({ ...base, geral: { ...base.geral, toma: 3 } })).toEqual({});
    const noDest = { ...base, destinatario: undefined, geral: { ...base.geral, toma: 3 } };
    expect(issues(noDest)).toMatchObject({ destinatario: 'informe os dados do tomador do serviço' });
  });

  it('NF-e keys: check digit and model 55; one kind of document', () => {
    const base = cteForm();
    const bad = nfeKey(712).slice(0, 43) + ((Number(nfeKey(712)[43]) + 1) % 10);
    expect(
      issues({ ...base, documentos: { nfe: [{ chave: bad }], dce: [], outros: [{ tpDoc: '99' }] } }),
    ).toMatchObject({
      'documentos.nfe.0.chave': 'chave da NF-e inválida (confira os 44 dígitos)',
    });
    expect(
      issues({ ...base, documentos: { nfe: [{ chave: nfeKey(1) }], dce: [], outros: [{ tpDoc: '99' }] } }),
    ).toMatchObject({ 'documentos.outros': 'informe um só tipo de documento: NF-e, DC-e ou outros' });
  });

  it('service types this form cannot complete are explained before sending (SEFAZ 521 and 651)', () => {
    const base = cteForm();
    expect(issues(base)['geral.tpServ']).toBeUndefined();
    for (const tpServ of [1, 2, 3])
      expect(issues({ ...base, geral: { ...base.geral, tpServ } })['geral.tpServ']).toMatch(
        /^subcontratação e redespacho exigem os documentos de transporte anteriores/,
      );
    expect(issues({ ...base, geral: { ...base.geral, tpServ: 4 } })['geral.tpServ']).toMatch(
      /^o serviço vinculado a multimodal exige o CT-e multimodal do OTM/,
    );
  });

  it('RNTRC has 8 digits; ICMS situation is required', () => {
    const base = cteForm();
    expect(issues({ ...base, rodoviario: { rntrc: '123' }, impostos: { icms: {} } })).toMatchObject({
      'rodoviario.rntrc': 'o RNTRC tem 8 dígitos',
      'impostos.icms.situacao': expect.stringMatching(/situação tributária/),
    });
  });
});

describe('CT-e OS form validation', () => {
  it('accepts the fixture; refuses ICMS 60 and passengers inside one UF without the state registry', () => {
    expect(cteOsFormSchema.safeParse(cteOsForm()).success).toBe(true);
    expect(
      issues(
        cteOsForm({
          impostos: { icms: { situacao: '60', vBCSTRet: 1, pICMSSTRet: 1 } },
          rodoviario: { fretamento: { tpFretamento: 2 } },
        }),
        cteOsFormSchema,
      ),
    ).toMatchObject({
      'impostos.icms.situacao': 'o CT-e OS não tem a situação 60 (substituição tributária)',
      'rodoviario.nroRegEstadual': 'informe o registro estadual: transporte de pessoas dentro da UF',
    });
  });
});
