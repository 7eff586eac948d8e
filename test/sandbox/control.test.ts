import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { CLIENT_SECRET, client, control, empresaBody, errorOf, getToken, startTestSandbox } from './support';

let sandbox: RunningSandbox;
let url: string;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  url = sandbox.url;
  api = client(url, await getToken(url));
});
afterAll(() => sandbox.close());

describe('control API guard', () => {
  it('needs X-Sandbox-Secret and is not reachable with a bearer token alone', async () => {
    const missing = await fetch(`${url}/_sandbox/faults`);
    expect(missing.status).toBe(401);
    const wrong = await control(url, 'GET', '/faults', undefined, 'nope');
    expect(wrong.status).toBe(401);
    expect(errorOf(wrong).message).toContain('X-Sandbox-Secret');
    expect((await control(url, 'GET', '/faults', undefined, CLIENT_SECRET)).status).toBe(200);
  });

  it('validates fault bodies', async () => {
    const res = await control(url, 'POST', '/faults', { type: 'status', path: '/cep/*', status: 418 });
    expect(res.status).toBe(400);
    expect((await control(url, 'POST', '/faults', { type: 'explode' })).status).toBe(400);
  });
});

describe('HTTP faults', () => {
  it('adds latency to matching paths only', async () => {
    // Which request the fault delayed is read from the fault list (a counted fault is consumed by
    // the request it delays), never from how fast the others were: a loaded machine is slow anyway.
    const pending = async () =>
      (
        await control<{ data: Array<{ type: string; count?: number }> }>(url, 'GET', '/faults')
      ).body.data.filter((f) => f.type === 'latency');
    await control(url, 'POST', '/faults', { type: 'latency', path: '/conta/*', ms: 300, count: 1 });
    await api.get('/empresas');
    expect(await pending()).toHaveLength(1);
    const start = Date.now();
    expect((await api.get('/conta/cotas')).status).toBe(200);
    expect(Date.now() - start).toBeGreaterThanOrEqual(290);
    expect(await pending()).toEqual([]);
  });

  it('answers 500/503 for the next N matching requests, then recovers', async () => {
    await control(url, 'POST', '/faults', { type: 'status', path: '/empresas*', status: 503, count: 2 });
    await control(url, 'POST', '/faults', {
      type: 'status',
      path: '/conta/cotas',
      method: 'GET',
      status: 500,
      count: 1,
    });
    const first = await api.get('/empresas');
    expect(first.status).toBe(503);
    expect(errorOf(first).message).toMatch(/indisponível/);
    expect((await api.get('/empresas?$top=1')).status).toBe(503);
    expect((await api.get('/empresas')).status).toBe(200);
    expect((await api.get('/conta/cotas')).status).toBe(500);
    expect((await api.get('/conta/cotas')).status).toBe(200);
  });

  it('answers 429 with Retry-After for the next N', async () => {
    await control(url, 'POST', '/faults', { type: 'status', path: '/cep/*', status: 429, count: 1 });
    const res = await api.get('/cep/01310100');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
    expect((await api.get('/cep/01310100')).status).toBe(200);
  });

  it('drops the connection after a POST commits: no answer, but the company exists', async () => {
    await control(url, 'POST', '/faults', { type: 'drop', path: '/empresas', count: 1 });
    await expect(api.post('/empresas', empresaBody())).rejects.toThrow();
    const stored = await api.get('/empresas/11222333000181');
    expect(stored.status).toBe(200);
    // Exhausted: the next POST answers normally (409, already registered).
    expect((await api.post('/empresas', empresaBody())).status).toBe(409);
  });
});

describe('authority flags for document routes', () => {
  it('pendente for N polls, rejections, cancellation behind the service', async () => {
    const { faults } = sandbox.control.context;
    expect(faults.takePendingPolls()).toBe(0);
    await control(url, 'POST', '/faults', { type: 'pendente', polls: 3, documents: 2 });
    expect([faults.takePendingPolls(), faults.takePendingPolls(), faults.takePendingPolls()]).toEqual([
      3, 3, 0,
    ]);

    await control(url, 'POST', '/faults', {
      type: 'rejeicao',
      count: 1,
      codigo_status: 539,
      motivo_status: 'Rejeição: Duplicidade',
    });
    await control(url, 'POST', '/faults', { type: 'rejeicao' });
    expect(faults.takeAuthorityRejection()).toEqual({
      codigo_status: 539,
      motivo_status: 'Rejeição: Duplicidade',
    });
    expect(faults.takeAuthorityRejection()).toEqual({
      codigo_status: 999,
      motivo_status: 'Rejeição: Erro não catalogado',
    });
    expect(faults.takeAuthorityRejection()).toBeNull();

    await control(url, 'POST', '/faults', { type: 'cancelamento-autoridade', id: 'cte_abc' });
    expect(faults.cancelledAtAuthority('cte_other', 'cte_abc')).toMatchObject({ at: expect.any(String) });
    expect(faults.cancelledAtAuthority('cte_abc')).not.toBeNull();
    const listed = await control<{ data: { type: string }[] }>(url, 'GET', '/faults');
    expect(listed.body.data.map((f) => f.type)).toContain('cancelamento-autoridade');
    expect((await control(url, 'DELETE', '/faults')).status).toBe(204);
    expect(faults.cancelledAtAuthority('cte_abc')).toBeNull();
  });
});

describe('clock and reset', () => {
  it('moves the clock and resets everything', async () => {
    const before = Date.parse((await control<{ now: string }>(url, 'GET', '/clock')).body.now);
    const moved = await control<{ now: string }>(url, 'POST', '/clock', { advance_seconds: 86_400 });
    expect(Date.parse(moved.body.now) - before).toBeGreaterThanOrEqual(86_400_000);
    expect((await control(url, 'POST', '/clock', {})).status).toBe(400);

    await control(url, 'POST', '/faults', { type: 'latency', path: '/x', ms: 5 });
    expect((await control(url, 'POST', '/reset')).status).toBe(204);
    expect((await control<{ data: unknown[] }>(url, 'GET', '/faults')).body.data).toEqual([]);
    // The clock is back on real time: no longer a day ahead (a bound of a day, not of a speed).
    const reset = Date.parse((await control<{ now: string }>(url, 'GET', '/clock')).body.now);
    expect(reset - before).toBeLessThan(86_400_000);
    expect(reset).toBeGreaterThanOrEqual(before);
    // Tokens are gone with the rest of the state.
    expect((await api.get('/empresas')).status).toBe(401);
    const fresh = client(url, await getToken(url));
    expect((await fresh.get<{ data: unknown[] }>('/empresas')).body.data).toEqual([]);
  });
});
