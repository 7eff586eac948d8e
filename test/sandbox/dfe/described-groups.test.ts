// Groups the API description has and an independent client may send: previous transport
// documents, new vehicles, the multimodal link and the Nota Fiscal Fácil request (CT-e), GTV-e
// (CT-e OS), the cargo route and the NFF request (CT-e Simplificado). Each is accepted, written
// where the XSD wants it, and refused by path when a value is wrong.
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { issueCte, issueCteOS, issueCteSimp } from '../../../electron/sandbox/dfe/issue-cte';
import { ctePedidoEmissao, type CtePedidoEmissao } from '../../../electron/fiscal/requests/cte';
import { cteOsPedidoEmissao, type CteOsPedidoEmissao } from '../../../electron/fiscal/requests/cteos';
import { cteSimpPedidoEmissao, type CteSimpPedidoEmissao } from '../../../electron/fiscal/requests/cte-simp';
import { validate } from '../../../electron/sandbox/dfe/schemas/validate';
import { verifySignedXml } from '../../../electron/sandbox/dfe/sign';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import { sharedAvailable } from '../../support/shared';
import { certifiedCompany, client, getToken, startTestSandbox } from '../support';
import { COMPANY_CNPJ, cteBody, cteOsBody, cteSimpBody, NOW, testCredentials } from './fixtures';
import { CTE_XSD, xsdErrors } from './xsd';

const CTE_KEY = '41261111222333000181570010000001231550738846';
const CTE_KEY_2 = '35261104252011000110570010000004561000004560';
const GTVE_KEY = '41261111222333000181640010000000011000000013';

const env = () => ({
  now: NOW,
  companyCpfCnpj: COMPANY_CNPJ,
  emitDefaults: null,
  credentials: testCredentials(),
  protocolSequence: 21,
  findDuplicate: () => null,
});

function cteWithGroups(): CtePedidoEmissao {
  const b = cteBody();
  const norm = b.infCte.infCTeNorm!;
  norm.docAnt = {
    emiDocAnt: [
      {
        CNPJ: '04252011000110',
        IE: '1234567890',
        UF: 'PR',
        xNome: 'Transportadora Anterior',
        idDocAnt: [
          {
            idDocAntPap: [
              { tpDoc: '07', serie: '1', subser: '2', nDoc: 'ATRE-991', dEmi: '2026-11-18' },
              { tpDoc: '13', serie: 'A', nDoc: 'BL123456', dEmi: '2026-11-19' },
            ],
          },
          { idDocAntEle: [{ chCTe: CTE_KEY_2 }] },
        ],
      },
      {
        CPF: '12345678909',
        xNome: 'Autônomo Anterior',
        idDocAnt: [{ idDocAntEle: [{ chCTe: CTE_KEY }] }],
      },
    ],
  };
  norm.veicNovos = [
    { chassi: '9BWZZZ377VT004251', cCor: '001', xCor: 'Branco', cMod: '123456', vUnit: 85000, vFrete: 750.5 },
    { chassi: '9BGRD08X04G117974', cCor: 'PT', xCor: 'Preto', cMod: '9', vUnit: 0, vFrete: 0 },
  ];
  norm.infServVinc = { infCTeMultimodal: [{ chCTeMultimodal: CTE_KEY }, { chCTeMultimodal: CTE_KEY_2 }] };
  b.infCte.infRespTec = { CNPJ: '04252011000110', xContato: 'Suporte', email: 's@t.com', fone: '4133334444' };
  b.infCte.infSolicNFF = { xSolic: 'Pedido NFF: remetente, destinatário e carga conforme aplicativo' };
  // The NFF request goes only with the NFF special regime (Anexo I G218, 902).
  b.infCte.ide.tpEmis = 3;
  return b;
}

/** Subcontracting carries the previous documents (G059) and no multimodal CT-e (G058). */
function subcontratacao(): CtePedidoEmissao {
  const b = cteWithGroups();
  b.infCte.ide.tpServ = 1;
  delete b.infCte.infCTeNorm!.infServVinc;
  return b;
}

/** A service linked to multimodal references the OTM's CT-e (G057) and lists no documents (G037). */
function vinculadoMultimodal(): CtePedidoEmissao {
  const b = cteWithGroups();
  b.infCte.ide.tpServ = 4;
  delete b.infCte.infCTeNorm!.docAnt;
  delete b.infCte.infCTeNorm!.infDoc;
  // Expedidor and recebedor take part in a multimodal-linked service (G055/G056).
  b.infCte.exped = { ...LINKED_PARTY, enderExped: b.infCte.rem!.enderReme };
  b.infCte.receb = { ...LINKED_PARTY, enderReceb: b.infCte.rem!.enderReme };
  return b;
}

const LINKED_PARTY = {
  CNPJ: '04252011000110',
  xNome: 'CTE EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL',
};

function cteOsWithGtve(): CteOsPedidoEmissao {
  const b = cteOsBody();
  b.infCte.ide.tpServ = 8;
  b.infCte.infCTeNorm!.infGTVe = [
    {
      chCTe: GTVE_KEY,
      Comp: [
        { tpComp: 1, vComp: 500 },
        { tpComp: 6, vComp: 300, xComp: 'AGENDAMENTO' },
      ],
    },
    { chCTe: GTVE_KEY.replace(/3$/, '4'), Comp: [{ tpComp: 5, vComp: 0 }] },
  ];
  return b;
}

function cteSimpWithGroups(): CteSimpPedidoEmissao {
  const b = cteSimpBody();
  b.infCte.compl = {
    xCaracAd: 'Carac',
    fluxo: { xOrig: 'CWB', pass: [{ xPass: 'JOI' }, { xPass: 'BNU' }], xDest: 'SAO', xRota: 'R12' },
    xObs: 'Obs',
  };
  b.infCte.infSolicNFF = { xSolic: 'Pedido NFF serializado' };
  b.infCte.ide.tpEmis = 3;
  return b;
}

/** The first 400 of a body, with the offending paths. */
function refusal<T>(schema: z.ZodType<T>, body: unknown) {
  const r = validate(schema, body);
  if (r.ok) throw new Error('deveria recusar');
  expect(r.status).toBe(400);
  const { message, errors } = r.body.error;
  return { message, errors, fields: errors.map((e) => e.path) };
}

/** The messages of a refusal's `errors`, one per member. */
const messages = (e: { errors: { message: string }[] }) => e.errors.map((x) => x.message);

describe.skipIf(!sharedAvailable)('described groups are authorized and written in XSD order', () => {
  /** Validated, issued, authorized, XSD-valid and signed: the document XML. */
  function issuedCte(body: CtePedidoEmissao): string {
    const parsed = validate(ctePedidoEmissao, body);
    if (!parsed.ok) throw new Error(parsed.body.error.message);
    const out = issueCte(parsed.value, env());
    if (out.kind !== 'answered') throw new Error(out.message);
    expect(out.status, out.answer.xMotivo).toBe('autorizado');
    expect(xsdErrors(out.documentXml, CTE_XSD('cte_v4.00.xsd'))).toBeNull();
    expect(xsdErrors(out.procXml!, CTE_XSD('procCTe_v4.00.xsd'))).toBeNull();
    expect(verifySignedXml(out.procXml!, testCredentials().certificatePem)).toBe(true);
    return out.documentXml;
  }

  it('CT-e with docAnt (paper and electronic), veicNovos, infServVinc and infSolicNFF', () => {
    const xml = issuedCte(subcontratacao());
    const linked = issuedCte(vinculadoMultimodal());
    expect(xml).toContain(
      '<emiDocAnt><CNPJ>04252011000110</CNPJ><IE>1234567890</IE><UF>PR</UF><xNome>Transportadora Anterior</xNome>' +
        '<idDocAnt><idDocAntPap><tpDoc>07</tpDoc><serie>1</serie><subser>2</subser><nDoc>ATRE-991</nDoc>' +
        '<dEmi>2026-11-18</dEmi></idDocAntPap><idDocAntPap><tpDoc>13</tpDoc><serie>A</serie><nDoc>BL123456</nDoc>' +
        `<dEmi>2026-11-19</dEmi></idDocAntPap></idDocAnt><idDocAnt><idDocAntEle><chCTe>${CTE_KEY_2}</chCTe>` +
        '</idDocAntEle></idDocAnt></emiDocAnt>',
    );
    expect(xml).toContain(
      `<emiDocAnt><CPF>12345678909</CPF><xNome>Autônomo Anterior</xNome><idDocAnt><idDocAntEle><chCTe>${CTE_KEY}</chCTe>`,
    );
    expect(xml).toContain(
      '<veicNovos><chassi>9BWZZZ377VT004251</chassi><cCor>001</cCor><xCor>Branco</xCor><cMod>123456</cMod>' +
        '<vUnit>85000.00</vUnit><vFrete>750.50</vFrete></veicNovos>',
    );
    expect(xml.match(/<veicNovos>/g)).toHaveLength(2);
    expect(xml).not.toContain('<infServVinc>');
    expect(linked).not.toContain('<docAnt>');
    expect(linked).toContain(
      `<infServVinc><infCTeMultimodal><chCTeMultimodal>${CTE_KEY}</chCTeMultimodal></infCTeMultimodal>` +
        `<infCTeMultimodal><chCTeMultimodal>${CTE_KEY_2}</chCTeMultimodal></infCTeMultimodal></infServVinc>`,
    );
    expect(xml).toContain(
      '</infRespTec><infSolicNFF><xSolic>Pedido NFF: remetente, destinatário e carga conforme aplicativo</xSolic></infSolicNFF></infCte>',
    );
  });

  it('CT-e OS with infGTVe', () => {
    const parsed = validate(cteOsPedidoEmissao, cteOsWithGtve());
    if (!parsed.ok) throw new Error(parsed.body.error.message);
    const out = issueCteOS(parsed.value, env());
    if (out.kind !== 'answered') throw new Error(out.message);
    expect(out.status, out.answer.xMotivo).toBe('autorizado');
    expect(xsdErrors(out.documentXml, CTE_XSD('cteOS_v4.00.xsd'))).toBeNull();
    expect(xsdErrors(out.procXml!, CTE_XSD('procCTeOS_v4.00.xsd'))).toBeNull();
    expect(out.documentXml).toContain(
      `<infGTVe><chCTe>${GTVE_KEY}</chCTe><Comp><tpComp>1</tpComp><vComp>500.00</vComp></Comp>` +
        '<Comp><tpComp>6</tpComp><vComp>300.00</vComp><xComp>AGENDAMENTO</xComp></Comp></infGTVe>',
    );
    expect(out.documentXml).toContain(
      '<Comp><tpComp>5</tpComp><vComp>0.00</vComp></Comp></infGTVe></infCTeNorm>',
    );
  });

  it('CT-e Simplificado with compl.fluxo and infSolicNFF', () => {
    const parsed = validate(cteSimpPedidoEmissao, cteSimpWithGroups());
    if (!parsed.ok) throw new Error(parsed.body.error.message);
    const out = issueCteSimp(parsed.value, env());
    if (out.kind !== 'answered') throw new Error(out.message);
    expect(out.status, out.answer.xMotivo).toBe('autorizado');
    expect(xsdErrors(out.documentXml, CTE_XSD('cteSimp_v4.00.xsd'))).toBeNull();
    expect(xsdErrors(out.procXml!, CTE_XSD('procCTeSimp_v4.00.xsd'))).toBeNull();
    expect(out.documentXml).toContain(
      '<compl><xCaracAd>Carac</xCaracAd><fluxo><xOrig>CWB</xOrig><pass><xPass>JOI</xPass></pass>' +
        '<pass><xPass>BNU</xPass></pass><xDest>SAO</xDest><xRota>R12</xRota></fluxo><xObs>Obs</xObs></compl>',
    );
    expect(out.documentXml).toContain(
      '<infSolicNFF><xSolic>Pedido NFF serializado</xSolic></infSolicNFF></infCte>',
    );
  });
});

describe('a wrong value in a described group is refused by its path', () => {
  const NORM = 'infCte.infCTeNorm';

  it('docAnt: document type outside TDocAssoc', () => {
    const b = cteWithGroups();
    (b.infCte.infCTeNorm!.docAnt!.emiDocAnt[0]!.idDocAnt[0]!.idDocAntPap![0] as { tpDoc: string }).tpDoc =
      '06';
    const e = refusal(ctePedidoEmissao, b);
    const path = `${NORM}.docAnt.emiDocAnt[0].idDocAnt[0].idDocAntPap[0].tpDoc`;
    expect(e.fields).toEqual([path]);
    // zod lists "10"…"13" before "07"…"09" (integer-like object keys come first).
    expect(messages(e)[0]!.startsWith(`O campo '${path}' tem valor não permitido (aceitos: `)).toBe(true);
    const accepted = messages(e)[0]!.split('aceitos: ')[1]!.replace(').', '').split(', ');
    expect(accepted.sort()).toEqual(['07', '08', '09', '10', '11', '12', '13']);
  });

  it('docAnt: paper and electronic in the same idDocAnt, IE without UF, no issuer document', () => {
    const b = cteWithGroups();
    const first = b.infCte.infCTeNorm!.docAnt!.emiDocAnt[0]!;
    first.idDocAnt[0]!.idDocAntEle = [{ chCTe: CTE_KEY }];
    first.UF = null;
    b.infCte.infCTeNorm!.docAnt!.emiDocAnt[1]!.CPF = null;
    const e = refusal(ctePedidoEmissao, b);
    const emi = `${NORM}.docAnt.emiDocAnt`;
    expect(e.fields).toEqual([`${emi}[0].idDocAnt[0].idDocAntEle`, `${emi}[0].UF`, `${emi}[1].CNPJ`]);
    expect(messages(e)).toEqual([
      `O campo '${emi}[0].idDocAnt[0].idDocAntEle': informe exatamente um grupo de documentos anteriores (idDocAntPap, idDocAntEle).`,
      `O campo '${emi}[0].UF': informe IE e UF juntos.`,
      `O campo '${emi}[1].CNPJ': informe CNPJ ou CPF.`,
    ]);
    expect(e.message).toBe(`Validation failed: ${messages(e).join(' ')}`);
  });

  it('docAnt: at most two idDocAnt per issuer', () => {
    const b = cteWithGroups();
    const list = b.infCte.infCTeNorm!.docAnt!.emiDocAnt[0]!.idDocAnt;
    list.push({ idDocAntEle: [{ chCTe: CTE_KEY }] });
    const e = refusal(ctePedidoEmissao, b);
    expect(messages(e)).toEqual([
      `O campo '${NORM}.docAnt.emiDocAnt[0].idDocAnt' deve ter no máximo 2 item(ns).`,
    ]);
  });

  it('veicNovos: chassis of 16 positions', () => {
    const b = cteWithGroups();
    b.infCte.infCTeNorm!.veicNovos![1]!.chassi = '9BGRD08X04G11797';
    const e = refusal(ctePedidoEmissao, b);
    expect(messages(e)).toEqual([
      `O campo '${NORM}.veicNovos[1].chassi': formato inválido (17 posições, A-Z e 0-9).`,
    ]);
  });

  it('infServVinc: a key that is not an access key, and an empty list', () => {
    const b = cteWithGroups();
    b.infCte.infCTeNorm!.infServVinc!.infCTeMultimodal[1]!.chCTeMultimodal = '4126';
    expect(messages(refusal(ctePedidoEmissao, b))).toEqual([
      `O campo '${NORM}.infServVinc.infCTeMultimodal[1].chCTeMultimodal': formato inválido (chave de acesso com 44 posições).`,
    ]);
    b.infCte.infCTeNorm!.infServVinc = { infCTeMultimodal: [] };
    expect(messages(refusal(ctePedidoEmissao, b))).toEqual([
      `O campo '${NORM}.infServVinc.infCTeMultimodal' deve ter pelo menos 1 item(ns).`,
    ]);
  });

  it('infSolicNFF (CT-e): xSolic shorter than 2', () => {
    const b = cteWithGroups();
    b.infCte.infSolicNFF = { xSolic: 'x' };
    expect(messages(refusal(ctePedidoEmissao, b))).toEqual([
      "O campo 'infCte.infSolicNFF.xSolic' deve ter pelo menos 2 caractere(s).",
    ]);
  });

  it('infGTVe (CT-e OS): unknown component type, alphanumeric key, no components', () => {
    const b = cteOsWithGtve();
    const gtve = b.infCte.infCTeNorm!.infGTVe!;
    gtve[0]!.Comp[1]!.tpComp = 7;
    gtve[1]!.chCTe = GTVE_KEY.replace('11222333', 'ABCDEFGH');
    const e = refusal(cteOsPedidoEmissao, b);
    expect(e.fields).toEqual([`${NORM}.infGTVe[0].Comp[1].tpComp`, `${NORM}.infGTVe[1].chCTe`]);
    expect(messages(e)).toEqual([
      `O campo '${NORM}.infGTVe[0].Comp[1].tpComp': valor não permitido (aceitos: 1, 2, 3, 4, 5, 6).`,
      `O campo '${NORM}.infGTVe[1].chCTe': formato inválido (chave de acesso com 44 dígitos).`,
    ]);
    const c = cteOsWithGtve();
    c.infCte.infCTeNorm!.infGTVe![0]!.Comp = [];
    expect(messages(refusal(cteOsPedidoEmissao, c))).toEqual([
      `O campo '${NORM}.infGTVe[0].Comp' deve ter pelo menos 1 item(ns).`,
    ]);
  });

  it('compl.fluxo (CT-e Simplificado): route code longer than 10', () => {
    const b = cteSimpWithGroups();
    b.infCte.compl!.fluxo!.xRota = 'ROTA-12345X';
    expect(messages(refusal(cteSimpPedidoEmissao, b))).toEqual([
      "O campo 'infCte.compl.fluxo.xRota' deve ter no máximo 10 caractere(s).",
    ]);
  });

  it('infSolicNFF (CT-e Simplificado): xSolic longer than 2,000', () => {
    const b = cteSimpWithGroups();
    b.infCte.infSolicNFF = { xSolic: 'a'.repeat(2001) };
    expect(messages(refusal(cteSimpPedidoEmissao, b))).toEqual([
      "O campo 'infCte.infSolicNFF.xSolic' deve ter no máximo 2000 caractere(s).",
    ]);
  });

  it('the CT-e OS still has no infSolicNFF: accepted and ignored, as members the description does not name', () => {
    const b = cteOsWithGtve() as unknown as { infCte: Record<string, unknown> };
    b.infCte.infSolicNFF = { xSolic: 'Pedido' };
    const r = validate(cteOsPedidoEmissao, b);
    if (!r.ok) throw new Error(JSON.stringify(r.body));
    expect((r.value.infCte as Record<string, unknown>).infSolicNFF).toBeUndefined();
  });
});

describe.skipIf(!sharedAvailable)('described groups over HTTP', () => {
  let sandbox: RunningSandbox;
  let api: ReturnType<typeof client>;
  type Doc = { id: string; status: string };
  type Err = {
    error: { code: string; message: string; errors: { code: string; message: string; path?: string }[] };
  };
  const now = () => new Date(sandbox.control.clock.nowMs()).toISOString().replace(/\.\d+Z$/, 'Z');

  beforeAll(async () => {
    sandbox = await startTestSandbox({ clockStart: NOW.getTime() });
    api = client(sandbox.url, await getToken(sandbox.url));
    await certifiedCompany(sandbox, api, COMPANY_CNPJ);
  });
  afterAll(() => sandbox.close());

  it('POST /cte, /cteos and /cte/simp authorize bodies with the groups; the stored XML validates', async () => {
    const creds = await sandbox.control.context.getSigningCredentials(COMPANY_CNPJ);
    const certificatePem = new X509Certificate(creds!.certificatePem).toString();
    const cte = subcontratacao();
    cte.infCte.ide.dhEmi = now();
    const os = cteOsWithGtve();
    os.infCte.ide.dhEmi = now();
    const simp = cteSimpWithGroups();
    simp.infCte.ide.dhEmi = now();
    for (const [path, body, proc] of [
      ['/cte', cte, 'procCTe_v4.00.xsd'],
      ['/cteos', os, 'procCTeOS_v4.00.xsd'],
      ['/cte/simp', simp, 'procCTeSimp_v4.00.xsd'],
    ] as const) {
      const res = await api.post<Doc>(path, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.status).toBe('autorizado');
      const read = path === '/cteos' ? '/cteos' : '/cte';
      const xml = (await api.get<Buffer>(`${read}/${res.body.id}/xml`)).raw.toString('utf8');
      expect(xsdErrors(xml, CTE_XSD(proc)), path).toBeNull();
      expect(verifySignedXml(xml, certificatePem)).toBe(true);
    }
  });

  it('a wrong value answers 400 naming the path and creates nothing', async () => {
    const body = cteWithGroups();
    body.referencia = 'grupos-recusa';
    body.infCte.ide.dhEmi = now();
    body.infCte.infCTeNorm!.veicNovos![0]!.vUnit = -1;
    const res = await api.post<Err>('/cte', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('ValidationFailed');
    expect(res.body.error.message).toContain('infCte.infCTeNorm.veicNovos[0].vUnit');
    expect(res.body.error.errors).toEqual([
      {
        code: 'Minimum',
        message: "O campo 'infCte.infCTeNorm.veicNovos[0].vUnit' deve ser no mínimo 0.",
        path: 'infCte.infCTeNorm.veicNovos[0].vUnit',
      },
    ]);
    const list = await api.get<{ data: Doc[] }>(
      `/cte?cpf_cnpj=${COMPANY_CNPJ}&ambiente=homologacao&referencia=grupos-recusa`,
    );
    expect(list.body.data).toHaveLength(0);
  });
});
