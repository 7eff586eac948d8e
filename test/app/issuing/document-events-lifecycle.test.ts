// The events of a CT-e on its detail (cte:get / cte:sync): correction letters with their sequence and
// corrected fields and the cancellation, from the cache (what this app sent) and from the API (what
// was done elsewhere: the latest letter, the cancellation), stored as they arrive. Over a real sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { cteCommands } from '../../../electron/app/commands/cte';
import type { AppContext } from '../../../electron/app/context';
import { cachedEvents, documentEvents } from '../../../electron/app/issuing/document-events';
import type { RunningSandbox } from '../../../electron/sandbox/server';
import type { CommandChannel, CommandOutput } from '../../../electron/shared/contract';
import { commands } from '../../../electron/shared/contract';
import { memoryHost } from '../../support/memory-host';
import { company, cteForm } from '../../fiscal/payload/forms';
import type { Rig } from './harness';
import { apiClient, openRig, startIssuingSandbox, target } from './harness';

let sandbox: RunningSandbox;
let rig: Rig;
type Call = <C extends CommandChannel>(channel: C, input: unknown) => Promise<CommandOutput<C>>;
let call: Call;
/** The same commands with the API out of reach (nothing listens on the port). */
let offlineCall: Call;

function commandsOver(client: ReturnType<typeof apiClient>): Call {
  const { host } = memoryHost({ settings: { environment: 'sandbox' } });
  const ctx = {
    host,
    cache: { require: () => rig.repos, repos: null },
    api: { client: async () => ({ client, target: target(sandbox.url) }) },
  } as unknown as AppContext;
  const table = cteCommands(ctx, rig.issuing) as unknown as Record<string, (input: unknown) => unknown>;
  return async (channel, input) => {
    const def = commands[channel];
    return def.output.parse(await table[channel]!(def.input.parse(input))) as never;
  };
}

beforeAll(async () => {
  sandbox = await startIssuingSandbox();
  rig = await openRig(sandbox.url);
  call = commandsOver(rig.client);
  offlineCall = commandsOver(apiClient('http://127.0.0.1:9'));
}, 30_000);
afterAll(async () => {
  await rig?.close();
  await sandbox?.close();
});

async function issue(): Promise<{ id: string; cacheId: number }> {
  const out = await call('cte:issue', { kind: 'cte', company: company.cpf_cnpj, form: cteForm() });
  expect(out.status).toBe('autorizado');
  return { id: String(out.document!.id), cacheId: out.cacheId! };
}

const xObs = (valor: string) => ({ grupo_alterado: 'compl', campo_alterado: 'xObs', valor_alterado: valor });

describe('CT-e events on the detail', () => {
  let doc: { id: string; cacheId: number };

  it('a new CT-e has no events', async () => {
    doc = await issue();
    const got = await call('cte:get', { kind: 'cte', id: doc.id });
    expect(got.events).toEqual([]);
  });

  it('lists every letter sent from here with its sequence and fields, on a later visit too', async () => {
    await call('cte:correct', { kind: 'cte', id: doc.id, correcoes: [xObs('Entrega pela doca 3')] });
    await call('cte:correct', {
      kind: 'cte',
      id: doc.id,
      correcoes: [
        xObs('Entrega pela doca 4'),
        { grupo_alterado: 'infQ', campo_alterado: 'qCarga', valor_alterado: '12.5', numero_item_alterado: 1 },
      ],
    });
    const got = await call('cte:get', { kind: 'cte', id: doc.id });
    expect(got.events.map((e) => [e.type, e.sequence, e.status])).toEqual([
      ['carta_correcao', 1, 'registrado'],
      ['carta_correcao', 2, 'registrado'],
    ]);
    expect(got.events[0]!.correcoes).toEqual([
      { ...xObs('Entrega pela doca 3'), numero_item_alterado: null },
    ]);
    expect(got.events[1]!.correcoes.map((c) => `${c.campo_alterado}=${c.valor_alterado}`)).toEqual([
      'xObs=Entrega pela doca 4',
      'qCarga=12.5',
    ]);
    expect(got.events[1]!.protocolo).toMatch(/^\d+$/);
    expect(got.events[1]!.dataEvento).toBeTruthy();
  });

  it('adds the letter and the cancellation made elsewhere (straight at the API) and keeps them', async () => {
    await rig.client.cte.corrigir(doc.id, [xObs('Corrigido no portal')]);
    await rig.client.cte.cancelar(doc.id, 'Cancelado por outro computador da empresa');
    const got = await call('cte:sync', { kind: 'cte', id: doc.id });
    expect(got.document.status).toBe('cancelado');
    expect(got.events.map((e) => `${e.type}:${e.sequence}`)).toEqual([
      'carta_correcao:1',
      'carta_correcao:2',
      'carta_correcao:3',
      'cancelamento:1',
    ]);
    expect(got.events[2]!.correcoes[0]!.valor_alterado).toBe('Corrigido no portal');
    expect(got.events[3]!.justificativa).toBe('Cancelado por outro computador da empresa');
    // Stored: the cache alone now tells the whole story.
    const cached = await cachedEvents(rig.repos, doc.cacheId);
    expect(cached.map((e) => `${e.type}:${e.sequence}`)).toEqual(
      got.events.map((e) => `${e.type}:${e.sequence}`),
    );
  });

  it('answers from the cache when the API cannot tell the events', async () => {
    const offline = {
      cartaCorrecao: () => Promise.reject(new Error('offline')),
      cancelamento: () => Promise.reject(new Error('offline')),
    };
    const events = await documentEvents(offline, rig.repos, doc.cacheId, { id: doc.id, status: 'cancelado' });
    expect(events).toHaveLength(4);
  });

  it("offline, shows this computer's copy of the document and its events, saying so", async () => {
    // A cancelled copy is final: it opens from the cache without asking the API, so no warning.
    const final = await offlineCall('cte:get', { kind: 'cte', id: doc.id });
    expect(final.offline).toBeUndefined();
    expect(final.document.status).toBe('cancelado');
    expect(final.events).toHaveLength(4);
    // An authorized copy synced long ago is asked again; offline, the copy is shown and said so.
    const old = await issue();
    await call('cte:correct', { kind: 'cte', id: old.id, correcoes: [xObs('Antes de ficar sem rede')] });
    await rig.db.run('UPDATE documents SET synced_at = ? WHERE id = ?', [
      '2026-01-01T00:00:00.000Z',
      old.cacheId,
    ]);
    const got = await offlineCall('cte:get', { kind: 'cte', id: old.id });
    expect(got.offline).toBe(true);
    expect(got.cacheId).toBe(old.cacheId);
    expect(got.document.status).toBe('autorizado');
    expect(got.events).toMatchObject([{ type: 'carta_correcao', sequence: 1 }]);
    expect((await call('cte:get', { kind: 'cte', id: old.id })).offline).toBeUndefined();
    // Nothing kept for an unknown document: the offline error stands.
    await expect(offlineCall('cte:get', { kind: 'cte', id: 'cte_nao_existe' })).rejects.toMatchObject({
      code: 'api_offline',
    });
  });

  it('asks the API for a cancellation the sync recorded as not found, and hides that empty record', async () => {
    const other = await issue();
    await rig.repos.events.upsert({
      docId: other.cacheId,
      apiId: null,
      type: 'cancelamento',
      sequence: 1,
      status: null,
      protocolo: null,
      dataEvento: null,
      record: {},
    });
    expect(await cachedEvents(rig.repos, other.cacheId)).toEqual([]);
    await rig.client.cte.cancelar(other.id, 'Frete duplicado por engano no sistema');
    // Cancelled elsewhere: the explicit refresh brings it (cte:get would answer from the cache).
    const got = await call('cte:sync', { kind: 'cte', id: other.id });
    expect(got.events).toMatchObject([{ type: 'cancelamento', status: 'registrado' }]);
    expect(got.events[0]!.justificativa).toBe('Frete duplicado por engano no sistema');
  });

  it('without a cache row, shows what the API tells', async () => {
    const other = await issue();
    await rig.client.cte.corrigir(other.id, [xObs('Sem cache')]);
    const api = rig.client.cte;
    const events = await documentEvents(api, rig.repos, null, { id: other.id, status: 'autorizado' });
    expect(events).toMatchObject([{ type: 'carta_correcao', sequence: 1 }]);
    expect(events[0]!.correcoes[0]!.valor_alterado).toBe('Sem cache');
  });
});
