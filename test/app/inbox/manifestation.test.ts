// Manifestation and files against the sandbox: ciência in batch, the delayed full XML (summary →
// ciência → aguardando → completa), 573 as done, carrier notes refused before any request, the
// 180-day window and its ≤ 15-day highlight, justificativa rules, the DANFE cached, offline browsing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { listInbox } from '../../../electron/app/inbox/list';
import { InboxService } from '../../../electron/app/inbox/service';
import { silentLogger } from '../../../electron/app/logger';
import { inboxListInputSchema, inboxManifestInputSchema } from '../../../electron/shared/schemas/inbox';
import type { InboxListInput } from '../../../electron/shared/schemas/inbox';
import type { AppInbox } from './support';
import { CNPJ, makeClient, scope, startAppInbox } from './support';

let app: AppInbox;
beforeEach(async () => {
  app = await startAppInbox();
});
afterEach(async () => {
  await app.close();
});

const DAY = 86_400;
const list = (input: Omit<InboxListInput, 'company'>) =>
  listInbox(app.db, scope, inboxListInputSchema.parse({ company: CNPJ, ...input }), app.now());
const noteOf = async (chave: string) =>
  (await list({ tab: 'destinatario', limit: 200 })).notes.find((n) => n.chave === chave)!;
const manifestPosts = () =>
  app.exchanges.filter((e) => e.method === 'POST' && e.path === '/distribuicao/nfe/manifestacoes').length;

describe('manifestação do destinatário', () => {
  it('summary → ciência → aguardando XML → completa after the configured delay', async () => {
    await app.t.ctl('PUT', '/nfe/config', { atraso_xml_completo_segundos: 7_200 });
    const [chave] = await app.t.inject({ role: 'destinatario', count: 1 });
    await app.service.distribute(CNPJ);
    expect((await noteOf(chave!)).estado).toBe('resumo');
    const result = await app.service.manifest(CNPJ, [chave!], '210210', null);
    expect(result.results[0]).toMatchObject({ ok: true, jaRegistrada: false });
    expect((await noteOf(chave!)).estado).toBe('ciencia');
    await app.advance(60);
    await app.service.distribute(CNPJ); // brings our own ciência event, not the full note yet
    expect((await noteOf(chave!)).estado).toBe('aguardando');
    await expect(app.service.file(CNPJ, chave!, 'pdf')).rejects.toThrow(/ciência/);
    await app.advance(7_300);
    await app.service.distribute(CNPJ);
    const full = await noteOf(chave!);
    expect(full).toMatchObject({ estado: 'completa', manifestacao: '210210', comoDestinatario: true });
    const pdf = await app.service.file(CNPJ, chave!, 'pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const before = app.exchanges.length;
    const again = await app.service.file(CNPJ, chave!, 'pdf');
    expect(again.bytes.equals(pdf.bytes)).toBe(true);
    expect(app.exchanges.length).toBe(before); // served from the cache
    const xml = await app.service.file(CNPJ, chave!, 'xml');
    expect(xml.bytes.toString('utf8')).toContain('<nfeProc');
    const events = await list({ tab: 'destinatario', tipoDocumento: 'evento' });
    expect(events.events.map((e) => e.tipoEvento)).toEqual(['210210']);
    expect(events.events[0]?.descricao).toBe('Ciência da operação');
  });

  it('batch ciência for every new note; the counts drop to zero', async () => {
    const chaves = await app.t.inject({ role: 'destinatario', count: 4 });
    await app.service.distribute(CNPJ);
    expect((await app.service.counts(CNPJ)).novas).toBe(4);
    const result = await app.service.manifest(CNPJ, chaves, '210210', null);
    expect(result.results.every((r) => r.ok)).toBe(true);
    expect(result.counts.novas).toBe(0);
    expect(app.changes.at(-1)?.novas).toBe(0);
    const listed = await app.service.requireStore().manifestations(scope, 0, 50);
    expect(listed.total).toBe(4);
    expect(listed.rows.every((r) => r.state === 'registered')).toBe(true);
  });

  it('573 (already registered) is treated as done, not as a failure', async () => {
    const [chave] = await app.t.inject({ role: 'destinatario', count: 1 });
    await app.service.distribute(CNPJ);
    // Registered by another program: the app does not know yet.
    await app.client.distribuicao.manifestar({
      cpf_cnpj: CNPJ,
      ambiente: 'homologacao',
      chave_acesso: chave!,
      tipo_evento: '210200',
    });
    const result = await app.service.manifest(CNPJ, [chave!], '210200', null);
    expect(result.results[0]).toMatchObject({ ok: true, jaRegistrada: true, codigoStatus: 573 });
    expect((await noteOf(chave!)).manifestacao).toBe('210200');
    const ciencia = await app.service.manifest(CNPJ, [chave!], '210210', null);
    expect(ciencia.results[0]?.ok).toBe(false);
    expect(ciencia.results[0]?.message).toContain('conclusiva');
  });

  it('a note received as carrier is never sent for manifestation', async () => {
    const [chave] = await app.t.inject({ role: 'transportador', count: 1 });
    await app.service.distribute(CNPJ);
    const result = await app.service.manifest(CNPJ, [chave!], '210200', null);
    expect(result.results[0]).toMatchObject({ ok: false });
    expect(result.results[0]?.message).toContain('transportador');
    expect(manifestPosts()).toBe(0);
    const carrier = (await list({ tab: 'transportador' })).notes[0]!;
    expect(carrier).toMatchObject({ podeManifestar: false, diasRestantes: null });
    const xml = await app.service.nfeXml(CNPJ, [chave!]);
    expect(xml[0]?.xml).toContain('<transporta>');
    // Opening the CT-e form with the note is not carrying it: it stays new until a CT-e is authorized.
    expect((await app.service.counts(CNPJ)).novas).toBe(1);
  });

  it('a carrier note stops being new when a CT-e carrying its key is authorized', async () => {
    const [chave, other] = await app.t.inject({ role: 'transportador', count: 2 });
    await app.service.distribute(CNPJ);
    expect((await app.service.counts(CNPJ)).novas).toBe(2);
    const cteWith = (key: string) => ({
      infCte: { infCTeNorm: { infDoc: { infNFe: [{ chave: key }] } }, ide: { cMunIni: '4106902' } },
    });
    await app.service.markCarried(CNPJ, { infCte: { ide: { cMunIni: '4106902' } } });
    expect((await app.service.counts(CNPJ)).novas).toBe(2);
    await app.service.markCarried(CNPJ, cteWith(chave!));
    expect((await app.service.counts(CNPJ)).novas).toBe(1);
    expect(app.changes.at(-1)?.novas).toBe(1);
    // Another company's CT-e with the same key leaves this company's inbox alone.
    await app.service.markCarried('04252011000110', cteWith(other!));
    expect((await app.service.counts(CNPJ)).novas).toBe(1);
  });

  it('a carrier note the emitter cancelled cannot go into a CT-e', async () => {
    const [chave] = await app.t.inject({ role: 'transportador', count: 1 });
    const cancel = await app.t.ctl('POST', '/nfe/eventos', {
      cpf_cnpj: CNPJ,
      ambiente: 'homologacao',
      chave_acesso: chave,
      tipo_evento: '110111',
    });
    expect(cancel.status).toBe(201);
    await app.service.distribute(CNPJ);
    expect((await list({ tab: 'transportador' })).notes[0]).toMatchObject({ chave, cancelada: true });
    await expect(app.service.nfeXml(CNPJ, [chave!])).rejects.toThrow('cancelada pelo emitente');
  });

  it('counts days left from the authorization; ≤ 15 days is highlighted; past 180 days is refused', async () => {
    const at = (days: number) => new Date(app.now() - days * DAY * 1000).toISOString();
    const [near] = await app.t.inject({ role: 'destinatario', count: 1, data_emissao: at(170) });
    const [late] = await app.t.inject({ role: 'destinatario', count: 1, data_emissao: at(200) });
    await app.service.distribute(CNPJ);
    expect((await noteOf(near!)).diasRestantes).toBe(10);
    expect((await noteOf(late!)).podeManifestar).toBe(false);
    expect((await app.service.counts(CNPJ)).prazoCurto).toBe(1);
    const refused = await app.service.manifest(CNPJ, [late!], '210200', null);
    expect(refused.results[0]?.message).toContain('180 dias');
    expect(manifestPosts()).toBe(0);
    await app.service.manifest(CNPJ, [near!], '210220', null);
    expect((await app.service.counts(CNPJ)).prazoCurto).toBe(0);
  });

  it('operação não realizada requires a 15–255 character justificativa', () => {
    const base = { company: CNPJ, chaves: ['1'.repeat(44)], tipoEvento: '210240' as const };
    expect(inboxManifestInputSchema.safeParse(base).success).toBe(false);
    expect(inboxManifestInputSchema.safeParse({ ...base, justificativa: 'curta' }).success).toBe(false);
    expect(
      inboxManifestInputSchema.safeParse({ ...base, justificativa: 'Mercadoria devolvida ao emitente' })
        .success,
    ).toBe(true);
  });

  it('browses the cached inbox offline; a new search fails without touching what is stored', async () => {
    await app.t.inject({ role: 'destinatario', count: 2 });
    await app.t.inject({ role: 'transportador', count: 1 });
    await app.service.distribute(CNPJ);
    const offline = new InboxService({
      store: () => app.store,
      target: async () => ({
        client: makeClient('http://127.0.0.1:9', app.now, []),
        environment: 'sandbox',
        ambiente: 'homologacao',
      }),
      companies: async () => [CNPJ],
      changed: () => undefined,
      logger: silentLogger,
      now: app.now,
    });
    await expect(offline.distribute(CNPJ)).rejects.toThrow();
    const { scope: s } = await offline.scope(CNPJ);
    const db = offline.requireStore().db;
    const dest = await listInbox(
      db,
      s,
      inboxListInputSchema.parse({ company: CNPJ, tab: 'destinatario' }),
      app.now(),
    );
    expect(dest.total).toBe(2);
    const filtered = await listInbox(
      db,
      s,
      inboxListInputSchema.parse({ company: CNPJ, tab: 'transportador', forma: 'completa' }),
      app.now(),
    );
    expect(filtered.total).toBe(1);
    const xml = await offline.file(CNPJ, filtered.notes[0]!.chave, 'xml');
    expect(xml.bytes.toString('utf8')).toContain('<nfeProc');
    expect((await offline.counts(CNPJ)).novas).toBe(3);
  });
});
