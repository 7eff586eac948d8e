// Demonstração end to end through the command table: the month is averbado by itself (every CT-e in
// number order, the cancelled one's cancellation, the MDF-e declared), its MDF-e carry the numbers
// the averbadora gave their CT-e, nothing is left pending nor any gap; a CT-e issued now is averbado
// right after its authorization, with its protocol, without a click.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { DEMO_CNPJ } from '../../../electron/app/demo';
import type { CarretaApp } from '../../../electron/app/index';
import type { AverbacaoRow, AverbacaoSummary } from '../../../electron/shared/schemas/averbacao';
import { cteForm } from '../../fiscal/payload/forms';
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
      form: cteForm(),
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
});
