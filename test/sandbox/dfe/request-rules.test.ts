// The authority's request-only rules of MOC CT-e 4.00 Anexo I over HTTP: each broken in one member
// is a `rejeitado` document with the manual's code and words; the same request with the member set
// right is authorized and its processed XML validates against the official XSD.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningSandbox } from '../../../electron/sandbox/server';
import { sharedAvailable } from '../../support/shared';
import { certifiedCompany, client, getToken, startTestSandbox } from '../support';
import { COMPANY_CNPJ, cteBody, cteOsBody, cteSimpBody, NOW } from './fixtures';
import { CTE_XSD, xsdErrors } from './xsd';

let sandbox: RunningSandbox;
let api: ReturnType<typeof client>;

type Doc = {
  id: string;
  status: string;
  autorizacao: { codigo_status: number; motivo_status: string } | null;
};

beforeAll(async () => {
  sandbox = await startTestSandbox({ clockStart: NOW.getTime() });
  api = client(sandbox.url, await getToken(sandbox.url));
  await certifiedCompany(sandbox, api, COMPANY_CNPJ);
});
afterAll(() => sandbox.close());

let numero = 5000;
/** A fresh número, referência and dhEmi one minute before the sandbox's clock. */
function fresh<B extends { referencia?: string | null; infCte: { ide: { nCT: number; dhEmi: string } } }>(
  body: B,
): B {
  body.infCte.ide.nCT = ++numero;
  body.referencia = `regra-${numero}`;
  body.infCte.ide.dhEmi = new Date(NOW.getTime() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
  return body;
}

async function send(path: '/cte' | '/cteos' | '/cte/simp', body: unknown): Promise<Doc> {
  const res = await api.post<Doc>(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function expectRejected(
  path: '/cte' | '/cteos' | '/cte/simp',
  body: unknown,
  code: number,
  text: string,
) {
  const doc = await send(path, body);
  expect(doc.status).toBe('rejeitado');
  expect(doc.autorizacao?.codigo_status).toBe(code);
  expect(doc.autorizacao?.motivo_status).toBe(`Rejeição: ${text}`);
}

async function expectAuthorizedAndValid(path: '/cte' | '/cteos' | '/cte/simp', body: unknown) {
  const doc = await send(path, body);
  expect(doc.status, doc.autorizacao?.motivo_status).toBe('autorizado');
  const kind = path === '/cteos' ? 'cteos' : 'cte';
  const xml = (await api.get<Buffer>(`/${kind}/${doc.id}/xml`)).raw.toString('utf8');
  const xsd =
    path === '/cteos'
      ? 'procCTeOS_v4.00.xsd'
      : path === '/cte/simp'
        ? 'procCTeSimp_v4.00.xsd'
        : 'procCTe_v4.00.xsd';
  expect(xsdErrors(xml, CTE_XSD(xsd))).toBeNull();
  return xml;
}

const JUST = 'Falha de comunicação com a SEFAZ autorizadora';

describe.skipIf(!sharedAvailable)('MOC CT-e 4.00 Anexo I rules on the request (sandbox)', () => {
  it('G007 (247): the key of another UF than the emitter’s', async () => {
    const body = fresh(cteBody());
    body.infCte.ide.cUF = 35;
    await expectRejected('/cte', body, 247, 'Sigla da UF do Emitente diverge da UF autorizadora');
    body.infCte.ide.cUF = 41;
    await expectAuthorizedAndValid('/cte', fresh(body));
  });

  it('G009 (587) FS-DA without the contingency entry; G008 (586) an entry outside FS-DA; G010 (588)', async () => {
    const fsda = fresh(cteBody());
    fsda.infCte.ide.tpEmis = 5;
    await expectRejected(
      '/cte',
      fsda,
      587,
      'Data e Justificativa de entrada em contingência devem ser informadas',
    );
    const normal = fresh(cteBody());
    normal.infCte.ide.dhCont = new Date(NOW.getTime() - 3_600_000).toISOString();
    normal.infCte.ide.xJust = JUST;
    await expectRejected(
      '/cte',
      normal,
      586,
      'Data e Justificativa de entrada em contingência não devem ser informadas para tipo de emissão diferente de FS-DA',
    );
    const late = fresh(cteBody());
    Object.assign(late.infCte.ide, { tpEmis: 5, xJust: JUST, dhCont: NOW.toISOString() });
    await expectRejected('/cte', late, 588, 'Data de entrada em contingência posterior a data de emissão');
    const ok = fresh(cteBody());
    Object.assign(ok.infCte.ide, {
      tpEmis: 5,
      xJust: JUST,
      dhCont: new Date(NOW.getTime() - 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z'),
    });
    const xml = await expectAuthorizedAndValid('/cte', ok);
    expect(xml).toContain(`<xJust>${JUST}</xJust>`);
  });

  it('G047 (675): vICMS is not vBC × pICMS; within R$ 0,01 it passes', async () => {
    const body = fresh(cteBody());
    body.infCte.imp.ICMS.ICMS00!.vICMS = 180.02;
    await expectRejected('/cte', body, 675, 'Valor do imposto não corresponde à base de cálculo X alíquota');
    body.infCte.imp.ICMS.ICMS00!.vICMS = 180.01;
    await expectAuthorizedAndValid('/cte', fresh(body));
  });

  it('G048 (531): vRec above vTPrest', async () => {
    const body = fresh(cteBody());
    body.infCte.vPrest.vRec = 1500.01;
    await expectRejected('/cte', body, 531, 'Valor a receber deve ser menor ou igual Valor da Prestação');
    body.infCte.vPrest.vRec = 1200;
    await expectAuthorizedAndValid('/cte', fresh(body));
  });

  it('G051 (524): started in SC, outside the emitter’s PR, needs 6932; G052 (908): 6932 from PR', async () => {
    const body = fresh(cteBody());
    Object.assign(body.infCte.ide, { cMunIni: '4202404', xMunIni: 'Blumenau', UFIni: 'SC', CFOP: '6353' });
    await expectRejected('/cte', body, 524, 'CFOP inválido, informar 5932 ou 6932');
    body.infCte.ide.CFOP = '6932';
    await expectAuthorizedAndValid('/cte', fresh(body));
    const home = fresh(cteBody({ CFOP: '6932' }));
    await expectRejected('/cte', home, 908, 'CFOP inválido, não informar 5932 ou 6932');
  });

  it('G006 (670) a reserved série, G046 (650) above R$ 9.999.999,99, G218 (902) an NFF request outside NFF', async () => {
    const serie = fresh(cteBody());
    serie.infCte.ide.serie = 890;
    await expectRejected('/cte', serie, 670, 'Série utilizada não permitida no webservice');
    const big = fresh(cteBody());
    big.infCte.vPrest = {
      vTPrest: 10_000_000,
      vRec: 10_000_000,
      Comp: [{ xNome: 'Frete peso', vComp: 10_000_000 }],
    };
    big.infCte.imp.ICMS.ICMS00 = { CST: '00', vBC: 10_000_000, pICMS: 12, vICMS: 1_200_000 };
    await expectRejected(
      '/cte',
      big,
      650,
      'Valor total do serviço superior ao limite permitido (R$ 9.999.999,99)',
    );
    const nff = fresh(cteBody());
    nff.infCte.infSolicNFF = { xSolic: 'Pedido do aplicativo NFF' };
    await expectRejected(
      '/cte',
      nff,
      902,
      'Grupo de informações do pedido de emissão da NFF deve ser preenchido apenas para forma de emissão NFF',
    );
    serie.infCte.ide.serie = 900;
    await expectAuthorizedAndValid('/cte', fresh(serie));
  });

  it('G027 (581) without vCarga; G036 (693) without documents; G037 (694) documents in a multimodal-linked service', async () => {
    const noValue = fresh(cteBody());
    delete noValue.infCte.infCTeNorm!.infCarga.vCarga;
    await expectRejected('/cte', noValue, 581, 'Campo Valor da Carga deve ser informado para o modal');
    const noDocs = fresh(cteBody());
    delete noDocs.infCte.infCTeNorm!.infDoc;
    await expectRejected(
      '/cte',
      noDocs,
      693,
      'Grupo Documentos Transportados deve ser informado para tipo de serviço diferente de redespacho intermediário e serviço vinculado a multimodal',
    );
    const linked = fresh(cteBody());
    linked.infCte.ide.tpServ = 4;
    const party = { CNPJ: '04252011000110', xNome: linked.infCte.rem!.xNome };
    linked.infCte.exped = { ...party, enderExped: linked.infCte.rem!.enderReme };
    linked.infCte.receb = { ...party, enderReceb: linked.infCte.rem!.enderReme };
    linked.infCte.infCTeNorm!.infServVinc = {
      infCTeMultimodal: [{ chCTeMultimodal: '41261111222333000181570010000001231550738846' }],
    };
    await expectRejected(
      '/cte',
      linked,
      694,
      'Grupo Documentos Transportados não pode ser informado para tipo de serviço redespacho intermediário e serviço vinculado a multimodal',
    );
    delete linked.infCte.infCTeNorm!.infDoc;
    await expectAuthorizedAndValid('/cte', fresh(linked));
  });

  it('G053/G054 (469/470) without remetente or destinatário; G055 (474) redespacho intermediário without expedidor', async () => {
    const noRem = fresh(cteBody());
    delete noRem.infCte.rem;
    noRem.infCte.ide.toma3 = { toma: 3 };
    await expectRejected(
      '/cte',
      noRem,
      469,
      'Remetente deve ser informado para tipo de serviço diferente de redespacho intermediário ou Serviço vinculado a multimodal',
    );
    const noDest = fresh(cteBody());
    delete noDest.infCte.dest;
    await expectRejected(
      '/cte',
      noDest,
      470,
      'Destinatário deve ser informado para tipo de serviço diferente de redespacho intermediário ou serviço vinculado a multimodal',
    );
    const intermediario = fresh(cteBody());
    intermediario.infCte.ide.tpServ = 3;
    delete intermediario.infCte.infCTeNorm!.infDoc;
    await expectRejected(
      '/cte',
      intermediario,
      474,
      'Expedidor deve ser informado para tipo de serviço de redespacho intermediário e serviço vinculado a multimodal',
    );
  });

  it('the emitter the sandbox fills from the registration is the one G007 reads', async () => {
    // Without `emit` the company's registration (SP, empresaBody) signs: a PR key is another UF.
    const body = fresh(cteBody());
    const { IE: _ie, xNome: _n, enderEmit: _e, ...onlyCnpj } = body.infCte.emit;
    body.infCte.emit = onlyCnpj as typeof body.infCte.emit;
    await expectRejected('/cte', body, 247, 'Sigla da UF do Emitente diverge da UF autorizadora');
  });

  it('CT-e OS: H055 (675) and H056 (531); no G051 (a start outside the emitter’s UF passes)', async () => {
    const os = fresh(cteOsBody());
    os.infCte.imp.ICMS.ICMS00!.vICMS = 100;
    await expectRejected('/cteos', os, 675, 'Valor do imposto não corresponde à base de cálculo X alíquota');
    const rec = fresh(cteOsBody());
    rec.infCte.vPrest.vRec = 900;
    await expectRejected('/cteos', rec, 531, 'Valor a receber deve ser menor ou igual Valor da Prestação');
    await expectAuthorizedAndValid('/cteos', fresh(cteOsBody()));
  });

  it('CT-e Simplificado: the totals (531) and the key’s UF (247)', async () => {
    const simp = fresh(cteSimpBody());
    simp.infCte.total.vTRec = 600;
    await expectRejected(
      '/cte/simp',
      simp,
      531,
      'Valor a receber deve ser menor ou igual Valor da Prestação',
    );
    const uf = fresh(cteSimpBody());
    uf.infCte.ide.cUF = 42;
    await expectRejected('/cte/simp', uf, 247, 'Sigla da UF do Emitente diverge da UF autorizadora');
    await expectAuthorizedAndValid('/cte/simp', fresh(cteSimpBody()));
  });
});
