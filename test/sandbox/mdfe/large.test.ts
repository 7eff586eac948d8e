// Large MDF-e over HTTP: a body of thousands of documents is parsed, validated and signed in the
// worker thread (offload.ts, http/large-json.ts), and answers exactly as a small body would —
// malformed JSON, prototype poisoning and schema errors alike; emissions run one at a time, so the
// open-manifest rule sees a manifest still being signed; a message over 1024 KB is the authority's
// 214 (MOC MDF-e 3.00 §4.5.5 B01).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LARGE_JSON_CHARS } from '../../../electron/sandbox/http/large-json';
import { verifySignedXml } from '../../../electron/sandbox/dfe/sign';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import { certificateOnClock, certifiedCompany, client, getToken, startTestSandbox } from '../support';
import { NOW } from '../dfe/fixtures';
import { COMPANY_CNPJ, mdfeBody } from './fixtures';
import type { MdfePedidoEmissao } from '../../../electron/fiscal/requests/mdfe';

type Doc = { id: string; status: string; autorizacao: { codigo_status: number; motivo_status: string } };

describe('large MDF-e through the HTTP interface', () => {
  let sandbox: RunningSandbox;
  let token = '';
  let certificatePem = '';
  let n = 300;
  const dhEmi = () => new Date(sandbox.control.clock.nowMs()).toISOString().replace(/\.\d+Z$/, 'Z');
  const body = (ctes: number, placa: string): MdfePedidoEmissao =>
    mdfeBody({ nMDF: ++n, ctes, placa, dhEmi: dhEmi() });
  const post = async (text: string) => {
    const res = await fetch(`${sandbox.url}/mdfe`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: text,
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    sandbox = await startTestSandbox({ clockStart: NOW.getTime(), pdfEngine: null });
    token = await getToken(sandbox.url);
    const pfx = certificateOnClock(sandbox, COMPANY_CNPJ);
    certificatePem = pfx.certificatePem;
    await certifiedCompany(sandbox, client(sandbox.url, token), COMPANY_CNPJ, undefined, pfx);
  });
  afterAll(() => sandbox?.close());

  it('authorizes 2,000 CT-e; the XML holds them all, signed; the debug record keeps the body sent', async () => {
    const text = JSON.stringify(body(2000, 'LRG1A23'));
    expect(text.length).toBeGreaterThan(LARGE_JSON_CHARS);
    const stats = sandbox.control.context.mdfeIssuer.stats;
    const before = { ...stats };
    const answer = await post(text);
    // Parsed, validated and signed in the worker thread, not on the sandbox's event loop.
    expect(stats.inWorker).toBe(before.inWorker + 1);
    expect(stats.fallbacks).toBe(before.fallbacks);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    const doc = answer.json as unknown as Doc;
    expect([doc.status, doc.autorizacao.codigo_status]).toEqual(['autorizado', 100]);
    const api = client(sandbox.url, token);
    const xml = (await api.get(`/mdfe/${doc.id}/xml`)).raw.toString('utf8');
    expect((xml.match(/<infCTe><chCTe>/g) ?? []).length).toBe(2000);
    expect(verifySignedXml(xml, certificatePem)).toBe(true);
    expect((await api.get(`/debug/${doc.id}/original-payload`)).raw.toString('utf8')).toBe(text);
  }, 120_000);

  it('answers a large body as it answers a small one: malformed, poisoned, invalid', async () => {
    const small = JSON.stringify(body(2, 'SML1A23'));
    const big = JSON.stringify(body(2000, 'BIG1A23'));
    const pairs: Array<[string, (text: string) => string]> = [
      ['malformed', (t) => t.slice(0, -5)],
      ['__proto__', (t) => t.replace('{"ambiente"', '{"__proto__":{"polluted":true},"ambiente"')],
      [
        'constructor.prototype',
        (t) => t.replace('{"ambiente"', '{"constructor":{"prototype":{}},"ambiente"'),
      ],
      ['not an object', () => '[' + '1,'.repeat(LARGE_JSON_CHARS) + '1]'],
      ['schema', (t) => t.replace('"serie":1,', '"serie":1000,')],
    ];
    for (const [label, spoil] of pairs) {
      const fromSmall = await post(spoil(small));
      const fromBig = await post(spoil(big));
      expect(fromBig.status, label).toBe(400);
      expect(fromBig, label).toEqual(fromSmall);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 120_000);

  it('one at a time: of two large manifests for the same truck sent together, the second is 611', async () => {
    const [a, b] = await Promise.all([
      post(JSON.stringify(body(1500, 'DUO1A23'))),
      post(JSON.stringify(body(1500, 'DUO1A23'))),
    ]);
    const codes = [a, b].map((r) => (r.json as unknown as Doc).autorizacao.codigo_status).sort();
    expect(codes).toEqual([100, 611]);
  }, 120_000);

  it('214: a manifest whose message passes 1024 KB is refused by the authority (B01)', async () => {
    // 20,000 CT-e: the layout's maximum for one municipality, about 1.5 MB of XML.
    const answer = await post(JSON.stringify(body(20_000, 'MAX1A23')));
    expect(answer.status, JSON.stringify(answer.json).slice(0, 500)).toBe(200);
    const doc = answer.json as unknown as Doc;
    expect(doc.status).toBe('rejeitado');
    expect(doc.autorizacao).toMatchObject({
      codigo_status: 214,
      motivo_status: 'Rejeição: Tamanho da mensagem excedeu o limite estabelecido',
    });
  }, 180_000);
});
