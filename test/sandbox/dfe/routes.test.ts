import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySignedXml } from '../../../electron/sandbox/dfe/sign';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import { sharedAvailable } from '../../support/shared';
import { certifiedCompany, client, empresaBody, getToken, startTestSandbox } from '../support';
import { COMPANY_CNPJ, cteBody, cteOsBody, cteSimpBody, dceBody, NOW } from './fixtures';
import { CTE_XSD, DCE_XSD, xsdErrors } from './xsd';

let sandbox: RunningSandbox;
let api: ReturnType<typeof client>;
let certificatePem: string;
const HOUR = 3_600_000;

type Doc = {
  id: string;
  status: string;
  chave: string;
  numero: number;
  autorizacao: { codigo_status: number; motivo_status: string; numero_protocolo: string | null } | null;
};
type Ev = {
  id: string;
  status: string;
  codigo_status: number;
  numero_sequencial: number;
  justificativa?: string;
};
type Err = { error: { code: string; message: string } };

let numero = 1000;
const nextCte = (over: Parameters<typeof cteBody>[0] = {}) => {
  const body = cteBody(over);
  body.infCte.ide.nCT = ++numero;
  body.referencia = `ref-${numero}`;
  body.infCte.ide.dhEmi = new Date(sandbox.control.clock.nowMs() - 60_000)
    .toISOString()
    .replace(/\.\d+Z$/, 'Z');
  return body;
};

beforeAll(async () => {
  sandbox = await startTestSandbox({ clockStart: NOW.getTime() });
  api = client(sandbox.url, await getToken(sandbox.url));
  await certifiedCompany(sandbox, api, COMPANY_CNPJ);
  expect((await api.post('/empresas', empresaBody('04252011000110', 'SEM CERTIFICADO LTDA'))).status).toBe(
    200,
  );
  const creds = await sandbox.control.context.getSigningCredentials(COMPANY_CNPJ);
  certificatePem = new X509Certificate(creds!.certificatePem).toString();
});
afterAll(() => sandbox.close());

describe.skipIf(!sharedAvailable)('/cte over HTTP', () => {
  it('emits, lists, reads and serves XML that validates and verifies, and a PDF', async () => {
    const res = await api.post<Doc>('/cte', nextCte());
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('autorizado');
    expect(res.body.autorizacao?.numero_protocolo).toMatch(/^\d{15}$/);
    const id = res.body.id;
    expect((await api.get<Doc>(`/cte/${id}`)).body.chave).toBe(res.body.chave);
    const list = await api.get<{ data: Doc[]; '@count': number }>(
      `/cte?cpf_cnpj=${COMPANY_CNPJ}&ambiente=homologacao&referencia=ref-${numero}&$inlinecount=true`,
    );
    expect(list.body['@count']).toBe(1);
    expect((await api.get<Err>(`/cte?cpf_cnpj=${COMPANY_CNPJ}`)).status).toBe(400);

    const xml = (await api.get<Buffer>(`/cte/${id}/xml`)).raw.toString('utf8');
    expect(xsdErrors(xml, CTE_XSD('procCTe_v4.00.xsd'))).toBeNull();
    expect(verifySignedXml(xml, certificatePem)).toBe(true);
    const sent = (await api.get<Buffer>(`/cte/${id}/xml/conhecimento`)).raw.toString('utf8');
    expect(xsdErrors(sent, CTE_XSD('cte_v4.00.xsd'))).toBeNull();
    expect((await api.get<Buffer>(`/cte/${id}/xml/protocolo`)).raw.toString('utf8')).toContain('<protCTe');
    const pdf = await api.get<Buffer>(`/cte/${id}/pdf`);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const debug = await api.get<{ requisicoes: unknown[] }>(`/debug/${id}`);
    expect(debug.status).toBe(200);
    expect(debug.body.requisicoes.length).toBeGreaterThan(0);
  });

  it('refuses a repeated referencia with 400 and creates nothing', async () => {
    const body = nextCte();
    expect((await api.post('/cte', body)).status).toBe(200);
    body.infCte.ide.nCT = ++numero;
    const again = await api.post<Err>('/cte', body);
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe("O campo 'referencia' deve ser único.");
    const list = await api.get<{ data: Doc[] }>(
      `/cte?cpf_cnpj=${COMPANY_CNPJ}&ambiente=homologacao&referencia=${body.referencia}`,
    );
    expect(list.body.data).toHaveLength(1);
  });

  it('validation errors name JSON paths; company without certificate is a 400', async () => {
    const bad = nextCte() as unknown as { infCte: { rem: { enderReme: { cMun: string } } } };
    bad.infCte.rem.enderReme.cMun = 'x';
    const res = await api.post<Err>('/cte', bad);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('ValidationFailed');
    expect(res.body.error.message).toContain('infCte.rem.enderReme.cMun');

    const other = nextCte();
    other.infCte.emit.CNPJ = '04252011000110';
    const noCert = await api.post<Err>('/cte', other);
    expect(noCert.status).toBe(400);
    expect(noCert.body.error.code).toBe('CertificateNotFound');
  });

  it('rejects a duplicate number (539) and a CFOP/UF mismatch (519); XML only for authorized', async () => {
    const first = nextCte();
    expect((await api.post<Doc>('/cte', first)).body.status).toBe('autorizado');
    const dup = { ...first, referencia: `${first.referencia}-b` };
    const res = await api.post<Doc>('/cte', dup);
    expect(res.body.status).toBe('rejeitado');
    expect(res.body.autorizacao?.codigo_status).toBe(539);
    expect((await api.get(`/cte/${res.body.id}/xml`)).status).toBe(400);
    expect((await api.get(`/cte/${res.body.id}/xml/conhecimento`)).status).toBe(200);

    const cfop = await api.post<Doc>('/cte', nextCte({ UFFim: 'SP', CFOP: '5353' }));
    expect(cfop.body.autorizacao?.codigo_status).toBe(519);
  });

  it('cancels within 168 h, refuses after; the cancellation XML validates', async () => {
    const doc = (await api.post<Doc>('/cte', nextCte())).body;
    const ev = await api.post<Ev>(`/cte/${doc.id}/cancelamento`, { justificativa: '' });
    expect(ev.status).toBe(200);
    expect(ev.body.status).toBe('registrado');
    expect(ev.body.justificativa!.length).toBeGreaterThanOrEqual(15);
    expect((await api.get<Doc>(`/cte/${doc.id}`)).body.status).toBe('cancelado');
    const xml = (await api.get<Buffer>(`/cte/${doc.id}/cancelamento/xml`)).raw.toString('utf8');
    expect(xsdErrors(xml, CTE_XSD('procEventoCTe_v4.00.xsd'))).toBeNull();
    expect((await api.get<Ev>(`/cte/eventos/${ev.body.id}`)).body.id).toBe(ev.body.id);

    const late = (await api.post<Doc>('/cte', nextCte())).body;
    sandbox.control.clock.advance(169 * HOUR);
    const refused = await api.post<Ev>(`/cte/${late.id}/cancelamento`, {
      justificativa: 'Frete lançado em duplicidade',
    });
    expect(refused.body.status).toBe('rejeitado');
    expect(refused.body.codigo_status).toBe(220);
    expect((await api.post<Err>(`/cte/${late.id}/cancelamento`, { justificativa: 'curta' })).status).toBe(
      400,
    );
  });

  it('numbers correction letters and refuses the 21st', async () => {
    const doc = (await api.post<Doc>('/cte', nextCte())).body;
    const cc = {
      correcoes: [{ grupo_alterado: 'compl', campo_alterado: 'xObs', valor_alterado: 'Nova observação' }],
    };
    for (let i = 1; i <= 20; i++) {
      const r = await api.post<Ev>(`/cte/${doc.id}/carta-correcao`, cc);
      expect(r.body.numero_sequencial).toBe(i);
    }
    const last = (await api.get<Buffer>(`/cte/${doc.id}/carta-correcao/xml`)).raw.toString('utf8');
    expect(xsdErrors(last, CTE_XSD('procEventoCTe_v4.00.xsd'))).toBeNull();
    expect(last).toContain('<nSeqEvento>20</nSeqEvento>');
    const r21 = await api.post<Err>(`/cte/${doc.id}/carta-correcao`, cc);
    expect(r21.status).toBe(400);
    expect(r21.body.error.code).toBe('CorrectionLimitReached');
  });

  it('pending fault: pendente for N consultations, then the final status', async () => {
    sandbox.control.context.faults.add({ type: 'pendente', polls: 2, documents: 1 });
    const doc = (await api.post<Doc>('/cte', nextCte())).body;
    expect(doc.status).toBe('pendente');
    expect((await api.get<Doc>(`/cte/${doc.id}`)).body.status).toBe('pendente');
    expect((await api.get<Doc>(`/cte/${doc.id}`)).body.status).toBe('autorizado');
  });

  it('authority rejection fault and the dfe-eventos quota', async () => {
    sandbox.control.context.faults.add({
      type: 'rejeicao',
      count: 1,
      codigo_status: 999,
      motivo_status: 'Rejeição: Erro não catalogado',
    });
    expect((await api.post<Doc>('/cte', nextCte())).body.autorizacao?.codigo_status).toBe(999);
    const before = await sandbox.control.context.quotas.get('dfe-eventos');
    await api.post('/cte', nextCte());
    const after = await sandbox.control.context.quotas.get('dfe-eventos');
    expect(after.consumo).toBe(before.consumo + 1);
  });

  it('sefaz status answers per authorizer and caches for 5 minutes', async () => {
    const a = await api.get<{ autorizador: string; data_hora_consulta: string }>(
      `/cte/sefaz/status?cpf_cnpj=${COMPANY_CNPJ}`,
    );
    expect(a.body.autorizador).toBe('SP');
    sandbox.control.clock.advance(60_000);
    const b = await api.get<{ data_hora_consulta: string }>(`/cte/sefaz/status?cpf_cnpj=${COMPANY_CNPJ}`);
    expect(b.body.data_hora_consulta).toBe(a.body.data_hora_consulta);
    sandbox.control.clock.advance(5 * 60_000);
    const c = await api.get<{ data_hora_consulta: string }>(`/cte/sefaz/status?cpf_cnpj=${COMPANY_CNPJ}`);
    expect(c.body.data_hora_consulta).not.toBe(a.body.data_hora_consulta);
  });
});

describe.skipIf(!sharedAvailable)('/cteos and /dce over HTTP', () => {
  it('CT-e OS round trip', async () => {
    const body = cteOsBody();
    body.infCte.ide.dhEmi = new Date(sandbox.control.clock.nowMs()).toISOString().replace(/\.\d+Z$/, 'Z');
    const res = await api.post<Doc>('/cteos', body);
    expect(res.body.status).toBe('autorizado');
    const xml = (await api.get<Buffer>(`/cteos/${res.body.id}/xml`)).raw.toString('utf8');
    expect(xsdErrors(xml, CTE_XSD('procCTeOS_v4.00.xsd'))).toBeNull();
  });

  it('DC-e round trip with cancellation only', async () => {
    const body = dceBody();
    body.infDCe.ide.dhEmi = new Date(sandbox.control.clock.nowMs()).toISOString().replace(/\.\d+Z$/, 'Z');
    const res = await api.post<Doc>('/dce', body);
    expect(res.body.status).toBe('autorizado');
    const xml = (await api.get<Buffer>(`/dce/${res.body.id}/xml`)).raw.toString('utf8');
    expect(xsdErrors(xml, DCE_XSD('procDCe_v1.00.xsd'))).toBeNull();
    expect((await api.get(`/dce/${res.body.id}/xml/declaracao`)).status).toBe(200);
    const ev = await api.post<Ev>(`/dce/${res.body.id}/cancelamento`, {});
    expect(ev.body.status).toBe('registrado');
    const evXml = (await api.get<Buffer>(`/dce/${res.body.id}/cancelamento/xml`)).raw.toString('utf8');
    expect(xsdErrors(evXml, DCE_XSD('procEventoDCe_v1.00.xsd'))).toBeNull();
    expect((await api.post(`/dce/${res.body.id}/carta-correcao`, {})).status).toBe(404);
  });
});

describe.skipIf(!sharedAvailable)('/cte/simp over HTTP', () => {
  it('emits a CT-e Simplificado readable through /cte/{id}', async () => {
    const body = cteSimpBody();
    body.infCte.ide.dhEmi = new Date(sandbox.control.clock.nowMs()).toISOString().replace(/\.\d+Z$/, 'Z');
    const res = await api.post<Doc>('/cte/simp', body);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('autorizado');
    const xml = (await api.get<Buffer>(`/cte/${res.body.id}/xml`)).raw.toString('utf8');
    expect(xsdErrors(xml, CTE_XSD('procCTeSimp_v4.00.xsd'))).toBeNull();
    expect((await api.get<Doc>(`/cte/${res.body.id}`)).body.chave).toBe(res.body.chave);
  });

  it('an authority-side cancellation shows on consultation', async () => {
    const doc = (await api.post<Doc>('/cte', nextCte())).body;
    sandbox.control.context.faults.add({ type: 'cancelamento-autoridade', id: doc.chave });
    expect((await api.get<Doc>(`/cte/${doc.id}`)).body.status).toBe('cancelado');
  });

  it('a rejected number may be reused; an authorized one may not', async () => {
    const body = nextCte({ UFFim: 'SP', CFOP: '5353' });
    expect((await api.post<Doc>('/cte', body)).body.status).toBe('rejeitado');
    const fixed = { ...body, referencia: `${body.referencia}-fix` };
    fixed.infCte = { ...body.infCte, ide: { ...body.infCte.ide, CFOP: '6353' } };
    expect((await api.post<Doc>('/cte', fixed)).body.status).toBe('autorizado');
  });
});

describe.skipIf(!sharedAvailable)('quota and debug over HTTP', () => {
  it('records the pending consultations as debug steps', async () => {
    sandbox.control.context.faults.add({ type: 'pendente', polls: 1, documents: 1 });
    const doc = (await api.post<Doc>('/cte', nextCte())).body;
    await api.get(`/cte/${doc.id}`);
    const debug = await api.get<{ requisicoes: Array<{ tipo: string }> }>(`/debug/${doc.id}`);
    expect(debug.body.requisicoes.map((r) => r.tipo)).toEqual(['envio', 'consulta_protocolo']);
  });

  it('an exhausted dfe-eventos quota answers 429 and creates nothing', async () => {
    const quotas = sandbox.control.context.quotas;
    const used = (await quotas.get('dfe-eventos')).consumo;
    quotas.setLimit('dfe-eventos', used);
    const body = nextCte();
    const res = await api.post<Err>('/cte', body);
    expect(res.status).toBe(429);
    const list = await api.get<{ data: Doc[] }>(
      `/cte?cpf_cnpj=${COMPANY_CNPJ}&ambiente=homologacao&referencia=${body.referencia}`,
    );
    expect(list.body.data).toHaveLength(0);
    quotas.setLimit('dfe-eventos', 10_000);
  });
});
