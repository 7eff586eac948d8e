// Large MDF-e requests are validated, built and signed in a worker thread (offload.ts), so the
// process hosting the sandbox keeps answering; the worker's answer is the one the work in place
// gives, byte for byte, and a worker that dies loses nothing. Under vitest the worker runs the
// TypeScript sources through tsx, as under `npm run web`; the built app runs the bundle Vite makes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

import { afterEach, describe, expect, it } from 'vitest';

import { MDFE_MAX_DOCS_POR_MUNICIPIO } from '../../../electron/fiscal/mdfe-rules';
import { verifySignedXml } from '../../../electron/sandbox/dfe/sign';
import { LargeJsonBody } from '../../../electron/sandbox/http/large-json';
import { validate } from '../../../electron/sandbox/http/validate';
import { issueMdfe, type MdfeIssueEnv } from '../../../electron/sandbox/mdfe/issue';
import type { MdfeIssuer } from '../../../electron/sandbox/mdfe/offload';
import {
  createMdfeIssuer,
  documentCount,
  OFFLOAD_MIN_DOCUMENTS,
  WORKER_BUNDLE,
} from '../../../electron/sandbox/mdfe/offload';
import { mdfePedidoEmissao, type MdfePedidoEmissao } from '../../../electron/fiscal/requests/mdfe';
import { projectRoot } from '../../support/shared';
import { NOW, testCredentials } from '../dfe/fixtures';
import { COMPANY_CNPJ, mdfeBody } from './fixtures';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const env = (): MdfeIssueEnv => ({
  now: NOW,
  companyCpfCnpj: COMPANY_CNPJ,
  credentials: testCredentials(),
  protocolSequence: 7,
  duplicateOf: null,
  open: [],
});
/** A manifest of `ctes` CT-e with a fixed cMDF, so two signings of it are the same bytes. */
function large(ctes = 400): MdfePedidoEmissao {
  const body = mdfeBody({ ctes, nMDF: 77 });
  body.infMDFe.ide.cMDF = '12345678';
  return body;
}
const inPlace = (body: MdfePedidoEmissao) => issueMdfe(mdfePedidoEmissao.parse(body), env());

let issuer: MdfeIssuer | null = null;
afterEach(async () => {
  await issuer?.close();
  issuer = null;
});

describe('the worker in the built app', () => {
  it('Vite builds it where offload.ts looks for it, beside the main bundle', () => {
    const config = readFileSync(path.join(projectRoot, 'vite.config.ts'), 'utf8');
    const entry = /'([a-z-]+)': 'electron\/sandbox\/mdfe\/issue-worker\.ts'/.exec(config);
    expect(entry?.[1] && `${entry[1]}.js`).toBe(WORKER_BUNDLE);
    expect(config).toContain("index: 'electron/main/index.ts'");
  });
});

describe('MDF-e signing off the event loop', () => {
  it('signs a large request in the worker: the same bytes as in place, a valid signature', async () => {
    issuer = createMdfeIssuer(silent);
    const body = large();
    expect(documentCount(body)).toBe(400);
    const prepared = await issuer.prepare(body);
    if (!prepared.ok) throw new Error(JSON.stringify(prepared));
    // What stays on the loop has no document lists: they are what makes a request large.
    expect(prepared.prepared.body.infMDFe.infDoc.infMunDescarga[0]).toEqual({
      cMunDescarga: '4106902',
      xMunDescarga: 'Curitiba',
    });
    const outcome = await prepared.prepared.issue(env());
    const reference = inPlace(body);
    if (outcome.kind !== 'answered' || reference.kind !== 'answered') throw new Error('not answered');
    expect(outcome.status).toBe('autorizado');
    expect(outcome.documentXml).toBe(reference.documentXml);
    expect(outcome.procXml).toBe(reference.procXml);
    expect((outcome.documentXml.match(/<infCTe>/g) ?? []).length).toBe(400);
    expect(verifySignedXml(outcome.documentXml, testCredentials().certificatePem)).toBe(true);
    expect(issuer.stats).toEqual({ inWorker: 1, inPlace: 0, fallbacks: 0 });
  }, 60_000);

  it('parses a body kept as text there, with the answers the sandbox gives any body', async () => {
    issuer = createMdfeIssuer(silent);
    const body = large();
    const prepared = await issuer.prepare(new LargeJsonBody(JSON.stringify(body)));
    if (!prepared.ok) throw new Error(JSON.stringify(prepared));
    const outcome = await prepared.prepared.issue(env());
    expect(outcome.kind === 'answered' && outcome.documentXml).toBe(
      (inPlace(body) as { documentXml: string }).documentXml,
    );
    expect(await issuer.prepare(new LargeJsonBody('{"ambiente": '))).toEqual({
      ok: false,
      malformed: 'O corpo da requisição não é um JSON válido.',
    });
    expect(await issuer.prepare(new LargeJsonBody('[1, 2]'))).toEqual({
      ok: false,
      malformed: 'O corpo da requisição deve ser um objeto JSON.',
    });
    const poisoned = JSON.stringify(body).replace('{"ambiente"', '{"__proto__":{"x":1},"ambiente"');
    expect(await issuer.prepare(new LargeJsonBody(poisoned))).toEqual({
      ok: false,
      malformed: 'O corpo da requisição não é um JSON válido.',
    });
    expect(issuer.stats.inWorker).toBe(1);
  }, 60_000);

  it('refuses an invalid large request with the same errors as in place', async () => {
    issuer = createMdfeIssuer(silent);
    const body = large();
    body.infMDFe.infDoc.infMunDescarga[0]!.infCTe![123] = { chCTe: '123' };
    body.infMDFe.ide.serie = 1000;
    const prepared = await issuer.prepare(body);
    const expected = validate(mdfePedidoEmissao, body);
    expect(expected.ok).toBe(false);
    expect(prepared).toEqual({ ok: false, errors: (expected as { errors: unknown }).errors });
    expect(JSON.stringify(prepared)).toContain('infMDFe.infDoc.infMunDescarga[0].infCTe[123].chCTe');
  }, 60_000);

  it(`keeps small requests (under ${OFFLOAD_MIN_DOCUMENTS} documents) in place`, async () => {
    issuer = createMdfeIssuer(silent, {
      startWorker: () => {
        throw new Error('no worker for a small request');
      },
    });
    const prepared = await issuer.prepare(mdfeBody({ ctes: OFFLOAD_MIN_DOCUMENTS - 1 }));
    if (!prepared.ok) throw new Error(JSON.stringify(prepared));
    expect((await prepared.prepared.issue(env())).kind).toBe('answered');
    expect(issuer.stats).toEqual({ inWorker: 0, inPlace: 1, fallbacks: 0 });
  });

  it('loses nothing when the worker dies: validated and signed in place, and said so in the log', async () => {
    const logged: string[] = [];
    issuer = createMdfeIssuer(
      { ...silent, error: (message) => logged.push(message) },
      { startWorker: () => new Worker('process.exit(3)', { eval: true }) },
    );
    const body = large(60);
    const prepared = await issuer.prepare(body);
    if (!prepared.ok) throw new Error(JSON.stringify(prepared));
    const outcome = await prepared.prepared.issue(env());
    expect(outcome.kind === 'answered' && outcome.documentXml).toBe(
      (inPlace(body) as { documentXml: string }).documentXml,
    );
    expect(issuer.stats).toEqual({ inWorker: 0, inPlace: 0, fallbacks: 1 });
    expect(logged.join('\n')).toMatch(/o trabalho segue no principal/);
  });

  it('refuses work once closed, and a request in the worker at closing', async () => {
    issuer = createMdfeIssuer(silent);
    const pending = expect(issuer.prepare(large(MDFE_MAX_DOCS_POR_MUNICIPIO / 4))).rejects.toThrow(/fechad/);
    await issuer.close();
    await pending;
    await expect(issuer.prepare(large())).rejects.toThrow(/fechando/);
  }, 60_000);
});
