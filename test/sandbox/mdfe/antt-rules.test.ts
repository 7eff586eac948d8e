// The sandbox's authority refuses what SVRS refuses under NT 2025.001 v1.03 (301–304), G085 (578)
// and G066 (229), with the codes and texts of fiscal/sefaz-codes.ts, over real HTTP; it completes the
// MDF-e's issuer from the company's registration (API description 2.60, MdfeSefazEmit); an
// authorized carga lotação that follows the rules validates against the 1.03 XSDs in xml.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MDFE_REJECTIONS } from '../../../electron/fiscal/sefaz-codes';
import type { MdfePedidoEmissao } from '../../../electron/fiscal/requests/mdfe';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import { NOW } from '../dfe/fixtures';
import {
  certificateOnClock,
  certifiedCompany,
  client,
  control,
  empresaBody,
  getToken,
  startTestSandbox,
} from '../support';
import { COMPANY_CNPJ, CONTRATANTE, CPF_B, cteKey, lotacao, mdfeBody, NFE_KEY } from './fixtures';

type Doc = {
  id: string;
  status: string;
  codigo_status: number | null;
  autorizacao: { codigo_status: number; motivo_status: string };
};

/** A company registered without IE (a valid CNPJ of its own). */
const SEM_IE = '45723174000110';

describe('MDF-e: the ANTT rules of NT 2025.001 and the issuer from the registration', () => {
  let sandbox: RunningSandbox;
  let api: ReturnType<typeof client>;
  let n = 0;
  const dhEmi = () => new Date(sandbox.control.clock.nowMs()).toISOString().replace(/\.\d+Z$/, 'Z');
  /** A fresh number and plate each time, so no open manifest blocks the next (611). */
  const body = (o: Parameters<typeof mdfeBody>[0] = {}) => {
    n++;
    return mdfeBody({
      nMDF: n,
      dhEmi: dhEmi(),
      placa: `ANT${n % 10}A${String(n).padStart(2, '0').slice(-2)}`,
      ...o,
    });
  };
  const issue = async (b: MdfePedidoEmissao) => {
    const res = await api.post<Doc>('/mdfe', b);
    expect(res.status, res.raw.toString()).toBe(200);
    return res.body;
  };
  const answer = (d: Doc) => [d.autorizacao.codigo_status, d.autorizacao.motivo_status] as const;
  const rejection = (code: keyof typeof MDFE_REJECTIONS) =>
    [code, `Rejeição: ${MDFE_REJECTIONS[code].motivo}`] as const;
  const antt = (b: MdfePedidoEmissao) => b.infMDFe.infModal.rodo!.infANTT!;
  /** A carrier's vehicle owned by a TAC with RNTRC (tpProp 1): "TAC ou equiparado". */
  const tacVehicle = (b: MdfePedidoEmissao) => {
    b.infMDFe.infModal.rodo!.veicTracao.prop = {
      CPF: CPF_B,
      RNTRC: '87654321',
      xNome: 'JOAO AUTONOMO',
      tpProp: 1,
    };
    return b;
  };

  beforeAll(async () => {
    sandbox = await startTestSandbox({ clockStart: NOW.getTime(), pdfEngine: null });
    api = client(sandbox.url, await getToken(sandbox.url));
    await certifiedCompany(sandbox, api, COMPANY_CNPJ);
    const { inscricao_estadual: _ie, ...semIe } = empresaBody(SEM_IE, 'TRANSPORTES SEM INSCRICAO LTDA');
    expect((await api.post('/empresas', semIe)).status).toBe(200);
    const pfx = certificateOnClock(sandbox, SEM_IE, 'TRANSPORTES SEM INSCRICAO LTDA');
    const cert = await api.put(`/empresas/${SEM_IE}/certificado`, {
      certificado: pfx.pfxBase64,
      password: pfx.password,
    });
    expect(cert.status).toBe(200);
  });
  afterAll(() => sandbox?.close());

  it('301: a carga lotação (one CT-e) without the NCM of the predominant product', async () => {
    const b = body({ ctes: 1 });
    b.infMDFe.prodPred!.NCM = null;
    expect(answer(await issue(b))).toEqual(rejection(301));
  });

  it('302: a carga lotação without the payment of the freight (infPag)', async () => {
    const b = body({ ctes: 1 });
    antt(b).infPag = null;
    const d = await issue(b);
    expect(d.status).toBe('rejeitado');
    expect(answer(d)).toEqual(rejection(302));
  });

  it('a carga lotação with NCM and payment is authorized; two CT-e need neither', async () => {
    expect(answer(await issue(body({ ctes: 1 })))[0]).toBe(100);
    const two = body({ ctes: 2 });
    expect(two.infMDFe.prodPred!.NCM).toBeUndefined();
    expect(antt(two).infPag).toBeUndefined();
    expect(answer(await issue(two))[0]).toBe(100);
  });

  it('301/302 only for the issuers of the NT: own load (tpEmit 2) without tpTransp is not asked', async () => {
    const own = body();
    own.infMDFe.ide.tpEmit = 2;
    own.infMDFe.seg = null;
    own.infMDFe.infDoc.infMunDescarga[0]!.infCTe = null;
    own.infMDFe.infDoc.infMunDescarga[0]!.infNFe = [{ chNFe: NFE_KEY }];
    own.infMDFe.tot = { qNFe: 1, vCarga: 10, cUnid: '01', qCarga: 1 };
    expect(answer(await issue(own))[0]).toBe(100);
    // The same trip with tpTransp informed (ETC) is asked for the NCM.
    const withTransp = structuredClone(own);
    withTransp.infMDFe.ide.nMDF = ++n;
    withTransp.infMDFe.infModal.rodo!.veicTracao.placa = 'OWN2B34';
    withTransp.infMDFe.ide.tpTransp = 1;
    withTransp.infMDFe.infModal.rodo!.veicTracao.prop = {
      CNPJ: '33000167000101',
      RNTRC: '87654321',
      xNome: 'TRANSPORTES TERCEIRO LTDA',
      tpProp: 2,
    };
    withTransp.infMDFe.ide.tpTransp = 2;
    expect(answer(await issue(withTransp))).toEqual(rejection(301));
  });

  it('303: a TAC (vehicle owner tpProp 1 with RNTRC) without infPag, even with several CT-e', async () => {
    const b = tacVehicle(body({ ctes: 2 }));
    antt(b).infCIOT = [{ CIOT: '123456789012', CPF: CPF_B }];
    expect(answer(await issue(b))).toEqual(rejection(303));
  });

  it('304: a TAC with payment and bank data but no CIOT; with the CIOT it is authorized', async () => {
    const b = tacVehicle(body({ ctes: 2 }));
    lotacao(b.infMDFe);
    expect(answer(await issue(b))).toEqual(rejection(304));
    const ok = tacVehicle(body({ ctes: 2 }));
    lotacao(ok.infMDFe);
    antt(ok).infCIOT = [{ CIOT: '123456789012', CPF: CPF_B }];
    expect(answer(await issue(ok))[0]).toBe(100);
  });

  it('an owner that is not a TAC (tpProp 2) is not asked for CIOT nor payment', async () => {
    const b = body({ ctes: 2 });
    b.infMDFe.infModal.rodo!.veicTracao.prop = {
      CNPJ: '33000167000101',
      RNTRC: '87654321',
      xNome: 'TRANSPORTES TERCEIRO LTDA',
      tpProp: 2,
    };
    expect(answer(await issue(b))[0]).toBe(100);
  });

  it('578 (G085): a carrier without CIOT nor vale-pedágio payer must name a contratante', async () => {
    const none = body();
    antt(none).infContratante = null;
    expect(answer(await issue(none))).toEqual(rejection(578));
    const ciot = body();
    antt(ciot).infContratante = null;
    antt(ciot).infCIOT = [{ CIOT: '123456789012', CNPJ: COMPANY_CNPJ }];
    expect(answer(await issue(ciot))[0]).toBe(100);
    const vale = body();
    antt(vale).infContratante = null;
    antt(vale).valePed = {
      disp: [
        {
          CNPJForn: '33000167000101',
          CNPJPg: CONTRATANTE.CNPJ,
          nCompra: '778899',
          vValePed: 85.4,
          tpValePed: '04',
        },
      ],
    };
    expect(answer(await issue(vale))[0]).toBe(100);
    // A vale-pedágio without who pays it does not stand in for the contratante.
    const noPayer = body();
    antt(noPayer).infContratante = null;
    antt(noPayer).valePed = { disp: [{ CNPJForn: '33000167000101', nCompra: '1', vValePed: 10 }] };
    expect(answer(await issue(noPayer))).toEqual(rejection(578));
  });

  it('layout of NT 2025.001: tpValePed only 01/04, infCIOT at most one (400, nothing stored)', async () => {
    const tp = body();
    antt(tp).valePed = {
      disp: [
        {
          CNPJForn: '33000167000101',
          CNPJPg: COMPANY_CNPJ,
          nCompra: '1',
          vValePed: 10,
          tpValePed: '02' as '01',
        },
      ],
    };
    const r1 = await api.post('/mdfe', tp);
    expect(r1.status).toBe(400);
    expect(r1.raw.toString()).toContain('tpValePed');
    const two = body();
    antt(two).infCIOT = [
      { CIOT: '123456789012', CNPJ: COMPANY_CNPJ },
      { CIOT: '210987654321', CNPJ: COMPANY_CNPJ },
    ];
    const r2 = await api.post('/mdfe', two);
    expect(r2.status).toBe(400);
    expect(r2.raw.toString()).toContain('no máximo 1 CIOT por MDF-e (NT 2025.001)');
  });

  it("the issuer left out (IE, xNome, xFant, enderEmit) comes from the company's registration", async () => {
    const b = body();
    b.infMDFe.emit = { CNPJ: COMPANY_CNPJ };
    const d = await issue(b);
    expect(answer(d)[0]).toBe(100);
    const xml = (await api.get(`/mdfe/${d.id}/xml`)).raw.toString();
    expect(xml).toContain(
      '<emit><CNPJ>11222333000181</CNPJ><IE>123456789</IE><xNome>RODOVIA AZUL TRANSPORTES LTDA</xNome><xFant>Rodovia Azul</xFant><enderEmit><xLgr>Avenida Brasil</xLgr><nro>100</nro><xBairro>Centro</xBairro><cMun>3550308</cMun><xMun>São Paulo</xMun><CEP>01310100</CEP><UF>SP</UF><fone>1133334444</fone></enderEmit></emit>',
    );
    // What the request sends wins, member by member.
    const partial = body();
    partial.infMDFe.emit = { CNPJ: COMPANY_CNPJ, xNome: 'RODOVIA AZUL FILIAL', enderEmit: { nro: '200' } };
    const p = await issue(partial);
    const pxml = (await api.get(`/mdfe/${p.id}/xml`)).raw.toString();
    expect(pxml).toContain('<IE>123456789</IE><xNome>RODOVIA AZUL FILIAL</xNome>');
    expect(pxml).toContain('<xLgr>Avenida Brasil</xLgr><nro>200</nro>');
  });

  it('229 (G066): a company registered without IE, the request without IE, is refused as SVRS does', async () => {
    const b = body();
    b.infMDFe.emit = { CNPJ: SEM_IE };
    b.infMDFe.seg![0]!.infResp.CNPJ = SEM_IE;
    b.infMDFe.infDoc.infMunDescarga[0]!.infCTe = [{ chCTe: cteKey(1) }, { chCTe: cteKey(2) }];
    const d = await issue(b);
    expect(d.status).toBe('rejeitado');
    expect(answer(d)).toEqual(rejection(229));
    // The same with the IE in the request is authorized.
    const withIe = body();
    withIe.infMDFe.emit = { CNPJ: SEM_IE, IE: '123456789' };
    withIe.infMDFe.seg![0]!.infResp.CNPJ = SEM_IE;
    expect(answer(await issue(withIe))[0]).toBe(100);
  });

  it('an injected rejection keeps a 4-digit cStat whole (TStat [0-9]{3,4}, NT 2025.001)', async () => {
    await control(sandbox.url, 'POST', '/faults', {
      type: 'rejeicao',
      codigo_status: 1234,
      motivo_status: 'Rejeição: código de quatro dígitos',
    });
    const d = await issue(body());
    expect(d.status).toBe('rejeitado');
    expect(d.autorizacao.codigo_status).toBe(1234);
  });
});
