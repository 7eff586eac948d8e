// The AverbePorto client against the pack's constructed exchanges (samples/porto-0*.http): the
// login form and its cookie, the multipart upload field by field, and every answer shape read
// (P with prot, D answered by the key query, R and N refused, logout:1 and error 01 renewing the
// session once, the captcha, the generic error).
import { afterEach, describe, expect, it } from 'vitest';

import { PortoClient, sessionCookie } from '../../electron/insurers/porto';
import { InsurerFailure } from '../../electron/insurers/types';
import { parseMultipart } from '../../electron/sandbox/http/multipart';
import type { Recorded, ReplayServer } from '../support/averbacao-samples';
import { averbacaoSample, httpMessages, jsonLines, replayServer } from '../support/averbacao-samples';
import { sharedAvailable } from '../support/shared';

const CHAVE = '35261111222333000181570010000012341123456788';
const doc = { family: 'cte' as const, chave: CHAVE, xml: '<cteProc>…</cteProc>' };
type Answer = { status: number; headers?: Record<string, string | string[]>; body: string };

describe.skipIf(!sharedAvailable)('AverbePorto client against the pack', () => {
  const session = httpMessages(averbacaoSample('porto-01-session.http'));
  const loginRequest = session[0]!;
  const loginAnswer = session[1]!;
  const sessionBodies = jsonLines(averbacaoSample('porto-01-session.http'));
  const [loginOk, logout, noLogin, captcha, generic] = sessionBodies.map((b) => JSON.stringify(b));
  const uploads = jsonLines(averbacaoSample('porto-02-upload.http')).map((b) => JSON.stringify(b));
  const [processed, duplicate, rejected, denied] = uploads;
  const protocolo = JSON.stringify(jsonLines(averbacaoSample('porto-03-protocolo.http'))[0]);
  const loggedIn: Answer = {
    status: 200,
    headers: { 'set-cookie': loginAnswer.headers['set-cookie']!, 'content-type': 'application/json' },
    body: loginOk!,
  };

  let server: ReplayServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });
  const client = async (answer: (r: Recorded, i: number) => Answer) => {
    server = await replayServer(answer);
    return new PortoClient({
      averbadora: 'porto',
      baseUrl: server.url,
      usuario: 'usuario-api',
      senha: 'senha-api',
    });
  };
  const fields = (r: Recorded) => Object.fromEntries(new URLSearchParams(r.body.toString()));
  const mod = (r: Recorded) =>
    /multipart/.test(String(r.headers['content-type'])) ? 'Upload' : (fields(r).mod ?? '');

  it('reads the session cookie of the sample', () => {
    expect(sessionCookie([loginAnswer.headers['set-cookie']!])).toBe('3f9c0d1e2a4b5c6d7e8f90a1b2c3d4e5');
  });

  it('logs in like the sample, then uploads the XML as the multipart part "file" with the cookie', async () => {
    const c = await client((r) => (mod(r) === 'login' ? loggedIn : { status: 200, body: processed! }));
    const answer = await c.send(doc);
    expect(answer).toMatchObject({
      outcome: 'registrado',
      protocolo: '0588611261122233300018157001000001234001',
      numeros: ['0588611261122233300018157001000001234001'],
      jaRegistrado: false,
    });
    const [login, upload] = server!.requests;
    expect(login!.url).toBe(loginRequest.start.split(' ')[1]);
    expect(login!.headers['content-type']).toBe(loginRequest.headers['content-type']);
    expect(Object.keys(fields(login!))).toEqual(['mod', 'comp', 'user', 'pass']);
    expect(fields(login!)).toEqual({ mod: 'login', comp: '5', user: 'usuario-api', pass: 'senha-api' });
    expect(login!.headers['user-agent']).toMatch(/^Mozilla\/5\.0 /);
    expect(upload!.headers.cookie).toBe('portal[ses]=3f9c0d1e2a4b5c6d7e8f90a1b2c3d4e5');
    const parts = parseMultipart(upload!.body, String(upload!.headers['content-type']));
    const sampleParts = httpMessages(averbacaoSample('porto-02-upload.http'))[0]!.body;
    const sampleNames = [...sampleParts.matchAll(/; name="([^"]+)"/g)].map((m) => m[1]);
    expect(parts.map((p) => p.name)).toEqual(sampleNames);
    expect(
      Object.fromEntries(parts.filter((p) => !p.filename).map((p) => [p.name, p.data.toString()])),
    ).toEqual({
      comp: '5',
      mod: 'Upload',
      path: 'eguarda/php/',
      recipient: '',
    });
    const file = parts.find((p) => p.name === 'file')!;
    expect(file.filename).toBe(`${CHAVE}.xml`);
    expect(file.contentType).toBe('application/xml');
    expect(file.data.toString()).toBe(doc.xml);
  });

  it('a duplicate (D) brings no number: it is asked by key and marked as already registered', async () => {
    const c = await client((r) =>
      mod(r) === 'login'
        ? loggedIn
        : mod(r) === 'Protocolo'
          ? { status: 200, body: protocolo }
          : { status: 200, body: duplicate! },
    );
    expect(await c.send(doc)).toMatchObject({
      outcome: 'registrado',
      jaRegistrado: true,
      protocolo: '0588611261122233300018157001000001234001',
    });
    const query = server!.requests.find((r) => mod(r) === 'Protocolo')!;
    expect(new URLSearchParams(query.body.toString()).getAll('chave[]')).toEqual([CHAVE]);
    expect(fields(query)).toMatchObject({ comp: '5', path: 'atwe/php/' });
  });

  it.each([
    ['R', () => rejected!],
    ['N', () => denied!],
  ])("%s: refused with the service's message, not resent", async (_, body) => {
    const c = await client((r) => (mod(r) === 'login' ? loggedIn : { status: 200, body: body() }));
    expect(await c.send(doc)).toMatchObject({
      outcome: 'recusado',
      retryable: false,
      erros: [{ codigo: '00', descricao: '<message>' }],
    });
  });

  it.each([
    ['logout:1', () => logout!],
    ['error 01', () => noLogin!],
  ])('%s on the upload: logs in again once, then sends', async (_, body) => {
    const c = await client((r, i) =>
      mod(r) === 'login'
        ? loggedIn
        : i === 1
          ? { status: 200, body: body() }
          : { status: 200, body: processed! },
    );
    expect(await c.send(doc)).toMatchObject({ outcome: 'registrado' });
    expect(server!.requests.map(mod)).toEqual(['login', 'Upload', 'login', 'Upload']);
  });

  it('wrong credentials (logout:1 on login) and the captcha are login failures in words', async () => {
    const wrong = await client(() => ({ status: 200, body: logout! }));
    const failure = (await wrong.send(doc).catch((e: unknown) => e)) as InsurerFailure;
    expect(failure.kind).toBe('credenciais');
    expect((await wrong.checkLogin()).ok).toBe(false);
    await server!.close();
    const robot = await client(() => ({ status: 200, body: captcha! }));
    const check = await robot.checkLogin();
    expect(check.ok).toBe(false);
    expect(check.message).toContain('não sou um robô');
  });

  it('success:0 (Ghs.loc.error) is a failure to try again later', async () => {
    const c = await client((r) => (mod(r) === 'login' ? loggedIn : { status: 200, body: generic! }));
    const failure = (await c.send(doc).catch((e: unknown) => e)) as InsurerFailure;
    expect(failure).toBeInstanceOf(InsurerFailure);
    expect(failure.retryable).toBe(true);
  });
});
