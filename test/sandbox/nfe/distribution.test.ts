import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedAvailable } from '../../support/shared';
import { client, empresaBody, errorOf, getToken } from '../support';
import { schemaErrors } from './contract';
import { CNPJ, advance, distribute, startInbox } from './support';
import type { InboxTest } from './support';

type Dist = {
  id: string;
  status: string;
  codigo_status: number | null;
  motivo_status: string | null;
  ultimo_nsu: number | null;
  max_nsu: number | null;
  documentos: { nsu: number; schema: string; chave_acesso: string; resumo: boolean }[];
};

const conforms = (name: string, body: unknown) => {
  if (sharedAvailable) expect(schemaErrors(name, body)).toBeNull();
};

let t: InboxTest;
beforeAll(async () => {
  t = await startInbox({ demo: false });
});
afterAll(() => t.close());

/** dist-nsu from `from` until ultimo_nsu reaches max_nsu, as a client must loop. */
async function drain(from: number, ignorar = false) {
  const pages: Dist[] = [];
  let nsu = from;
  for (let guard = 0; guard < 20; guard++) {
    const res = await distribute(t, {
      tipo_consulta: 'dist-nsu',
      dist_nsu: nsu,
      ignorar_tempo_espera: ignorar,
    });
    expect(res.status).toBe(200);
    conforms('DistribuicaoNfe', res.body);
    const page = res.body as unknown as Dist;
    pages.push(page);
    nsu = page.ultimo_nsu!;
    if (page.ultimo_nsu === page.max_nsu) break;
  }
  return pages;
}

describe('POST /distribuicao/nfe', () => {
  it('answers 137 on an empty stream, then 656 within the hour, then 137 again after it', async () => {
    const first = await distribute(t, { tipo_consulta: 'dist-nsu', dist_nsu: 0 });
    expect(first.body).toMatchObject({
      status: 'concluido',
      codigo_status: 137,
      ultimo_nsu: 0,
      max_nsu: 0,
      documentos: [],
    });
    await advance(t, 30 * 60);
    const blocked = await distribute(t, { tipo_consulta: 'dist-nsu', dist_nsu: 0 });
    expect(blocked.body).toMatchObject({
      codigo_status: 656,
      motivo_status: 'Rejeição: Consumo Indevido',
      documentos: [],
    });
    conforms('DistribuicaoNfe', blocked.body);
    const forced = await distribute(t, {
      tipo_consulta: 'dist-nsu',
      dist_nsu: 0,
      ignorar_tempo_espera: true,
    });
    expect(forced.body.codigo_status).toBe(137);
    await advance(t, 61 * 60);
    const later = await distribute(t, { tipo_consulta: 'dist-nsu', dist_nsu: 0 });
    expect(later.body.codigo_status).toBe(137);
  });

  it('pages dist-nsu by at most 50 documents until ultimo_nsu equals max_nsu', async () => {
    const chaves = await t.inject({ role: 'transportador', count: 120 });
    expect(new Set(chaves).size).toBe(120);
    const pages = await drain(0, true);
    expect(pages.map((p) => p.documentos.length)).toEqual([50, 50, 20]);
    expect(pages.map((p) => p.codigo_status)).toEqual([138, 138, 138]);
    const nsus = pages.flatMap((p) => p.documentos.map((d) => d.nsu));
    expect(nsus).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(pages.at(-1)).toMatchObject({ ultimo_nsu: 120, max_nsu: 120 });
    expect(pages[0]!.max_nsu).toBe(120);
    expect(new Set(pages.flatMap((p) => p.documentos.map((d) => d.chave_acesso)))).toEqual(new Set(chaves));
    // Found documents lift the hour rule; the next empty answer starts it again.
    const end = await distribute(t, { tipo_consulta: 'dist-nsu', dist_nsu: 120 });
    expect(end.body.codigo_status).toBe(137);
    expect((await distribute(t, { tipo_consulta: 'dist-nsu', dist_nsu: 120 })).body.codigo_status).toBe(656);
    await advance(t, 3601);
  });

  it('refuses an NSU beyond the stream (589) and answers cons-nsu and cons-chave', async () => {
    const beyond = await distribute(t, {
      tipo_consulta: 'dist-nsu',
      dist_nsu: 500,
      ignorar_tempo_espera: true,
    });
    expect(beyond.body).toMatchObject({ codigo_status: 589, ultimo_nsu: 120, max_nsu: 120 });
    const one = await distribute(t, { tipo_consulta: 'cons-nsu', cons_nsu: 7, ignorar_tempo_espera: true });
    expect(one.body).toMatchObject({ codigo_status: 138, cons_nsu: 7 });
    expect(one.body.documentos.map((d) => d.nsu)).toEqual([7]);
    const chave = one.body.documentos[0]!.chave_acesso as string;
    const byKey = await distribute(t, {
      tipo_consulta: 'cons-chave',
      cons_chave: chave,
      ignorar_tempo_espera: true,
    });
    expect(byKey.body).toMatchObject({ codigo_status: 138, cons_chave: chave });
    expect(byKey.body.documentos).toHaveLength(1);
    expect(byKey.body.documentos[0]).toMatchObject({
      chave_acesso: chave,
      schema: 'procNFe_v4.00.xsd',
      resumo: false,
    });
    conforms('DistribuicaoNfe', byKey.body);
    const other = `${chave.slice(0, 34)}${String((Number(chave.slice(34, 43)) + 1) % 1e9).padStart(9, '0')}`;
    const { accessKeyCheckDigit } = await import('../../../electron/fiscal');
    const unknown = await distribute(t, {
      tipo_consulta: 'cons-chave',
      cons_chave: `${other}${accessKeyCheckDigit(other)}`,
      ignorar_tempo_espera: true,
    });
    expect(unknown.body).toMatchObject({ codigo_status: 137, documentos: [] });
  });

  it('answers processando and completes on later polls; an erro outcome too', async () => {
    await t.ctl('POST', '/nfe/processando', { consultas: 2 });
    const posted = await distribute(t, {
      tipo_consulta: 'cons-nsu',
      cons_nsu: 1,
      ignorar_tempo_espera: true,
    });
    expect(posted.body).toMatchObject({ status: 'processando', codigo_status: null, documentos: [] });
    conforms('DistribuicaoNfe', posted.body);
    const poll1 = await t.api.get<Dist>(`/distribuicao/nfe/${posted.body.id as string}`);
    expect(poll1.body.status).toBe('processando');
    const poll2 = await t.api.get<Dist>(`/distribuicao/nfe/${posted.body.id as string}`);
    expect(poll2.body).toMatchObject({ status: 'concluido', codigo_status: 138 });
    expect(poll2.body.documentos.map((d) => d.nsu)).toEqual([1]);
    // The next request is synchronous again.
    expect(
      (await distribute(t, { tipo_consulta: 'cons-nsu', cons_nsu: 1, ignorar_tempo_espera: true })).body
        .status,
    ).toBe('concluido');

    await t.ctl('POST', '/nfe/processando', { consultas: 1, resultado: 'erro' });
    const failing = await distribute(t, {
      tipo_consulta: 'dist-nsu',
      dist_nsu: 0,
      ignorar_tempo_espera: true,
    });
    expect(failing.body.status).toBe('processando');
    const failed = await t.api.get<Dist>(`/distribuicao/nfe/${failing.body.id as string}`);
    expect(failed.body).toMatchObject({ status: 'erro', documentos: [] });
    expect(failed.body.motivo_status).toMatch(/SEFAZ/);
    conforms('DistribuicaoNfe', failed.body);
  });

  it('lists the requests newest first with paging and @count', async () => {
    const res = await t.api.get<{ '@count': number; data: Dist[] }>(
      `/distribuicao/nfe?cpf_cnpj=${CNPJ}&ambiente=homologacao&$top=2&$inlinecount=true`,
    );
    expect(res.status).toBe(200);
    conforms('DistribuicaoNfeListagem', res.body);
    expect(res.body.data).toHaveLength(2);
    expect(res.body['@count']).toBeGreaterThan(10);
    expect(res.body.data[0]!.status).toBe('erro');
    const other = await t.api.get<{ data: Dist[] }>(`/distribuicao/nfe?cpf_cnpj=${CNPJ}&ambiente=producao`);
    expect(other.body.data).toEqual([]);
    expect((await t.api.get(`/distribuicao/nfe?cpf_cnpj=${CNPJ}`)).status).toBe(400);
    expect((await t.api.get('/distribuicao/nfe/dnf_naoexiste')).status).toBe(404);
  });

  it('keeps each environment a separate stream', async () => {
    await t.inject({ role: 'destinatario', count: 3, ambiente: 'producao' });
    const res = await distribute(t, { ambiente: 'producao', tipo_consulta: 'dist-nsu', dist_nsu: 0 });
    expect(res.body).toMatchObject({ codigo_status: 138, ultimo_nsu: 3, max_nsu: 3 });
    expect(res.body.documentos.every((d) => d.schema === 'resNFe_v1.01.xsd' && d.resumo)).toBe(true);
  });

  it.each([
    [{}, /tipo_consulta/],
    [{ tipo_consulta: 'dist-nsu' }, /dist_nsu/],
    [{ tipo_consulta: 'cons-nsu' }, /cons_nsu/],
    [{ tipo_consulta: 'cons-chave', cons_chave: '123' }, /cons_chave/],
    [{ tipo_consulta: 'tudo' }, /tipo_consulta/],
    [{ tipo_consulta: 'dist-nsu', dist_nsu: -1 }, /dist_nsu/],
    [{ tipo_consulta: 'dist-nsu', dist_nsu: 0, ambiente: 'teste' }, /ambiente/],
    [{ tipo_consulta: 'dist-nsu', dist_nsu: 0, cpf_cnpj: '11222333000182' }, /cpf_cnpj/],
    [{ tipo_consulta: 'dist-nsu', dist_nsu: 0, uf_autor: 'XX' }, /uf_autor/],
  ])('refuses %j with a 400 naming the field', async (body, field) => {
    const res = await distribute(t, body);
    expect(res.status).toBe(400);
    expect(errorOf(res).message).toMatch(field);
  });

  it('needs a registered company with a certificate', async () => {
    const unknown = await distribute(t, {
      cpf_cnpj: '11444777000161',
      tipo_consulta: 'dist-nsu',
      dist_nsu: 0,
    });
    expect(unknown.status).toBe(404);
    await t.api.post('/empresas', empresaBody('11444777000161', 'SEM CERTIFICADO LTDA'));
    const noCert = await distribute(t, {
      cpf_cnpj: '11444777000161',
      tipo_consulta: 'dist-nsu',
      dist_nsu: 0,
    });
    expect(noCert.status).toBe(400);
    expect(errorOf(noCert).code).toBe('CertificateNotFound');
  });

  it('consumes dfe-eventos: one unit per document returned, one for a request without documents', async () => {
    const conta = client(t.sandbox.url, await getToken(t.sandbox.url, 'conta distribuicao-nfe'));
    const read = async () =>
      (await conta.get<{ nome: string; consumo: number }>('/conta/cotas/dfe-eventos')).body.consumo;
    const before = await read();
    await distribute(t, { tipo_consulta: 'dist-nsu', dist_nsu: 100, ignorar_tempo_espera: true });
    expect((await read()) - before).toBe(20);
    const mid = await read();
    await distribute(t, { tipo_consulta: 'dist-nsu', dist_nsu: 120, ignorar_tempo_espera: true });
    expect((await read()) - mid).toBe(1);
    await t.ctl('PUT', '/quotas/dfe-eventos', { limite: await read() });
    const refused = await distribute(t, {
      tipo_consulta: 'dist-nsu',
      dist_nsu: 0,
      ignorar_tempo_espera: true,
    });
    expect(refused.status).toBe(429);
    await t.ctl('PUT', '/quotas/dfe-eventos', { limite: 1_000_000 });
  });
});
