// Demonstração end to end through the command table: the month is averbado by itself (every CT-e in
// number order, the cancelled one's cancellation, the MDF-e declared), its MDF-e carry the numbers
// the averbadora gave their CT-e, nothing is left pending nor any gap; a CT-e issued now is averbado
// right after its authorization, with its protocol, without a click.
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { DEMO_CNPJ } from '../../../electron/app/demo';
import type { CarretaApp } from '../../../electron/app/index';
import type { AverbacaoRow, AverbacaoSummary } from '../../../electron/shared/schemas/averbacao';
import { demoCteForm } from '../../fiscal/payload/forms';
import { demoApp } from '../../support/demo-month';

let app: CarretaApp;
let call: Awaited<ReturnType<typeof demoApp>>['call'];

async function settled(): Promise<AverbacaoRow[]> {
  let rows: AverbacaoRow[] = [];
  await vi.waitFor(
    async () => {
      app.context.averbacao!.kick();
      await app.context.averbacao!.idle();
      rows = (await call<{ rows: AverbacaoRow[] }>('averbacao:list', { company: DEMO_CNPJ, limit: 500 }))
        .rows;
      if (rows.length === 0 || rows.some((r) => r.estado === 'pendente' || r.estado === 'enviando'))
        throw new Error('a fila de averbação ainda está enviando');
    },
    { timeout: 30_000, interval: 250 },
  );
  return rows;
}

beforeAll(async () => {
  ({ app, call } = await demoApp());
}, 90_000);
afterAll(async () => {
  await app?.dispose();
});

describe('averbação in demonstração', () => {
  it('averba the whole month: CT-e in order, the cancellation, the MDF-e; no gap, nothing pending', async () => {
    const rows = await settled();
    const ctes = rows.filter((r) => r.operacao === 'averbar' && (r.tipo === 'cte' || r.tipo === 'cte-simp'));
    expect(ctes.length).toBeGreaterThanOrEqual(20);
    expect(ctes.every((r) => r.estado === 'averbado')).toBe(true);
    // The demo averbou each one as it was issued; the queue's resend is recognised, stored once.
    expect(ctes.every((r) => r.jaRegistrado && r.protocolo === 'TESTE' && r.teste)).toBe(true);
    expect(ctes.every((r) => r.numeros.length === 1 && /^\d{40}$/.test(r.numeros[0]!))).toBe(true);
    expect(rows.filter((r) => r.operacao === 'cancelar').map((r) => r.estado)).toEqual(['averbado']);
    expect(rows.filter((r) => r.tipo === 'mdfe' && r.operacao === 'averbar').map((r) => r.estado)).toEqual([
      'averbado',
      'averbado',
    ]);
    // CT-e OS are outside the demo policy's cover: not queued at all.
    expect(rows.some((r) => r.tipo === 'cteos')).toBe(false);
    const summary = await call<AverbacaoSummary>('averbacao:summary', { company: DEMO_CNPJ });
    expect(summary).toMatchObject({
      configurada: true,
      pendentes: 0,
      falhas: 0,
      recusados: 0,
      revisar: 0,
      parada: null,
    });
    expect(summary.lacunas).toEqual([]);
  });

  it("the month's MDF-e carry the averbação numbers of the CT-e they carry", async () => {
    const rows = await settled();
    const open = await call<{ items: { cacheId: number; chave: string | null }[] }>('mdfe:open', {
      company: DEMO_CNPJ,
    });
    const file = await call<{ base64: string }>('mdfe:xml', { id: open.items[0]!.cacheId, eventId: 0 });
    const xml = Buffer.from(file.base64, 'base64').toString('utf8');
    const chaves = [...xml.matchAll(/<chCTe>(\d{44})<\/chCTe>/g)].map((m) => m[1]!);
    const naver = [...xml.matchAll(/<nAver>([^<]+)<\/nAver>/g)].map((m) => m[1]!);
    expect(chaves.length).toBeGreaterThan(0);
    const expected = chaves.flatMap(
      (c) => rows.find((r) => r.chave === c && r.operacao === 'averbar')!.numeros,
    );
    expect(naver).toEqual(expected);
  });

  it('averba a CT-e issued now right after its authorization, with its own protocol', async () => {
    await settled();
    const issued = await call<{ status: string; document: { chave: string | null } | null }>('cte:issue', {
      kind: 'cte',
      company: DEMO_CNPJ,
      form: demoCteForm(),
    });
    expect(issued.status).toBe('autorizado');
    const chave = issued.document!.chave!;
    let row: AverbacaoRow | undefined;
    await vi.waitFor(
      async () => {
        row = (await call<{ rows: AverbacaoRow[] }>('averbacao:doc', { company: DEMO_CNPJ, chave })).rows[0];
        if (row?.estado !== 'averbado') throw new Error(`ainda ${row?.estado ?? 'fora da fila'}`);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(row).toMatchObject({ operacao: 'averbar', jaRegistrado: false, protocolo: 'TESTE', teste: true });
    expect(row!.numeros[0]).toMatch(/^01234\d{35}$/);
    expect(row!.averbadoEm).toMatch(/-03:00$/);
  });

  it('Documentos shows each averbação, filters the ones not averbados, and the export carries the report', async () => {
    await settled();
    const search = await call<{
      rows: {
        chave: string | null;
        kind: string;
        averbacao?: { estado: string; protocolo: string | null } | null;
      }[];
    }>('documents:search', { filter: { company: DEMO_CNPJ }, limit: 100 });
    const cte = search.rows.find((r) => r.kind === 'cte')!;
    expect(cte.averbacao).toMatchObject({ estado: 'averbado', protocolo: 'TESTE' });
    expect(search.rows.find((r) => r.kind === 'cteos')!.averbacao).toBeNull();
    const none = await call<{ rows: unknown[] }>('documents:search', {
      filter: { company: DEMO_CNPJ, averbacao: 'nao_averbados' },
      limit: 100,
    });
    expect(none.rows).toEqual([]);
    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const from = new Date(Date.now() - 3 * 3_600_000 - 40 * 86_400_000).toISOString().slice(0, 10);
    const exported = await call<{ base64: string }>('documents:export', {
      company: DEMO_CNPJ,
      from,
      to: today,
    });
    const zip = unzipSync(Buffer.from(exported.base64, 'base64'));
    expect(Object.keys(zip)).toEqual(expect.arrayContaining(['averbacoes.csv', 'averbacoes.xlsx']));
    const csv = strFromU8(zip['averbacoes.csv']!)
      .replace(/^\ufeff/, '')
      .split('\r\n');
    expect(csv[0]).toBe(
      'Tipo;Série;Número;Chave;Operação;Situação;Autorizado em;Averbado em;Averbadora;Protocolo;Números de averbação;Seguradora;CNPJ da seguradora;Apólice;Observação',
    );
    const line = csv.find((l) => l.startsWith('CT-e;1;1;'))!;
    expect(line).toContain(';Averbação;Averbado;');
    expect(line).toContain(';AT&M (web service SOAP);TESTE;01234');
    expect(line).toContain(';SEG DEMO;31487265000190;0458712309;');
    expect(csv.some((l) => l.includes(';Cancelamento;Averbado;'))).toBe(true);
  });

  it('a refused CT-e is shown with the insurer\'s words, found by "não averbados", and is a gap once a later one is averbado', async () => {
    await settled();
    const endpoint = await app.context.embedded.ensure();
    const fault = await fetch(`${endpoint.insurers!.url}/_averbadoras/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-secret': endpoint.clientSecret },
      body: JSON.stringify({
        type: 'recusar',
        codigo: '004',
        esperado: '500000.00',
        informado: '748750.00',
        count: 1,
      }),
    });
    expect(fault.status).toBe(200);
    const refused = await call<{ document: { chave: string | null } | null }>('cte:issue', {
      kind: 'cte',
      company: DEMO_CNPJ,
      form: demoCteForm(),
    });
    const later = await call<{ document: { chave: string | null } | null }>('cte:issue', {
      kind: 'cte',
      company: DEMO_CNPJ,
      form: demoCteForm(),
    });
    let summary!: AverbacaoSummary;
    await vi.waitFor(
      async () => {
        await app.context.averbacao!.idle();
        summary = await call<AverbacaoSummary>('averbacao:summary', { company: DEMO_CNPJ });
        const row = (
          await call<{ rows: AverbacaoRow[] }>('averbacao:doc', {
            company: DEMO_CNPJ,
            chave: later.document!.chave,
          })
        ).rows[0];
        if (summary.recusados !== 1 || row?.estado !== 'averbado') throw new Error('ainda enviando');
      },
      { timeout: 20_000, interval: 100 },
    );
    const problem = summary.problemas.find((p) => p.chave === refused.document!.chave)!;
    expect(problem.estado).toBe('recusado');
    expect(problem.erro).toMatchObject({
      codigo: '004',
      detalhe: '004 Valor da IS maior que o limite permitido. — esperado 500000.00 — informado 748750.00',
    });
    expect(problem.erro!.mensagem).toContain('limite da apólice');
    expect(summary.lacunas).toEqual([
      {
        tipo: 'cte',
        serie: problem.serie,
        numero: problem.numero,
        chave: problem.chave,
        lacuna: 'nao_averbado',
      },
    ]);
    const filtered = await call<{ rows: { chave: string | null }[] }>('documents:search', {
      filter: { company: DEMO_CNPJ, averbacao: 'nao_averbados' },
      limit: 100,
    });
    expect(filtered.rows.map((r) => r.chave)).toEqual([refused.document!.chave]);
    // "Tentar de novo" after the broker's release (the averbadora's clock counts seconds).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await call('averbacao:retry', { company: DEMO_CNPJ, id: problem.id });
    const after = await call<AverbacaoSummary>('averbacao:summary', { company: DEMO_CNPJ });
    expect(after.recusados).toBe(0);
    // Averbado after a later number: the sequence was broken, and the Painel says so.
    expect(after.lacunas).toEqual([
      {
        tipo: 'cte',
        serie: problem.serie,
        numero: problem.numero,
        chave: problem.chave,
        lacuna: 'fora_de_ordem',
      },
    ]);
  });
});
