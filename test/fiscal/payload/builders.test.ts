import { describe, expect, it } from 'vitest';

import type { JsonObject } from '../../../electron/fiscal/payload';
import {
  buildCteOsPayload,
  buildCtePayload,
  buildMdfePayloads,
  ibsCbsGroup,
  icmsGroup,
} from '../../../electron/fiscal/payload';
import { mdfeFormSchema } from '../../../electron/shared/schemas/mdfe-form';
import { mdfeForm } from './mdfe-forms';
import { cteFormSchema } from '../../../electron/shared/schemas/cte-form';
import { cteOsFormSchema } from '../../../electron/shared/schemas/cteos-form';
import { company, cteForm, cteOsForm, dceKey, ICMS_SITUATIONS, nfeKey } from './forms';

const ctx = {
  company,
  serie: 1,
  numero: 42,
  ambiente: 'homologacao' as const,
  referencia: 'carreta-teste',
  dhEmi: '2026-11-22T10:00:00-03:00',
};
const inf = (p: JsonObject) => p.infCte as Record<string, Record<string, unknown>>;

describe('ICMS by situation', () => {
  it('computes the tax from base and rate, two decimals', () => {
    expect(icmsGroup({ situacao: '00', pICMS: 12 }, 1234.56)).toEqual({
      ICMS00: { CST: '00', vBC: 1234.56, pICMS: 12, vICMS: 148.15 },
    });
    expect(icmsGroup({ situacao: '20', pRedBC: 20, pICMS: 12 }, 1000)).toEqual({
      ICMS20: { CST: '20', pRedBC: 20, vBC: 800, pICMS: 12, vICMS: 96 },
    });
    expect(icmsGroup({ situacao: '45', cst: '41' }, 1000)).toEqual({ ICMS45: { CST: '41' } });
    expect(icmsGroup({ situacao: '60', vBCSTRet: 1000, pICMSSTRet: 12 }, 1000)).toEqual({
      ICMS60: { CST: '60', vBCSTRet: 1000, vICMSSTRet: 120, pICMSSTRet: 12 },
    });
    expect(icmsGroup({ situacao: '90', pICMS: 7, vBC: 500 }, 1000)).toEqual({
      ICMS90: { CST: '90', vBC: 500, pICMS: 7, vICMS: 35 },
    });
    expect(icmsGroup({ situacao: 'outraUF', pICMSOutraUF: 7 }, 1000)).toEqual({
      ICMSOutraUF: { CST: '90', vBCOutraUF: 1000, pICMSOutraUF: 7, vICMSOutraUF: 70 },
    });
    expect(icmsGroup({ situacao: 'SN' }, 1000)).toEqual({ ICMSSN: { CST: '90', indSN: 1 } });
  });

  it('every situation ends in exactly one ICMS group of the payload', () => {
    for (const icms of ICMS_SITUATIONS) {
      const p = buildCtePayload(cteFormSchema.parse(cteForm({ impostos: { icms } })), ctx);
      expect(Object.keys(inf(p).imp!.ICMS as object)).toHaveLength(1);
    }
  });
});

describe('IBS/CBS', () => {
  it('computes IBS UF, IBS Mun, their sum and CBS from the base', () => {
    expect(
      ibsCbsGroup({ cst: '000', cClassTrib: '000001', pIBSUF: 0.1, pIBSMun: 0.05, pCBS: 0.9 }, 1500),
    ).toEqual({
      CST: '000',
      cClassTrib: '000001',
      gIBSCBS: {
        vBC: 1500,
        gIBSUF: { pIBSUF: 0.1, vIBSUF: 1.5 },
        gIBSMun: { pIBSMun: 0.05, vIBSMun: 0.75 },
        vIBS: 2.25,
        gCBS: { pCBS: 0.9, vCBS: 13.5 },
      },
    });
  });

  it('is absent unless the form has it', () => {
    const p = buildCtePayload(cteFormSchema.parse(cteForm()), ctx);
    expect(inf(p).imp!.IBSCBS).toBeUndefined();
  });
});

describe('CT-e payload', () => {
  const form = cteFormSchema.parse(cteForm());

  it('is deterministic and carries numbering, referencia, ambiente and the emitter', () => {
    const a = buildCtePayload(form, ctx);
    expect(JSON.stringify(buildCtePayload(form, ctx))).toBe(JSON.stringify(a));
    expect(a.referencia).toBe('carreta-teste');
    expect(a.ambiente).toBe('homologacao');
    const ide = inf(a).ide!;
    expect(ide).toMatchObject({
      cUF: 41,
      serie: 1,
      nCT: 42,
      CFOP: '6353',
      UFIni: 'PR',
      UFFim: 'SP',
      toma3: { toma: 0 },
    });
    expect(ide.indIEToma).toBe(1);
    expect(inf(a).emit).toMatchObject({ CNPJ: company.cpf_cnpj, IE: '9012345663', CRT: 3 });
    expect(inf(a).rem).toMatchObject({ CNPJ: '04252011000110', enderReme: { CEP: '80010000', UF: 'PR' } });
    expect(inf(a).dest).toMatchObject({ CPF: '12345678909' });
    expect(JSON.stringify(a)).not.toContain('undefined');
  });

  it('puts NF-e or DC-e keys in infDoc and the RNTRC in the road modal', () => {
    const withNfe = inf(buildCtePayload(form, ctx)).infCTeNorm!;
    expect(withNfe.infDoc).toEqual({ infNFe: [{ chave: nfeKey(712) }] });
    expect(withNfe.infModal).toEqual({ versaoModal: '4.00', rodo: { RNTRC: '12345678' } });
    const dce = cteFormSchema.parse(
      cteForm({ documentos: { nfe: [], dce: [{ chave: dceKey(3) }], outros: [] } }),
    );
    expect(inf(buildCtePayload(dce, ctx)).infCTeNorm!.infDoc).toEqual({ infDCe: [{ chave: dceKey(3) }] });
  });

  it('tomador "outros" goes to toma4 with indIEToma from its IE', () => {
    const base = cteForm();
    const f = cteFormSchema.parse({
      ...base,
      geral: { ...base.geral, toma: 4 },
      tomador: { ...base.remetente!, ie: 'ISENTO', xNome: 'Outro Tomador' },
    });
    const ide = inf(buildCtePayload(f, ctx)).ide!;
    expect(ide.toma3).toBeUndefined();
    expect(ide.toma4).toMatchObject({
      toma: 4,
      IE: 'ISENTO',
      xNome: 'Outro Tomador',
      enderToma: { UF: 'PR' },
    });
    expect(ide.indIEToma).toBe(2);
  });

  it('fills seconds in a dhEmi typed to the minute', () => {
    const f = cteFormSchema.parse(
      cteForm({ geral: { ...cteForm().geral, dhEmi: '2026-11-22T09:30-03:00' } }),
    );
    expect(inf(buildCtePayload(f, ctx)).ide!.dhEmi).toBe('2026-11-22T09:30:00-03:00');
  });
});

describe('CT-e OS payload', () => {
  it('has the tomador, service, percurso, federal taxes and rodoOS', () => {
    const f = cteOsFormSchema.parse(cteOsForm({ geral: { ...cteOsForm().geral, percurso: ['SP'] } }));
    const p = inf(buildCteOsPayload(f, ctx));
    expect(p.ide).toMatchObject({ tpServ: 6, indIEToma: 1, infPercurso: [{ UFPer: 'SP' }] });
    expect(p.toma).toMatchObject({ CNPJ: '04252011000110', enderToma: { UF: 'PR' } });
    expect(p.imp!.infTribFed).toEqual({ vPIS: 5.2, vCOFINS: 24, vINSS: 88 });
    expect(p.infCTeNorm).toMatchObject({
      infServico: { xDescServ: 'Fretamento eventual', infQ: { qCarga: 40 } },
      infModal: {
        versaoModal: '4.00',
        rodoOS: { NroRegEstadual: '1234567890123456789012345', veic: { placa: 'ABC1D23', UF: 'PR' } },
      },
    });
  });
});

describe('the emitter group (one mapping for CT-e and MDF-e)', () => {
  it('carries the company record the same way in both, the CT-e adding only the CRT', () => {
    const cte = buildCtePayload(cteFormSchema.parse(cteForm()), ctx).infCte.emit;
    const [mdfe] = buildMdfePayloads(mdfeFormSchema.parse(mdfeForm()), company);
    const expected = {
      CNPJ: company.cpf_cnpj,
      IE: '9012345663',
      xNome: 'Transportes Teste Ltda',
      xFant: 'Rodovia Azul',
      enderEmit: {
        xLgr: 'Av. Brasil',
        nro: '1000',
        xBairro: 'Centro',
        cMun: '4106902',
        xMun: 'Curitiba',
        CEP: '80000000',
        UF: 'PR',
        fone: '4133334444',
      },
    };
    expect(mdfe!.infMDFe.emit).toEqual(expected);
    expect(cte).toEqual({ ...expected, CRT: 3 });
  });

  it('refuses a company whose UF is not one of the 27, as the cUF look-up does', () => {
    const abroad = { ...company, endereco: { ...company.endereco, uf: 'XX' } };
    expect(() => buildCtePayload(cteFormSchema.parse(cteForm()), { ...ctx, company: abroad })).toThrow(
      'UF desconhecida: XX',
    );
  });
});
