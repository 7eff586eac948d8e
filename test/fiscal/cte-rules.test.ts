// The request-only rules of MOC CT-e 4.00 Anexo I (fiscal/cte-rules.ts), on payloads the app's own
// builders make: every form the app can send passes, and each rule, broken on one member, is named
// with its code, rule and JSON path. Expected values are written out from the manual's text.
import { describe, expect, it } from 'vitest';

import type { CteRuleInput } from '../../electron/fiscal/cte-rules';
import { cteRuleBreaches } from '../../electron/fiscal/cte-rules';
import type { EmissionContext, JsonObject } from '../../electron/fiscal/payload';
import { buildCteOsPayload, buildCtePayload, buildCteSimpPayload } from '../../electron/fiscal/payload';
import { cteFormSchema } from '../../electron/shared/schemas/cte-form';
import { cteOsFormSchema } from '../../electron/shared/schemas/cteos-form';
import { cteSimpFormSchema } from '../../electron/shared/schemas/cte-simp-form';
import { cteSimpForm } from './payload/cte-simp-forms';
import { company, cteForm, cteOsForm, ICMS_SITUATIONS } from './payload/forms';

const ctx: EmissionContext = {
  company,
  serie: 1,
  numero: 10,
  ambiente: 'homologacao',
  referencia: 'regras',
  dhEmi: '2026-11-22T10:00:00-03:00',
};

type Inf = CteRuleInput & Record<string, unknown>;
const infOf = (payload: JsonObject) => structuredClone(payload.infCte) as unknown as Inf;
const cte = (over: Parameters<typeof cteForm>[0] = {}) =>
  infOf(buildCtePayload(cteFormSchema.parse(cteForm(over)), ctx));
const codes = (layout: 'cte' | 'cteos' | 'cte-simp', inf: Inf) =>
  cteRuleBreaches(layout, inf).map((b) => [b.cStat, b.rule, b.path]);

describe('what the app builds passes every rule', () => {
  it.each(ICMS_SITUATIONS.map((icms) => [icms.situacao, icms] as const))(
    'CT-e with ICMS %s (vICMS computed from base and rate)',
    (_s, icms) => {
      expect(cteRuleBreaches('cte', cte({ impostos: { icms } }))).toEqual([]);
    },
  );

  it('CT-e OS and CT-e Simplificado', () => {
    const os = infOf(buildCteOsPayload(cteOsFormSchema.parse(cteOsForm()), ctx));
    expect(cteRuleBreaches('cteos', os)).toEqual([]);
    const simp = infOf(buildCteSimpPayload(cteSimpFormSchema.parse(cteSimpForm()), ctx));
    expect(cteRuleBreaches('cte-simp', simp)).toEqual([]);
  });

  it('rounding: a rate with two decimals on an odd base stays within R$ 0,01 (G047 tolerance)', () => {
    const inf = cte({
      valores: { componentes: [], vTPrest: 1234.57, vRec: 1234.57 },
      impostos: { icms: { situacao: '20', pRedBC: 33.33, pICMS: 17.5 } },
    });
    expect(cteRuleBreaches('cte', inf)).toEqual([]);
  });
});

describe('G006/H002 (670), G046/H054 (650), G218 (902)', () => {
  it('670: séries 890 to 899 are reserved (not under NFF); 889 and 900 pass', () => {
    const inf = cte();
    for (const serie of [890, 899]) {
      inf.ide.serie = serie;
      expect(codes('cte', inf)).toEqual([[670, 'G006', 'infCte.ide.serie']]);
    }
    for (const serie of [889, 900]) {
      inf.ide.serie = serie;
      expect(codes('cte', inf)).toEqual([]);
    }
    inf.ide.serie = 895;
    inf.ide.tpEmis = 3;
    expect(codes('cte', inf)).toEqual([]);
    const os = infOf(buildCteOsPayload(cteOsFormSchema.parse(cteOsForm()), ctx));
    os.ide.serie = 890;
    expect(codes('cteos', os)).toEqual([[670, 'H002', 'infCte.ide.serie']]);
  });
  it('650: R$ 9.999.999,99 is the limit of a normal CT-e; a complement (tpCTe 1) is not checked', () => {
    const inf = cte();
    inf.vPrest = { vTPrest: 9_999_999.99, vRec: 0 };
    (inf.imp!.ICMS as Record<string, Record<string, number>>).ICMS00 = { vBC: 0, pICMS: 0, vICMS: 0 };
    expect(codes('cte', inf)).toEqual([]);
    inf.vPrest.vTPrest = 10_000_000;
    expect(codes('cte', inf)).toEqual([[650, 'G046', 'infCte.vPrest.vTPrest']]);
    inf.ide.tpCTe = 1;
    expect(codes('cte', inf)).toEqual([]);
    const simp = infOf(buildCteSimpPayload(cteSimpFormSchema.parse(cteSimpForm()), ctx));
    simp.total = { vTPrest: 12_000_000, vTRec: 0 };
    expect(codes('cte-simp', simp)).toEqual([[650, 'G046', 'infCte.total.vTPrest']]);
  });
  it('902: the NFF request only with tpEmis 3', () => {
    const inf = cte();
    inf.infSolicNFF = { xSolic: 'Pedido do aplicativo' };
    expect(codes('cte', inf)).toEqual([[902, 'G218', 'infCte.infSolicNFF']]);
    inf.ide.tpEmis = 3;
    expect(codes('cte', inf)).toEqual([]);
  });
});

describe('G027 (581), G036/G037 (693/694): what a normal CT-e carries', () => {
  const norm = (inf: Inf) => inf.infCTeNorm as { infCarga: Record<string, unknown>; infDoc?: unknown };
  it('581: no vCarga; a complement (tpCTe 1) is not checked', () => {
    const inf = cte();
    delete norm(inf).infCarga.vCarga;
    expect(codes('cte', inf)).toEqual([[581, 'G027', 'infCte.infCTeNorm.infCarga.vCarga']]);
    inf.ide.tpCTe = 1;
    expect(codes('cte', inf)).toEqual([]);
  });
  it('693: no documents for a normal service; 694: documents for redespacho intermediário (3) or multimodal (4)', () => {
    const none = cte({ documentos: { nfe: [], dce: [], outros: [] } });
    expect(codes('cte', none)).toEqual([[693, 'G036', 'infCte.infCTeNorm.infDoc']]);
    // Redespacho intermediário: no documents, and expedidor and recebedor instead (G055/G056).
    none.ide.tpServ = 3;
    Object.assign(none, { exped: none.rem, receb: none.dest });
    expect(codes('cte', none)).toEqual([]);
    const linked = cte();
    linked.ide.tpServ = 4;
    Object.assign(linked, { exped: linked.rem, receb: linked.dest });
    expect(codes('cte', linked)).toEqual([[694, 'G037', 'infCte.infCTeNorm.infDoc']]);
  });
  it('G053–G056 (469/470/474/475): the parties by service type', () => {
    const inf = cte();
    delete inf.rem;
    delete inf.dest;
    expect(codes('cte', inf)).toEqual([
      [469, 'G053', 'infCte.rem'],
      [470, 'G054', 'infCte.dest'],
    ]);
    inf.ide.tpServ = 4;
    delete (inf.infCTeNorm as { infDoc?: unknown }).infDoc;
    expect(codes('cte', inf)).toEqual([
      [474, 'G055', 'infCte.exped'],
      [475, 'G056', 'infCte.receb'],
    ]);
    expect(cteRuleBreaches('cte', inf)[0]!.message).toBe(
      'informe o expedidor: a SEFAZ o exige no redespacho intermediário e no serviço vinculado a multimodal',
    );
  });
  it('the CT-e OS carries neither (its section has no such rules)', () => {
    const os = infOf(buildCteOsPayload(cteOsFormSchema.parse(cteOsForm()), ctx));
    expect(codes('cteos', os)).toEqual([]);
  });
});

describe('G007/H003 (247): the key is of the emitter’s UF', () => {
  it('cUF 35 (SP) with the emitter in PR', () => {
    const inf = cte();
    inf.ide.cUF = 35;
    expect(codes('cte', inf)).toEqual([[247, 'G007', 'infCte.ide.cUF']]);
    expect(cteRuleBreaches('cte', inf)[0]!.message).toContain('(PR)');
  });
  it('the CT-e OS names H003; the NFF special regime (tpEmis 3) is out of the rule', () => {
    const os = infOf(buildCteOsPayload(cteOsFormSchema.parse(cteOsForm()), ctx));
    os.ide.cUF = 43;
    expect(codes('cteos', os)).toEqual([[247, 'H003', 'infCte.ide.cUF']]);
    const nff = cte();
    nff.ide.cUF = 35;
    nff.ide.tpEmis = 3;
    expect(codes('cte', nff)).toEqual([]);
  });
});

describe('G008–G010 (586, 587, 588): the contingency entry', () => {
  it('587: FS-DA (tpEmis 5) without dhCont, or without xJust', () => {
    const inf = cte();
    inf.ide.tpEmis = 5;
    expect(codes('cte', inf)).toEqual([[587, 'G009', 'infCte.ide.dhCont']]);
    inf.ide.dhCont = '2026-11-22T09:00:00-03:00';
    expect(codes('cte', inf)).toEqual([[587, 'G009', 'infCte.ide.xJust']]);
    inf.ide.xJust = 'Falha de comunicação com a SEFAZ autorizadora';
    expect(codes('cte', inf)).toEqual([]);
  });
  it('586: dhCont or xJust outside FS-DA, EPEC (tpEmis 4) included — the manual says FS-DA only', () => {
    const inf = cte();
    inf.ide.xJust = 'Falha de comunicação com a SEFAZ autorizadora';
    expect(codes('cte', inf)).toEqual([[586, 'G008', 'infCte.ide.xJust']]);
    inf.ide.tpEmis = 4;
    inf.ide.dhCont = '2026-11-22T09:00:00-03:00';
    expect(codes('cte', inf)).toEqual([[586, 'G008', 'infCte.ide.dhCont']]);
  });
  it('588: entering contingency after the emission; the same instant is accepted', () => {
    const inf = cte();
    Object.assign(inf.ide, { tpEmis: 5, xJust: 'Falha de comunicação com a SEFAZ autorizadora' });
    inf.ide.dhCont = '2026-11-22T10:00:01-03:00';
    expect(codes('cte', inf)).toEqual([[588, 'G010', 'infCte.ide.dhCont']]);
    // Same instant written in UTC.
    inf.ide.dhCont = '2026-11-22T13:00:00Z';
    expect(codes('cte', inf)).toEqual([]);
  });
  it('the CT-e OS names H004–H006', () => {
    const os = infOf(buildCteOsPayload(cteOsFormSchema.parse(cteOsForm()), ctx));
    os.ide.tpEmis = 5;
    expect(codes('cteos', os)).toEqual([[587, 'H005', 'infCte.ide.dhCont']]);
  });
});

describe('G047/H055 (675): ICMS = base × rate, tolerance R$ 0,01', () => {
  const icms00 = (vICMS: number) => {
    const inf = cte();
    (inf.imp!.ICMS as Record<string, Record<string, number>>).ICMS00!.vICMS = vICMS;
    return inf;
  };
  it('1500 × 12% = 180: 180.01 and 179.99 pass, 180.02 and 179.98 do not', () => {
    expect(codes('cte', icms00(180.01))).toEqual([]);
    expect(codes('cte', icms00(179.99))).toEqual([]);
    expect(codes('cte', icms00(180.02))).toEqual([[675, 'G047', 'infCte.imp.ICMS.ICMS00.vICMS']]);
    expect(codes('cte', icms00(179.98))).toEqual([[675, 'G047', 'infCte.imp.ICMS.ICMS00.vICMS']]);
    expect(cteRuleBreaches('cte', icms00(200))[0]!.message).toBe(
      'o valor do ICMS (R$ 200,00) não confere com a base de cálculo × alíquota (R$ 1.500,00 × 12% = R$ 180,00)',
    );
  });
  it('each taxed group by its own members: ICMS60 (ST retido), ICMSOutraUF', () => {
    const st = cte({ impostos: { icms: { situacao: '60', vBCSTRet: 1500, pICMSSTRet: 12 } } });
    (st.imp!.ICMS as Record<string, Record<string, number>>).ICMS60!.vICMSSTRet = 170;
    expect(codes('cte', st)).toEqual([[675, 'G047', 'infCte.imp.ICMS.ICMS60.vICMSSTRet']]);
    const outra = cte({ impostos: { icms: { situacao: 'outraUF', pICMSOutraUF: 7 } } });
    (outra.imp!.ICMS as Record<string, Record<string, number>>).ICMSOutraUF!.pICMSOutraUF = 12;
    expect(codes('cte', outra)).toEqual([[675, 'G047', 'infCte.imp.ICMS.ICMSOutraUF.vICMSOutraUF']]);
  });
  it('the CT-e Simplificado and the CT-e OS (H055)', () => {
    const simp = infOf(buildCteSimpPayload(cteSimpFormSchema.parse(cteSimpForm()), ctx));
    const group = Object.values(simp.imp!.ICMS as Record<string, Record<string, number>>)[0]!;
    group.vICMS = group.vICMS! + 1;
    expect(codes('cte-simp', simp).map((c) => c[0])).toEqual([675]);
    const os = infOf(buildCteOsPayload(cteOsFormSchema.parse(cteOsForm()), ctx));
    (os.imp!.ICMS as Record<string, Record<string, number>>).ICMS00!.vICMS = 1;
    expect(codes('cteos', os)).toEqual([[675, 'H055', 'infCte.imp.ICMS.ICMS00.vICMS']]);
  });
});

describe('G048/H056 (531): vRec at most vTPrest', () => {
  it('one centavo over is refused, equal passes', () => {
    const inf = cte();
    inf.vPrest = { ...inf.vPrest!, vRec: 1500.01 };
    expect(codes('cte', inf)).toEqual([[531, 'G048', 'infCte.vPrest.vRec']]);
    inf.vPrest.vRec = 1500;
    expect(codes('cte', inf)).toEqual([]);
  });
  it('the CT-e Simplificado: the totals and each delivery', () => {
    const simp = infOf(buildCteSimpPayload(cteSimpFormSchema.parse(cteSimpForm()), ctx));
    simp.total = { ...simp.total!, vTRec: simp.total!.vTPrest + 1 };
    const second = (simp.det as { vPrest: number; vRec: number }[])[1]!;
    second.vRec = second.vPrest + 0.01;
    expect(codes('cte-simp', simp)).toEqual([
      [531, 'G048', 'infCte.total.vTRec'],
      [531, 'G048', 'infCte.det[1].vRec'],
    ]);
  });
});

describe('G051 (524) / G052 (908): the CFOP of a service started outside the emitter’s UF', () => {
  // The emitter is in PR (fixtures' company).
  const from = (uf: 'PR' | 'SC', cfop: string, to: 'SP' | 'SC' | 'PR' = 'SP') => {
    const places = {
      PR: { cMun: '4106902', xMun: 'Curitiba', uf: 'PR' },
      SC: { cMun: '4202404', xMun: 'Blumenau', uf: 'SC' },
      SP: { cMun: '3550308', xMun: 'São Paulo', uf: 'SP' },
    };
    const base = cteForm();
    return cte({ geral: { ...base.geral, cfop, inicio: places[uf], fim: places[to] } });
  };
  it('524: started in SC, CFOP 6353; 6932 passes; inside SC it is 5932', () => {
    expect(codes('cte', from('SC', '6353'))).toEqual([[524, 'G051', 'infCte.ide.CFOP']]);
    expect(cteRuleBreaches('cte', from('SC', '6353'))[0]!.message).toContain('use o CFOP 6932');
    expect(codes('cte', from('SC', '6932'))).toEqual([]);
    expect(cteRuleBreaches('cte', from('SC', '5353', 'SC'))[0]!.message).toContain('use o CFOP 5932');
  });
  it('908: started in PR (the emitter’s UF) with 6932', () => {
    expect(codes('cte', from('PR', '6932'))).toEqual([[908, 'G052', 'infCte.ide.CFOP']]);
  });
  it('not for the CT-e OS (section 2.2 has no such rule) nor routes touching EX', () => {
    const os = infOf(buildCteOsPayload(cteOsFormSchema.parse(cteOsForm()), ctx));
    os.ide.UFIni = 'SC';
    os.ide.UFFim = 'SC';
    expect(codes('cteos', os)).toEqual([]);
    const ex = from('SC', '6353');
    ex.ide.UFFim = 'EX';
    expect(codes('cte', ex)).toEqual([]);
  });
});
