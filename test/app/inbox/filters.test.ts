// The inbox filters of the issue, on the cached inbox with the API out of reach: period, emitente
// (name or CNPJ with or without mask), value range, manifestation status, tipo_documento,
// forma_distribuicao and part of the key.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { listInbox } from '../../../electron/app/inbox/list';
import { InboxService } from '../../../electron/app/inbox/service';
import { silentLogger } from '../../../electron/app/logger';
import { inboxListInputSchema } from '../../../electron/shared/schemas/inbox';
import type { InboxListInput } from '../../../electron/shared/schemas/inbox';
import type { AppInbox } from './support';
import { CNPJ, makeClient, startAppInbox } from './support';

let app: AppInbox;
let offline: InboxService;
let alfa: string[];
let beta: string;

beforeEach(async () => {
  app = await startAppInbox();
  alfa = await app.t.inject({
    role: 'destinatario',
    count: 2,
    valor: 100,
    emitente: { cpf_cnpj: '47821365000140', nome_razao_social: 'FORNECEDOR ALFA LTDA' },
    data_emissao: '2026-11-10T10:00:00-03:00',
  });
  [beta] = await app.t.inject({
    role: 'destinatario',
    count: 1,
    valor: 5000,
    emitente: { cpf_cnpj: '11444777000161', nome_razao_social: 'INDUSTRIA BETA SA' },
    data_emissao: '2026-11-20T10:00:00-03:00',
  });
  await app.t.inject({ role: 'transportador', count: 1 });
  await app.service.distribute(CNPJ);
  await app.service.manifest(CNPJ, [alfa[0]!], '210210', null);
  await app.service.manifest(CNPJ, [beta!], '210200', null);
  const corrected = await app.t.ctl('POST', '/nfe/eventos', {
    cpf_cnpj: CNPJ,
    ambiente: 'homologacao',
    chave_acesso: alfa[1],
    tipo_evento: '110110',
  });
  expect(corrected.status).toBe(201);
  await app.service.distribute(CNPJ, { ignorarTempoEspera: true });
  offline = new InboxService({
    store: () => app.store,
    target: async () => ({
      client: makeClient('http://127.0.0.1:9', app.now, []),
      environment: 'sandbox',
      ambiente: 'homologacao',
    }),
    changed: () => undefined,
    logger: silentLogger,
    now: app.now,
  });
  await expect(offline.distribute(CNPJ)).rejects.toThrow();
});
afterEach(async () => {
  await app.close();
});

async function chaves(
  input: Omit<InboxListInput, 'company' | 'tab'>,
  tab: InboxListInput['tab'] = 'destinatario',
) {
  const { scope } = await offline.scope(CNPJ);
  const page = await listInbox(
    offline.requireStore().db,
    scope,
    inboxListInputSchema.parse({ company: CNPJ, tab, ...input }),
    app.now(),
  );
  return page.notes.map((n) => n.chave).sort();
}

describe('filtros da caixa de entrada (offline)', () => {
  it('period of issue, on the note’s own calendar day', async () => {
    expect(await chaves({ de: '2026-11-15' })).toEqual([beta]);
    expect(await chaves({ ate: '2026-11-10' })).toEqual([...alfa].sort());
    expect(await chaves({ de: '2026-11-10', ate: '2026-11-10' })).toEqual([...alfa].sort());
    expect(await chaves({ de: '2026-11-11', ate: '2026-11-19' })).toEqual([]);
  });

  it('period in Brasília days: a note from Manaus at 23:30 (-04:00) is on the next day', async () => {
    const [manaus, utc] = await app.t.inject({
      role: 'destinatario',
      count: 2,
      emitente: { cpf_cnpj: '04252011000110', nome_razao_social: 'COMERCIO AMAZONAS LTDA' },
      data_emissao: '2026-11-20T12:00:00-03:00',
    });
    await app.service.distribute(CNPJ, { ignorarTempoEspera: true });
    // The sandbox writes Brasília times; real notes carry their issuer's offset (Amazonas is -04:00,
    // MOC 7.0 dhEmi "AAAA-MM-DDThh:mm:ssTZD") and API summaries may come in UTC.
    const setTime = (chave: string, when: string) =>
      app.store.db.run('UPDATE inbox_notes SET data_emissao = ? WHERE chave = ?', [when, chave]);
    await setTime(manaus!, '2026-11-20T23:30:00-04:00');
    await setTime(utc!, '2026-11-21T02:30:00Z');
    expect(await chaves({ de: '2026-11-21', ate: '2026-11-21' })).toEqual([manaus]);
    expect(await chaves({ de: '2026-11-20', ate: '2026-11-20' })).toEqual([beta, utc].sort());
  });

  it('emitente by part of the name or by CNPJ, masked or not', async () => {
    expect(await chaves({ emitente: 'alfa' })).toEqual([...alfa].sort());
    expect(await chaves({ emitente: '47.821.365/0001-40' })).toEqual([...alfa].sort());
    expect(await chaves({ emitente: '11444777' })).toEqual([beta]);
    expect(await chaves({ emitente: 'GAMA' })).toEqual([]);
  });

  it('value range in reais', async () => {
    expect(await chaves({ valorMin: 1000 })).toEqual([beta]);
    expect(await chaves({ valorMax: 100 })).toEqual([...alfa].sort());
    expect(await chaves({ valorMin: 100.01, valorMax: 4999.99 })).toEqual([]);
  });

  it('manifestation status', async () => {
    expect(await chaves({ manifestacao: 'sem' })).toEqual([alfa[1]]);
    expect(await chaves({ manifestacao: 'ciencia' })).toEqual([alfa[0]]);
    expect(await chaves({ manifestacao: 'confirmada' })).toEqual([beta]);
    expect(await chaves({ manifestacao: 'desconhecida' })).toEqual([]);
  });

  it('forma_distribuicao: summary or full note', async () => {
    expect(await chaves({ forma: 'completa' })).toEqual([alfa[0], beta].sort());
    expect(await chaves({ forma: 'resumida' })).toEqual([alfa[1]]);
    expect(await chaves({ forma: 'completa' }, 'transportador')).toHaveLength(1);
  });

  it('tipo_documento evento lists the events of the notes, e.g. the emitter’s correction', async () => {
    const { scope } = await offline.scope(CNPJ);
    const page = await listInbox(
      offline.requireStore().db,
      scope,
      inboxListInputSchema.parse({ company: CNPJ, tab: 'destinatario', tipoDocumento: 'evento' }),
      app.now(),
    );
    expect(page.notes).toEqual([]);
    expect(page.events.map((e) => [e.tipoEvento, e.chave])).toContainEqual(['110110', alfa[1]]);
    const onlyAlfa1 = await listInbox(
      offline.requireStore().db,
      scope,
      inboxListInputSchema.parse({
        company: CNPJ,
        tab: 'destinatario',
        tipoDocumento: 'evento',
        chave: alfa[1],
      }),
      app.now(),
    );
    expect(new Set(onlyAlfa1.events.map((e) => e.chave))).toEqual(new Set([alfa[1]]));
  });

  it('part of the key, with or without the spaces of the printed key', async () => {
    const middle = beta!.slice(20, 34);
    expect(await chaves({ chave: middle })).toEqual([beta]);
    expect(await chaves({ chave: middle.replace(/(.{4})/g, '$1 ').trim() })).toEqual([beta]);
  });
});
