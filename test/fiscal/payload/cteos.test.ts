// The CT-e OS form rules (MOC 4.00 Anexo I, H0xx) and what the payload builder makes of each group.
import { describe, expect, it } from 'vitest';

import type { JsonObject } from '../../../electron/fiscal/payload';
import { buildCteOsPayload } from '../../../electron/fiscal/payload';
import type { CteOsFormInput } from '../../../electron/shared/schemas/cteos-form';
import { cteOsFormSchema } from '../../../electron/shared/schemas/cteos-form';
import { bpeKey } from './cteos-forms';
import { company, cteOsForm } from './forms';

const ctx = {
  company,
  serie: 1,
  numero: 42,
  ambiente: 'homologacao' as const,
  referencia: 'carreta-teste',
  dhEmi: '2026-11-22T10:00:00-03:00',
};
type Node = Record<string, Record<string, unknown>>;
const inf = (p: JsonObject) => p.infCte as Node;
const dhEmi = '2026-11-22T10:00-03:00';

function issues(input: CteOsFormInput): Record<string, string> {
  const r = cteOsFormSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}
const base = () => cteOsForm();
const geral = (over: Partial<CteOsFormInput['geral']>) => ({ ...base().geral, dhEmi, ...over });
const rodo = (over: Partial<CteOsFormInput['rodoviario']>) => ({ ...base().rodoviario, ...over });
const interstate = geral({
  cfop: '6357',
  fim: { cMun: '3550308', xMun: 'São Paulo', uf: 'SP' },
});

describe('CT-e OS form rules', () => {
  it('passengers: state registry inside one UF, TAF between UFs, fretamento required (H023–H025)', () => {
    expect(issues(base())).toEqual({});
    expect(issues(cteOsForm({ geral: interstate }))).toMatchObject({
      'rodoviario.taf': 'informe o TAF: transporte de pessoas entre UFs',
    });
    expect(
      issues(
        cteOsForm({
          geral: interstate,
          rodoviario: rodo({ nroRegEstadual: undefined, taf: '123456789012' }),
        }),
      ),
    ).toEqual({});
    expect(issues(cteOsForm({ rodoviario: rodo({ fretamento: undefined }) }))).toMatchObject({
      'rodoviario.fretamento': 'informe o tipo de fretamento',
    });
    expect(issues(cteOsForm({ rodoviario: rodo({ taf: '123456789012' }) }))).toMatchObject({
      'rodoviario.nroRegEstadual': 'informe o TAF ou o registro estadual, não os dois',
    });
  });

  it('eventual fretamento needs a trip after the emission; continuous has no date (H026/H027)', () => {
    const eventual = (dhViagem?: string) =>
      cteOsForm({ geral: geral({}), rodoviario: rodo({ fretamento: { tpFretamento: 1, dhViagem } }) });
    expect(issues(eventual())).toMatchObject({
      'rodoviario.fretamento.dhViagem': 'informe a data e hora da viagem (fretamento eventual)',
    });
    expect(issues(eventual('2026-11-22T09:00-03:00'))).toMatchObject({
      'rodoviario.fretamento.dhViagem': 'a viagem deve ser depois da emissão',
    });
    expect(issues(eventual('2026-11-25T07:30-03:00'))).toEqual({});
    expect(
      issues(
        cteOsForm({
          geral: geral({}),
          rodoviario: rodo({ fretamento: { tpFretamento: 2, dhViagem: '2026-11-25T07:30-03:00' } }),
        }),
      ),
    ).toMatchObject({ 'rodoviario.fretamento.dhViagem': 'a data da viagem é só do fretamento eventual' });
  });

  it('INSS is required when a company buys passenger transport (H057)', () => {
    const noInss = cteOsForm({
      impostos: { icms: { situacao: 'SN' }, tributosFederais: { vPIS: 1 } },
    });
    expect(issues(noInss)).toMatchObject({
      'impostos.tributosFederais.vINSS': 'informe o INSS: o tomador é pessoa jurídica',
    });
  });

  it('valuables: tomador required, no modal group (H018/H022)', () => {
    const valores = cteOsForm({ geral: geral({ tpServ: 7 }), tomador: undefined });
    expect(issues(valores)).toMatchObject({
      tomador: 'informe o tomador do serviço',
      'rodoviario.taf': 'o transporte de valores não leva dados do modal rodoviário',
    });
    const ok = cteOsFormSchema.parse(cteOsForm({ geral: geral({ tpServ: 7 }), rodoviario: {} }));
    expect(inf(buildCteOsPayload(ok, ctx)).infCTeNorm).not.toHaveProperty('infModal');
  });

  it('excess baggage: tomador optional, referenced documents required; BP-e key checked (H028/H029)', () => {
    const bagagem = (documentos: CteOsFormInput['documentos']) =>
      cteOsForm({
        geral: geral({ tpServ: 8 }),
        tomador: undefined,
        documentos,
        rodoviario: { taf: '123456789012' },
      });
    expect(issues(bagagem([]))).toEqual({
      documentos: 'no excesso de bagagem informe ao menos um documento (BP-e) referenciado',
    });
    expect(issues(bagagem([{ chBPe: bpeKey(7) }]))).toEqual({});
    const wrong = bpeKey(7).slice(0, 43) + ((Number(bpeKey(7)[43]) + 1) % 10);
    expect(issues(bagagem([{ chBPe: wrong }]))).toMatchObject({
      'documentos.0.chBPe': 'chave do BP-e inválida (confira os 44 dígitos)',
    });
    expect(issues(bagagem([{ serie: '1' }]))).toMatchObject({
      'documentos.0.nDoc': 'informe o número do documento',
      'documentos.0.dEmi': 'informe a data de emissão',
    });
    expect(issues(bagagem([{ chBPe: bpeKey(7), nDoc: '5' }]))).toMatchObject({
      'documentos.0.chBPe': 'informe a chave do BP-e ou os dados do documento, não os dois',
    });
    const form = cteOsFormSchema.parse(
      bagagem([{ chBPe: bpeKey(7) }, { nDoc: '88', serie: '1', dEmi: '2026-11-20', vDoc: 35.5 }]),
    );
    const p = inf(buildCteOsPayload(form, ctx));
    expect(p).not.toHaveProperty('toma');
    expect(p.ide!.indIEToma).toBe(9);
    expect(p.infCTeNorm!.infDocRef).toEqual([
      { chBPe: bpeKey(7) },
      { nDoc: '88', serie: '1', dEmi: '2026-11-20', vDoc: 35.5 },
    ]);
  });

  it('percurso: Brazilian UFs, none repeated in a row', () => {
    expect(issues(cteOsForm({ geral: geral({ percurso: ['SP', 'SP', 'EX'] }) }))).toMatchObject({
      'geral.percurso.1': 'UF repetida em seguida',
      'geral.percurso.2': 'o percurso tem só UFs do Brasil',
    });
  });

  it("the vehicle's owner: document, TAF or registry, IE with its UF", () => {
    const withProp = (prop: NonNullable<CteOsFormInput['rodoviario']['prop']>) =>
      cteOsForm({ rodoviario: rodo({ renavam: '12345678901', prop }) });
    expect(
      issues(withProp({ cpfCnpj: '123.456.789-09', xNome: 'João Agregado', tpProp: 0, ie: '1234567850' })),
    ).toMatchObject({
      'rodoviario.prop.taf': 'informe o TAF ou o registro estadual do proprietário (um dos dois)',
      'rodoviario.prop.uf': 'informe a UF da inscrição',
    });
    expect(issues(cteOsForm({ rodoviario: rodo({ placa: undefined, renavam: '123456789' }) }))).toMatchObject(
      {
        'rodoviario.placa': 'informe a placa do veículo',
      },
    );
  });
});

describe('CT-e OS payload', () => {
  it('rodoOS carries the vehicle, its owner and the fretamento in the XSD names', () => {
    const form = cteOsFormSchema.parse(
      cteOsForm({
        geral: geral({}),
        rodoviario: rodo({
          renavam: '12345678901',
          prop: {
            cpfCnpj: '123.456.789-09',
            xNome: 'João Agregado',
            taf: '210987654321',
            ie: '1234567850',
            uf: 'PR',
            tpProp: 1,
          },
          fretamento: { tpFretamento: 1, dhViagem: '2026-11-25T07:30-03:00' },
        }),
      }),
    );
    const p = inf(buildCteOsPayload(form, ctx));
    expect((p.infCTeNorm!.infModal as Node).rodoOS).toEqual({
      NroRegEstadual: '1234567890123456789012345',
      veic: {
        placa: 'ABC1D23',
        RENAVAM: '12345678901',
        prop: {
          CPF: '12345678909',
          TAF: '210987654321',
          xNome: 'João Agregado',
          IE: '1234567850',
          UF: 'PR',
          tpProp: 1,
        },
        UF: 'PR',
      },
      infFretamento: { tpFretamento: 1, dhViagem: '2026-11-25T07:30:00-03:00' },
    });
  });

  it('seguro, tributos federais and observations travel; an empty federal group is left out', () => {
    const form = cteOsFormSchema.parse(
      cteOsForm({
        seguro: [{ respSeg: 5, xSeg: 'Seguradora Y' }],
        observacoes: { xObs: 'Saída às 7h', obsCont: [{ xCampo: 'Contrato', xTexto: '77/2026' }] },
      }),
    );
    const p = inf(buildCteOsPayload(form, ctx));
    expect(p.infCTeNorm!.seg).toEqual([{ respSeg: 5, xSeg: 'Seguradora Y' }]);
    expect(p.compl).toEqual({ xObs: 'Saída às 7h', ObsCont: [{ xCampo: 'Contrato', xTexto: '77/2026' }] });
    const cpf = cteOsFormSchema.parse(
      cteOsForm({
        tomador: { ...base().tomador!, cpfCnpj: '12345678909', ie: '' },
        impostos: { icms: { situacao: 'SN' }, tributosFederais: {} },
      }),
    );
    expect(inf(buildCteOsPayload(cpf, ctx)).imp).not.toHaveProperty('infTribFed');
  });
});
