// The MDF-e routes' conventions: scope, lists and paging, filters, 404s, the pending fault, the
// PDF read back, the control API's guard.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningSandbox } from '../../../electron/sandbox/server';
import { verifySignedXml } from '../../../electron/sandbox/dfe/sign';
import { sharedAvailable } from '../../support/shared';
import {
  certificateOnClock,
  certifiedCompany,
  client,
  control,
  errorOf,
  getToken,
  startTestSandbox,
} from '../support';
import { xsdErrors } from '../dfe/xsd';
import { NOW } from '../dfe/fixtures';
import { COMPANY_CNPJ, CPF_B, MDFE_XSD, mdfeBody } from './fixtures';

type Doc = { id: string; status: string; chave: string; serie: number };

describe('MDF-e routes', () => {
  let sandbox: RunningSandbox;
  let api: ReturnType<typeof client>;
  let n = 100;
  let certificatePem = '';
  const dhEmi = () => new Date(sandbox.control.clock.nowMs()).toISOString().replace(/\.\d+Z$/, 'Z');
  const plate = () => `RTA${n % 10}B${String(Math.floor(n / 10) % 100).padStart(2, '0')}`;
  const issue = async (over: { referencia?: string; serie?: number } = {}) => {
    n++;
    const b = mdfeBody({ nMDF: n, placa: plate(), dhEmi: dhEmi() });
    if (over.serie !== undefined) b.infMDFe.ide.serie = over.serie;
    b.referencia = over.referencia;
    const res = await api.post<Doc>('/mdfe', b);
    expect(res.status, res.raw.toString()).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    sandbox = await startTestSandbox({ clockStart: NOW.getTime(), pdfEngine: null });
    api = client(sandbox.url, await getToken(sandbox.url));
    const pfx = certificateOnClock(sandbox, COMPANY_CNPJ);
    certificatePem = pfx.certificatePem;
    await certifiedCompany(sandbox, api, COMPANY_CNPJ, undefined, pfx);
  });
  afterAll(() => sandbox?.close());

  it('needs the mdfe scope', async () => {
    const cteOnly = client(sandbox.url, await getToken(sandbox.url, 'cte'));
    const res = await cteOnly.get(`/mdfe?cpf_cnpj=${COMPANY_CNPJ}&ambiente=homologacao`);
    expect(res.status).toBe(403);
    expect(errorOf(res).message).toContain('mdfe');
  });

  it('lists newest first with $top/$skip/@count and filters by referencia, chave and série', async () => {
    const a = await issue({ referencia: 'lista-a', serie: 7 });
    const b = await issue({ serie: 7 });
    const c = await issue({ serie: 8 });
    const q = `/mdfe?cpf_cnpj=${COMPANY_CNPJ}&ambiente=homologacao`;
    const page = await api.get<{ '@count': number; data: Doc[] }>(`${q}&$top=2&$inlinecount=true`);
    expect(page.body.data.map((d) => d.id)).toEqual([c.id, b.id]);
    expect(page.body['@count']).toBe(3);
    const next = await api.get<{ data: Doc[] }>(`${q}&$top=2&$skip=2`);
    expect(next.body.data.map((d) => d.id)).toEqual([a.id]);
    expect((await api.get<{ data: Doc[] }>(`${q}&referencia=lista-a`)).body.data.map((d) => d.id)).toEqual([
      a.id,
    ]);
    expect((await api.get<{ data: Doc[] }>(`${q}&chave=${b.chave}`)).body.data.map((d) => d.id)).toEqual([
      b.id,
    ]);
    expect((await api.get<{ data: Doc[] }>(`${q}&serie=8`)).body.data.map((d) => d.id)).toEqual([c.id]);
    expect((await api.get(`/mdfe?ambiente=homologacao`)).status).toBe(400);
    expect((await api.get(`${q}&$top=101`)).status).toBe(400);
  });

  it('a repeated referencia is refused and creates nothing', async () => {
    await issue({ referencia: 'unica-1' });
    const again = mdfeBody({ nMDF: 999, placa: 'UNI1C23', dhEmi: dhEmi() });
    again.referencia = 'unica-1';
    const res = await api.post('/mdfe', again);
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toContain('referencia');
  });

  it('answers 404 for unknown manifests and events not yet registered', async () => {
    expect((await api.get('/mdfe/mdfe_naoexiste')).status).toBe(404);
    const d = await issue();
    const res = await api.get(`/mdfe/${d.id}/encerramento`);
    expect(res.status).toBe(404);
    expect(errorOf(res).message).toContain('encerramento');
    expect((await api.get('/mdfe/eventos/evt_naoexiste')).status).toBe(404);
    expect((await api.get(`/mdfe/sefaz/status?cpf_cnpj=${COMPANY_CNPJ}&autorizador=SP`)).status).toBe(400);
  });

  it('a pending fault shows pendente until consulted, then the answer', async () => {
    await control(sandbox.url, 'POST', '/faults', { type: 'pendente', polls: 2 });
    const d = await issue();
    expect(d.status).toBe('pendente');
    expect((await api.get<Doc>(`/mdfe/${d.id}`)).body.status).toBe('pendente');
    expect((await api.get(`/mdfe/${d.id}/xml`)).status).toBe(400);
    expect((await api.get<Doc>(`/mdfe/${d.id}`)).body.status).toBe('autorizado');
  });

  it('a rejected MDF-e keeps its XML as sent but has no mdfeProc', async () => {
    const b = mdfeBody({ nMDF: ++n, placa: plate(), dhEmi: dhEmi() });
    b.infMDFe.seg = null;
    const d = (await api.post<Doc>('/mdfe', b)).body;
    expect(d.status).toBe('rejeitado');
    expect((await api.get(`/mdfe/${d.id}/xml/manifesto`)).raw.toString()).toContain(`Id="MDFe${d.chave}"`);
    expect((await api.get(`/mdfe/${d.id}/xml`)).status).toBe(400);
  });

  it('the DAMDFE PDF carries the key, the plate and the homologação mark', async () => {
    const d = await issue();
    const pdf = await api.get(`/mdfe/${d.id}/pdf`);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'damdfe-'));
    writeFileSync(path.join(dir, 'd.pdf'), pdf.raw);
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'd.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain(d.chave);
    expect(text).toContain(plate());
    expect(text).toContain('SEM VALOR FISCAL');
  });

  it.skipIf(!sharedAvailable)(
    'the downloaded mdfeProc and events validate against the XSDs and verify with the company certificate',
    async () => {
      const d = await issue();
      const proc = (await api.get(`/mdfe/${d.id}/xml`)).raw.toString('utf8');
      expect(xsdErrors(proc, MDFE_XSD('procMDFe_v3.00.xsd'))).toBeNull();
      expect(verifySignedXml(proc, certificatePem)).toBe(true);
      const driver = await api.post<{ id: string }>(`/mdfe/${d.id}/inclusao-condutor`, {
        nome_condutor: 'MARIA SOUZA',
        cpf_condutor: CPF_B,
      });
      await api.post(`/mdfe/${d.id}/encerramento`, { uf: 'PR', codigo_municipio: '4106902' });
      for (const path of [`/mdfe/eventos/${driver.body.id}/xml`, `/mdfe/${d.id}/encerramento/xml`]) {
        const xml = (await api.get(path)).raw.toString('utf8');
        expect(xsdErrors(xml, MDFE_XSD('procEventoMDFe_v3.00.xsd')), path).toBeNull();
        expect(verifySignedXml(xml, certificatePem), path).toBe(true);
      }
      const debug = await api.get<{ steps?: Array<{ tipo: string }> }>(`/debug/${d.id}`);
      expect(debug.status).toBe(200);
    },
  );

  it('an authorized MDF-e cannot be corrected: there is no correction letter for MDF-e', async () => {
    const d = await issue();
    const res = await api.post(`/mdfe/${d.id}/carta-correcao`, {
      correcoes: [{ grupo_alterado: 'ide', campo_alterado: 'UFFim', valor_alterado: 'SC' }],
    });
    expect(res.status).toBe(404);
  });

  it('issuing and each event count against the dfe-eventos quota', async () => {
    const quota = async () =>
      (await api.get<{ data: Array<{ nome: string; consumo: number }> }>('/conta/cotas')).body.data.find(
        (q) => q.nome === 'dfe-eventos',
      )!.consumo;
    const before = await quota();
    const d = await issue();
    await api.post(`/mdfe/${d.id}/encerramento`, { uf: 'PR', codigo_municipio: '4106902' });
    expect(await quota()).toBe(before + 2);
  });

  it('the control API needs the secret', async () => {
    const res = await control(
      sandbox.url,
      'POST',
      '/mdfe/nao-encerrados',
      { cpf_cnpj: COMPANY_CNPJ },
      'errado',
    );
    expect(res.status).toBe(401);
    const bad = await control(sandbox.url, 'POST', '/mdfe/nao-encerrados', {
      cpf_cnpj: COMPANY_CNPJ,
      placa: 'x',
    });
    expect(bad.status).toBe(400);
  });
});
