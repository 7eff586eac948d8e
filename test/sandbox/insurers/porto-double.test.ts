// The AverbePorto double over raw HTTP, against 03-porto.md §8: one endpoint, comp=5, the
// browser-like User-Agent, the session cookie (logout:1, error 01, captcha 02), uploads counted
// P/D/R/N with the 40-digit number (ZIP too), the number by key (json, xml, csv).
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { RunningInsurerDoubles } from '../../../electron/sandbox/insurers/server';
import { startInsurerDoubles } from '../../../electron/sandbox/insurers/server';
import { cteCancelamento, cteProc } from '../../support/averbacao-docs';

const UA = 'Mozilla/5.0 Carreta/1.0';

describe('AverbePorto double', () => {
  let doubles: RunningInsurerDoubles;
  beforeAll(async () => {
    doubles = await startInsurerDoubles();
  });
  afterAll(() => doubles.close());

  const conn = `/php/conn.php`;
  async function form(fields: Record<string, string | string[]>, cookie?: string, ua = UA) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) params.append(k, x);
    const res = await fetch(`${doubles.url}${conn}`, {
      method: 'POST',
      headers: {
        'user-agent': ua,
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookie ? { cookie } : {}),
      },
      body: params.toString(),
    });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }
  async function login(user = 'carreta-demo', pass = 'carreta-demo-secret') {
    const res = await form({ mod: 'login', comp: '5', user, pass });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    return { body: JSON.parse(res.text) as Record<string, unknown>, cookie };
  }
  async function upload(cookie: string, file: Blob, name: string) {
    const data = new FormData();
    data.append('comp', '5');
    data.append('mod', 'Upload');
    data.append('path', 'eguarda/php/');
    data.append('recipient', '');
    data.append('file', file, name);
    const res = await fetch(`${doubles.url}${conn}`, {
      method: 'POST',
      headers: { 'user-agent': UA, cookie },
      body: data,
    });
    return JSON.parse(await res.text()) as Record<string, unknown>;
  }

  it('refuses a script-like User-Agent with 403, and a GET or a missing comp with Ghs.loc.error', async () => {
    expect((await form({ mod: 'login', comp: '5' }, undefined, 'curl/8.0')).status).toBe(403);
    const get = await fetch(`${doubles.url}${conn}`, { headers: { 'user-agent': UA } });
    expect(await get.json()).toEqual({ success: 0, error: { msg: 'Ghs.loc.error' } });
    expect(JSON.parse((await form({ mod: 'login' })).text)).toEqual({
      success: 0,
      error: { msg: 'Ghs.loc.error' },
    });
  });

  it('logs in with a portal[ses] cookie; a wrong password is logout:1; no cookie is error 01', async () => {
    const ok = await login();
    expect(ok.body.success).toBe(1);
    expect(ok.body.C).toMatchObject({ userName: 'carreta-demo' });
    expect(ok.cookie).toMatch(/^portal\[ses\]=[0-9a-f]{32}$/);
    expect((await login('carreta-demo', 'errada')).body).toEqual({ success: 1, logout: 1 });
    const noLogin = await form({ comp: '5', mod: 'Protocolo', path: 'atwe/php/', 'chave[]': 'x' });
    expect(JSON.parse(noLogin.text)).toEqual({ success: 1, error: { code: '01', msg: 'No login.' } });
  });

  it('asks for the captcha after repeated wrong passwords', async () => {
    for (let i = 0; i < 5; i++) await login('outro-usuario', 'errada');
    const body = (await login('outro-usuario', 'errada')).body;
    expect(body).toMatchObject({ success: 0, error: { code: '02', msg: 'Captcha required' } });
  });

  it('counts P, then D for the same XML, R for a foreign one, N for what is not XML; ZIP gives a list', async () => {
    const { cookie } = await login();
    const doc = cteProc({ numero: 1234 });
    const first = await upload(cookie, new Blob([doc.xml], { type: 'application/xml' }), `${doc.chave}.xml`);
    expect(first).toMatchObject({ success: 1, S: { P: 1, D: 0, R: 0, N: 0 } });
    expect(first.prot).toBe('0588626111122233300018157001000001234001');
    expect(await upload(cookie, new Blob([doc.xml]), 'a.xml')).toEqual({
      success: 1,
      S: { P: 0, D: 1, R: 0, N: 0 },
    });
    const foreign = await upload(cookie, new Blob(['<outro/>']), 'b.xml');
    expect(foreign).toMatchObject({ success: 1, S: { P: 0, D: 0, R: 1, N: 0 } });
    expect(await upload(cookie, new Blob(['%PDF-1.4']), 'c.pdf')).toMatchObject({ S: { N: 1 } });
    const a = cteProc({ numero: 2001 });
    const b = cteProc({ numero: 2002 });
    const zip = zipSync({
      'a.xml': new TextEncoder().encode(a.xml),
      'b.xml': new TextEncoder().encode(b.xml),
    });
    const zipped = await upload(cookie, new Blob([zip], { type: 'application/zip' }), 'lote.zip');
    expect(zipped.S).toEqual({ P: 2, D: 0, R: 0, N: 0 });
    expect(zipped.prot).toHaveLength(2);
    // A cancellation event of a stored CT-e is processed; again, it is a duplicate.
    expect(await upload(cookie, new Blob([cteCancelamento(doc.chave)]), 'canc.xml')).toMatchObject({
      S: { P: 1 },
    });
    expect(await upload(cookie, new Blob([cteCancelamento(doc.chave)]), 'canc.xml')).toMatchObject({
      S: { D: 1 },
    });
  });

  it('finds the number by key and the key by number, as json, xml and csv', async () => {
    const { cookie } = await login();
    const doc = cteProc({ numero: 3001 });
    const { prot } = (await upload(cookie, new Blob([doc.xml]), 'x.xml')) as { prot: string };
    const byKey = await form(
      { comp: '5', mod: 'Protocolo', path: 'atwe/php/', 'chave[]': [doc.chave] },
      cookie,
    );
    expect(JSON.parse(byKey.text)).toEqual({ success: 1, S: [{ chave: doc.chave, protocolo: prot }] });
    const byNumber = await form(
      { comp: '5', mod: 'Protocolo', path: 'atwe/php/', 'protocolo[]': prot, out: 'xml' },
      cookie,
    );
    expect(byNumber.text).toBe(
      `<data><item0><chave>${doc.chave}</chave><protocolo>${prot}</protocolo></item0></data>`,
    );
    const csv = await form(
      { comp: '5', mod: 'Protocolo', path: 'atwe/php/', 'chave[]': doc.chave, out: 'csv' },
      cookie,
    );
    expect(csv.text).toBe(`Chave,Protocolo\n${doc.chave},${prot}`);
  });
});
