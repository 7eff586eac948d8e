// What the sandbox does with two kinds of request content the description does not settle:
// - members it does not name: accepted and ignored, as the hosted service's JSON reader does and as
//   generated SDKs and other clients rely on; a document's debug record lists them;
// - text with characters XML 1.0 does not allow (C0 controls other than tab/LF/CR, lone UTF-16
//   surrogates, U+FFFE/U+FFFF): refused with a 400 naming the member — such a document could not be
//   written, and before this the sandbox stored MDF-e XML no parser read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningSandbox } from '../../electron/sandbox/server';
import { sharedAvailable } from '../support/shared';
import { certifiedCompany, client, empresaBody, errorOf, getToken, startTestSandbox } from './support';
import { COMPANY_CNPJ, cteBody, dceBody, NOW } from './dfe/fixtures';
import { CTE_XSD, xsdErrors } from './dfe/xsd';
import { MDFE_XSD, mdfeBody } from './mdfe/fixtures';

let sandbox: RunningSandbox;
let api: ReturnType<typeof client>;

type Doc = { id: string; status: string };
type Debug = { requisicoes: { tipo: string; motivo_status?: string; http_request: { id: string } }[] };
type Err = { error: { code: string; errors: { code: string; message: string; path?: string }[] } };

beforeAll(async () => {
  sandbox = await startTestSandbox({ clockStart: NOW.getTime() });
  api = client(sandbox.url, await getToken(sandbox.url));
  await certifiedCompany(sandbox, api, COMPANY_CNPJ);
});
afterAll(() => sandbox.close());

let n = 7000;
const dhEmi = () => new Date(NOW.getTime() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
const cte = () => {
  const body = cteBody();
  body.infCte.ide.nCT = ++n;
  body.referencia = `corpo-${n}`;
  body.infCte.ide.dhEmi = dhEmi();
  return body;
};
const mdfe = () => {
  n++;
  return mdfeBody({ nMDF: n, placa: `TXT${n % 10}A${String(n % 100).padStart(2, '0')}`, dhEmi: dhEmi() });
};

describe.skipIf(!sharedAvailable)('members the description does not name', () => {
  it('a CT-e with extras at three levels is authorized as without them; its debug record lists them', async () => {
    const body = cte() as unknown as Record<string, unknown> & {
      infCte: { ide: Record<string, unknown>; rem: { enderReme: Record<string, unknown> } };
    };
    body.versao_sdk = '2.60.0';
    body.infCte.ide.naoDescrito = 'x';
    body.infCte.rem.enderReme.complementoExtra = { qualquer: [1, 2] };
    const res = await api.post<Doc>('/cte', body);
    expect(res.status, res.raw.toString()).toBe(200);
    expect(res.body.status).toBe('autorizado');
    const xml = (await api.get<Buffer>(`/cte/${res.body.id}/xml`)).raw.toString('utf8');
    expect(xsdErrors(xml, CTE_XSD('procCTe_v4.00.xsd'))).toBeNull();
    expect(xml).not.toMatch(/naoDescrito|complementoExtra|versao_sdk/);
    const debug = (await api.get<Debug>(`/debug/${res.body.id}`)).body;
    const listed = debug.requisicoes.find((r) => r.tipo === 'membros_ignorados');
    expect(listed?.motivo_status).toBe(
      'Membros não descritos na API, ignorados: infCte.ide.naoDescrito, infCte.rem.enderReme.complementoExtra, versao_sdk',
    );
    // The step's request is the body as received (the extras included).
    const sent = await api.get<Buffer>(`/debug/http-requests/${listed!.http_request.id}/request-content`);
    expect(sent.raw.toString('utf8')).toContain('"naoDescrito":"x"');
    // A body without extras has no such step.
    const plain = await api.post<Doc>('/cte', cte());
    const plainDebug = (await api.get<Debug>(`/debug/${plain.body.id}`)).body;
    expect(plainDebug.requisicoes.map((r) => r.tipo)).toEqual(['envio']);
  });

  it('an MDF-e and a company with extras are accepted; the MDF-e lists them', async () => {
    const body = mdfe() as unknown as { infMDFe: { tot: Record<string, unknown> } };
    body.infMDFe.tot.qMDFe = null;
    body.infMDFe.tot.pesoExtra = 1;
    const res = await api.post<Doc>('/mdfe', body);
    expect(res.status, res.raw.toString()).toBe(200);
    expect(res.body.status).toBe('autorizado');
    const xml = (await api.get<Buffer>(`/mdfe/${res.body.id}/xml`)).raw.toString('utf8');
    expect(xsdErrors(xml, MDFE_XSD('procMDFe_v3.00.xsd'))).toBeNull();
    const debug = (await api.get<Debug>(`/debug/${res.body.id}`)).body;
    expect(debug.requisicoes.find((r) => r.tipo === 'membros_ignorados')?.motivo_status).toBe(
      'Membros não descritos na API, ignorados: infMDFe.tot.pesoExtra',
    );
    const empresa = { ...empresaBody('04252011000110', 'OUTRA TRANSPORTES LTDA'), campo_novo: true };
    expect((await api.post('/empresas', empresa)).status).toBe(200);
  });
});

describe.skipIf(!sharedAvailable)('text XML 1.0 does not allow', () => {
  const refused = async (path: string, body: unknown, member: string, code: string) => {
    const res = await api.post<Err>(path, body);
    expect(res.status, res.raw.toString()).toBe(400);
    expect(res.body.error.code).toBe('ValidationFailed');
    expect(res.body.error.errors).toContainEqual(
      expect.objectContaining({ code: 'InvalidCharacter', path: member }),
    );
    expect(errorOf(res).message).toContain(code);
  };

  it('CT-e: a control character, U+FFFF and a lone surrogate, each named by its member', async () => {
    const bell = cte();
    bell.infCte.compl!.xObs = 'Entregar\u0007 no portão';
    await refused('/cte', bell, 'infCte.compl.xObs', 'U+0007 na posição 9');
    const nonchar = cte();
    nonchar.infCte.rem!.enderReme.xLgr = 'Rua \uFFFF';
    await refused('/cte', nonchar, 'infCte.rem.enderReme.xLgr', 'U+FFFF');
    const half = cte();
    half.infCte.compl!.ObsCont![0]!.xTexto = 'A\uD800';
    await refused('/cte', half, 'infCte.compl.ObsCont[0].xTexto', 'U+D800');
    // Tab and line feed are XML characters: no 400 for them.
    const tab = cte();
    tab.infCte.compl!.xObs = 'Linha 1\tcoluna';
    expect((await api.post<Doc>('/cte', tab)).body.status).toBe('autorizado');
  });

  it('DC-e and MDF-e bodies (the MDF-e was authorized with an XML no parser could read)', async () => {
    const dce = dceBody();
    dce.infDCe.det[0]!.prod.xProd = 'Livros\u0001usados';
    await refused('/dce', dce, 'infDCe.det[0].prod.xProd', 'U+0001');
    const body = mdfe();
    body.infMDFe.prodPred!.xProd = 'CARGA \uFFFE GERAL';
    await refused('/mdfe', body, 'infMDFe.prodPred.xProd', 'U+FFFE');
  });

  it("events' text: the cancellation's justificativa and the correction letter's value", async () => {
    const doc = (await api.post<Doc>('/cte', cte())).body;
    expect(doc.status).toBe('autorizado');
    await refused(
      `/cte/${doc.id}/carta-correcao`,
      { correcoes: [{ grupo_alterado: 'compl', campo_alterado: 'xObs', valor_alterado: 'Novo\u0008texto' }] },
      'correcoes[0].valor_alterado',
      'U+0008',
    );
    await refused(
      `/cte/${doc.id}/cancelamento`,
      { justificativa: 'Erro de digitação\u001b no valor do frete' },
      'justificativa',
      'U+001B',
    );
    const manifest = (await api.post<Doc>('/mdfe', mdfe())).body;
    await refused(
      `/mdfe/${manifest.id}/cancelamento`,
      { justificativa: 'Viagem cancelada\u0000 pelo cliente' },
      'justificativa',
      'U+0000',
    );
  });
});
