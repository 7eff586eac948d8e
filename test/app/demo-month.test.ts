// Demonstração's month: on a fresh install the embedded sandbox gets about thirty documents of the
// demo company, back-dated through the sandbox's clock, and the sync brings them to the cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_CNPJ, demoCertificateValidity } from '../../electron/app/demo';
import {
  DEMO_PARTIES,
  DEMO_REF_PREFIX,
  demoInstant,
  demoMonthPlan,
  seedDemoMonth,
} from '../../electron/app/demo-month';
import type { NuvemFiscalClient } from '../../electron/nuvemfiscal';
import { nfeXml } from '../support/nfe-xml';
import type { CarretaApp } from '../../electron/app/index';
import { createApp } from '../../electron/app/index';
import type { CommandEnvelope } from '../../electron/shared/errors';
import { memoryHost } from '../support/memory-host';

function ok<T>(envelope: unknown): T {
  const e = envelope as CommandEnvelope<T>;
  if (!e.ok) throw new Error(`${e.error.code}: ${e.error.message}`);
  return e.data;
}

describe('the plan', () => {
  it('dates every document in the last 30 days, in Brasília business hours, oldest first', () => {
    const now = new Date('2026-11-26T01:30:00Z'); // 25/11 22:30 in Brasília
    const plan = demoMonthPlan(now);
    expect(plan).toHaveLength(32);
    expect(plan.map((d) => d.kind).filter((k) => k !== 'cte')).toEqual([
      'cteos',
      'cte-simp',
      'mdfe',
      'cteos',
      'dce',
      'mdfe',
    ]);
    expect(plan[0]!.at.toISOString()).toBe('2026-10-27T11:42:00.000Z'); // 27/10 08:42 BRT
    expect(plan.at(-1)!.at.toISOString()).toBe('2026-11-24T13:20:00.000Z'); // 24/11 10:20 BRT
    for (const doc of plan) expect(doc.at.getTime()).toBeLessThan(now.getTime());
    expect(new Set(plan.map((d) => d.referencia)).size).toBe(32);
    expect(plan.filter((d) => d.then).map((d) => [d.referencia, d.then])).toEqual([
      [`${DEMO_REF_PREFIX}mdfe-01`, 'encerrar'],
      [`${DEMO_REF_PREFIX}cte-21`, 'corrigir'],
      [`${DEMO_REF_PREFIX}cte-24`, 'cancelar'],
    ]);
    // The first trip (16/11 09:10 BRT, Ribeirão Preto → Belo Horizonte) closes the next afternoon
    // in Belo Horizonte; the second (23/11 11:40 BRT, Campinas → Belo Horizonte) is still open.
    const [trip1, trip2] = plan.filter((d) => d.kind === 'mdfe');
    expect(trip1!.at.toISOString()).toBe('2026-11-16T12:10:00.000Z');
    expect(trip1!.encerramento).toEqual({
      at: new Date('2026-11-17T19:10:00.000Z'),
      uf: 'MG',
      cMun: '3106200',
    });
    expect(trip2!.at.toISOString()).toBe('2026-11-23T14:40:00.000Z');
    expect(trip2!.encerramento).toBeUndefined();
  });

  it('the demo certificate is valid from before the first document to well after today (D02, 291)', () => {
    const now = new Date('2026-11-26T01:30:00Z');
    const { notBefore, notAfter } = demoCertificateValidity(now);
    const first = demoMonthPlan(now)[0]!.at;
    expect(notBefore.getTime()).toBeLessThan(first.getTime());
    expect(notBefore.toISOString()).toBe('2026-09-26T01:30:00.000Z');
    expect(notAfter.toISOString()).toBe('2027-11-26T01:30:00.000Z');
  });

  it('reads hh:mm as Brasília time whatever the hour now', () => {
    expect(demoInstant(new Date('2026-11-26T02:59:00Z'), 1, '08:15').toISOString()).toBe(
      '2026-11-24T11:15:00.000Z',
    );
    expect(demoInstant(new Date('2026-11-26T03:00:00Z'), 1, '08:15').toISOString()).toBe(
      '2026-11-25T11:15:00.000Z',
    );
  });
});

describe('seeding', () => {
  const emptyList = { listar: async () => ({ data: [] }) };
  const company = { cpf_cnpj: DEMO_CNPJ, nome_razao_social: 'X', endereco: {} } as never;

  it('stops before the next document when the app closes, and puts the clock back', async () => {
    const clock: (Date | null)[] = [];
    const sent: unknown[] = [];
    const client = {
      cte: { ...emptyList, emitir: async (p: unknown) => void sent.push(p) },
      cteos: emptyList,
      dce: emptyList,
      mdfe: emptyList,
    } as unknown as NuvemFiscalClient;
    const result = await seedDemoMonth({
      client,
      company,
      setClock: async (at) => void clock.push(at),
      signal: AbortSignal.abort(),
    });
    expect([result.issued, sent.length, clock]).toEqual([0, 0, [null]]);
  });

  it('leaves alone a demo where the user already issued documents of their own', async () => {
    const client = {
      cte: { listar: async () => ({ data: [{ referencia: 'carreta-1234' }] }) },
      cteos: emptyList,
      dce: emptyList,
      mdfe: emptyList,
    } as unknown as NuvemFiscalClient;
    const result = await seedDemoMonth({ client, company, setClock: async () => undefined });
    expect([result.issued, result.skipped]).toEqual([0, 'tem-documentos']);
  });
});

describe('a fresh demonstração', () => {
  let app: CarretaApp;
  let userDataDir: string;
  const warnings: string[] = [];
  const logger = {
    info: (message: string) => {
      // The seeding's duration, for the report (no wall-clock bound in tests).
      if (message.startsWith('mês de demonstração')) console.info(message);
    },
    warn: (message: string, ...rest: unknown[]) =>
      void warnings.push(`${message} ${rest.map(String).join(' ')}`),
    error: (message: string, ...rest: unknown[]) =>
      void warnings.push(`${message} ${rest.map(String).join(' ')}`),
  };

  beforeAll(async () => {
    const made = memoryHost();
    made.host.logger = logger;
    userDataDir = made.host.userDataDir;
    app = await createApp(made.host);
    await app.context.embedded.ensure();
  }, 60_000);
  afterAll(async () => {
    await app?.dispose();
  });

  it('seeds without a warning', () => {
    expect(warnings).toEqual([]);
  });

  it('gives the demo company its CT-e defaults (RNTRC, CFOP 5353/6353, ICMS 00 at 12%, série 1)', () => {
    expect(app.context.host.settings.get().companyDefaults?.[DEMO_CNPJ]).toEqual({
      rntrc: '45723174',
      cfopIntra: '5353',
      cfopInter: '6353',
      icms: { situacao: '00', pICMS: 12 },
      serie: 1,
      xObs: 'Mercadoria conferida na coleta.',
    });
  });

  it('has the month at the API: 26 CT-e (one cancelled), 2 CT-e OS, a DC-e, all back-dated', async () => {
    const { client } = await app.context.api.client();
    const filter = { cpf_cnpj: DEMO_CNPJ, ambiente: 'homologacao' as const };
    const cte = (await client.cte.listar(filter, { top: 100 })).data;
    const cteos = (await client.cteos.listar(filter, { top: 100 })).data;
    const dce = (await client.dce.listar(filter, { top: 100 })).data;
    expect([cte.length, cteos.length, dce.length]).toEqual([27, 2, 1]);
    const statuses = [...cte, ...cteos, ...dce].map((d) => d.status).sort();
    expect(statuses.filter((s) => s === 'cancelado')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'autorizado')).toHaveLength(29);
    const emitted = [...cte, ...cteos, ...dce].map((d) => Date.parse(String(d.data_emissao)));
    const now = Date.now();
    expect(Math.min(...emitted)).toBeLessThan(now - 25 * 86_400_000);
    expect(Math.max(...emitted)).toBeLessThan(now);
    // The clock is real time again.
    const res = await fetch(`${app.context.embedded.url()}/_sandbox/clock`, {
      headers: { 'x-sandbox-secret': (await app.context.api.target()).clientSecret ?? '' },
    });
    const clock = (await res.json()) as { now: string };
    expect(Math.abs(Date.parse(clock.now) - Date.now())).toBeLessThan(60_000);
    const corrected = cte.find((d) => d.referencia === `${DEMO_REF_PREFIX}cte-21`)!;
    expect((await client.cte.cartaCorrecao(corrected.id)).status).toBe('registrado');
  });

  it('has the MDF-e of two trips of the demo truck: one closed at Belo Horizonte, one on the road', async () => {
    const { client } = await app.context.api.client();
    const filter = { cpf_cnpj: DEMO_CNPJ, ambiente: 'homologacao' as const };
    const mdfe = (await client.mdfe.listar(filter, { top: 100 })).data.sort((a, b) =>
      String(a.referencia).localeCompare(String(b.referencia)),
    );
    expect(mdfe.map((m) => [m.referencia, m.status])).toEqual([
      [`${DEMO_REF_PREFIX}mdfe-01`, 'encerrado'],
      [`${DEMO_REF_PREFIX}mdfe-02`, 'autorizado'],
    ]);
    const closing = await client.mdfe.encerramento(mdfe[0]!.id);
    expect(closing.status).toBe('registrado');
    // Each manifest carries the CT-e of its trip: the key of an authorized CT-e of the month.
    const cte = (await client.cte.listar(filter, { top: 100 })).data;
    const xml = (await client.mdfe.xml(mdfe[1]!.id)).data.toString('utf8');
    const carried = /<chCTe>(\d{44})<\/chCTe>/.exec(xml)?.[1];
    expect(cte.find((c) => c.chave === carried)).toMatchObject({
      referencia: `${DEMO_REF_PREFIX}cte-25`, // the one that replaced the cancelled cte-24
      status: 'autorizado',
    });
    expect(xml).toContain('<placa>CRT4E21</placa>');
    // "MDF-e em aberto" and the sidebar: the open one, none from another system.
    await expect
      .poll(
        async () =>
          ok<{ items: { numero: number | null }[] }>(await app.dispatch('mdfe:open', { company: DEMO_CNPJ }))
            .items.length,
        { timeout: 20_000 },
      )
      .toBe(1);
    const open = ok<{ items: { numero: number | null }[]; outros: unknown[] }>(
      await app.dispatch('mdfe:open', { company: DEMO_CNPJ }),
    );
    expect([open.items[0]!.numero, open.outros]).toEqual([2, []]);
    // The form offers the demo truck, its trailer and driver.
    const vehicles = ok<{ items: { placa: string; tipo: string }[] }>(
      await app.dispatch('vehicles:list', { company: DEMO_CNPJ }),
    );
    expect(vehicles.items.map((v) => [v.placa, v.tipo]).sort()).toEqual([
      ['CRT4E21', 'tracao'],
      ['CRT7B35', 'reboque'],
    ]);
    const drivers = ok<{ items: { cpf: string; nome: string }[] }>(
      await app.dispatch('drivers:list', { company: DEMO_CNPJ }),
    );
    expect(drivers.items.map((d) => [d.cpf, d.nome])).toEqual([['38621594773', 'JOAO PEREIRA DA SILVA']]);
  });

  it('syncs it into the cache for Documentos and the Painel', async () => {
    await expect
      .poll(
        async () =>
          ok<{ totals: { count: number } }>(
            await app.dispatch('documents:search', { filter: { company: DEMO_CNPJ } }),
          ).totals.count,
        { timeout: 20_000 },
      )
      .toBe(32);
    const { totals } = ok<{ totals: unknown }>(
      await app.dispatch('documents:search', { filter: { company: DEMO_CNPJ } }),
    );
    // Freight: the 25 authorized CT-e (R$ 84.916,90), the CT-e Simplificado (R$ 1.100,00) and the two
    // CT-e OS (R$ 4.250,00); not the cancelled R$ 3.568,60 nor the DC-e's declared R$ 1.289,00.
    expect(totals).toEqual({ count: 32, valorPrestacao: 90366.9, valorIcms: 10304.9, valorDeclarado: 1289 });
  });

  it('names the tomadores by who they are, although the homologação XML cannot (MOC G002–G005)', async () => {
    const search = async (filter: Record<string, unknown>) =>
      ok<{ rows: { numero: number | null; tomadorNome: string | null }[]; totals: { count: number } }>(
        await app.dispatch('documents:search', { filter: { company: DEMO_CNPJ, ...filter }, limit: 100 }),
      );
    const all = await search({});
    // CT-e 25 (Campinas → Belo Horizonte, tomador the remetente): the XML's remetente is the literal.
    expect(all.rows.find((r) => r.numero === 25)?.tomadorNome).toBe('FARMADIST CAMPINAS DISTRIBUIDORA LTDA');
    expect(all.rows.filter((r) => r.tomadorNome?.includes('HOMOLOGACAO'))).toEqual([]);
    // The search box finds them by name too (the FTS indexes the named columns).
    expect((await search({ text: 'farmadist' })).totals.count).toBeGreaterThan(0);
    // Parceiros lists the month's customers.
    const book = ok<{ entries: { cpfCnpj: string; nome: string; useCount: number }[] }>(
      await app.dispatch('addressBook:search', { company: DEMO_CNPJ, text: 'farmadist' }),
    );
    // In ten of the month's CT-e, as remetente or destinatário.
    expect(book.entries.map((p) => [p.cpfCnpj, p.nome, p.useCount])).toEqual([
      ['35281796000182', 'FARMADIST CAMPINAS DISTRIBUIDORA LTDA', 10],
    ]);
  });

  it('a new NF-e between parties of the month repeats their last CT-e', async () => {
    const note = nfeXml({
      emit: DEMO_PARTIES.embalagens,
      dest: DEMO_PARTIES.supermercados,
      numero: 7001,
      vNF: 51200,
      pesoB: 6100,
      qVol: 305,
    });
    const out = ok<{ repeat: unknown; toma: number | null; chaves: string[] }>(
      await app.dispatch('cte:prefillFromNfe', {
        company: DEMO_CNPJ,
        files: [{ name: 'nota.xml', base64: Buffer.from(note.xml).toString('base64') }],
      }),
    );
    expect(out.chaves).toEqual([note.chave]);
    expect(out.toma).toBe(0);
    // CT-e 15 (13 days ago): Jundiaí → Santos, the newest authorized one between the two.
    expect(out.repeat).toMatchObject({
      numero: 15,
      serie: 1,
      cfop: '5353',
      componentes: [
        { xNome: 'Frete peso', vComp: 1790 },
        { xNome: 'Pedágio', vComp: 96.4 },
      ],
      vTPrest: 1886.4,
      vRec: 1886.4,
      proPred: 'Embalagens plásticas',
      xObs: 'Mercadoria conferida na coleta.',
      icms: { situacao: '00', pICMS: 12 },
    });
    const stranger = nfeXml({
      emit: DEMO_PARTIES.embalagens,
      dest: DEMO_PARTIES.cooperativa,
      numero: 7002,
      vNF: 1000,
      pesoB: 10,
      qVol: 1,
    });
    const none = ok<{ repeat: unknown }>(
      await app.dispatch('cte:prefillFromNfe', {
        company: DEMO_CNPJ,
        files: [{ name: 'outra.xml', base64: Buffer.from(stranger.xml).toString('base64') }],
      }),
    );
    expect(none.repeat).toBeNull();
  });

  it('is not seeded twice on the next start', async () => {
    await app.dispose();
    const made = memoryHost({ userDataDir });
    app = await createApp(made.host);
    await app.context.embedded.ensure();
    const { client } = await app.context.api.client();
    const filter = { cpf_cnpj: DEMO_CNPJ, ambiente: 'homologacao' as const };
    expect((await client.cte.listar(filter, { top: 100 })).data).toHaveLength(27);
    expect((await client.mdfe.listar(filter, { top: 100 })).data).toHaveLength(2);
  }, 60_000);
});
