// Distribution against the sandbox: paging while ultimo_nsu < max_nsu, processando → concluido,
// the one-hour rule after 137, the 656 answer stored and never retried, the service's own
// distribution (distribuicao_automatica), cons-chave, and the inbox:changed counts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { listInbox } from '../../../electron/app/inbox/list';
import type { AppError } from '../../../electron/shared/errors';
import { inboxListInputSchema } from '../../../electron/shared/schemas/inbox';
import type { InboxListInput } from '../../../electron/shared/schemas/inbox';
import { distribute as rawDistribute } from '../../sandbox/nfe/support';
import type { AppInbox } from './support';
import { CNPJ, scope, startAppInbox } from './support';

let app: AppInbox;
beforeEach(async () => {
  app = await startAppInbox();
});
afterEach(async () => {
  await app.close();
});

const list = (input: Omit<InboxListInput, 'company'>) =>
  listInbox(app.db, scope, inboxListInputSchema.parse({ company: CNPJ, ...input }), app.now());
const posts = () => app.exchanges.filter((e) => e.method === 'POST' && e.path === '/distribuicao/nfe').length;

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a failure');
}

describe('Buscar novas notas', () => {
  it('ingests summaries for the recipient and full notes for the carrier, split by role', async () => {
    await app.t.inject({ role: 'destinatario', count: 3 });
    await app.t.inject({ role: 'transportador', count: 2 });
    const result = await app.service.distribute(CNPJ);
    expect(result).toMatchObject({ documentos: 5, consultas: 1, codigoStatus: 138, automatica: false });
    const dest = await list({ tab: 'destinatario' });
    expect(dest.total).toBe(3);
    expect(dest.notes.every((n) => n.estado === 'resumo' && n.podeManifestar && !n.comoTransportador)).toBe(
      true,
    );
    const carrier = await list({ tab: 'transportador' });
    expect(carrier.total).toBe(2);
    expect(
      carrier.notes.every((n) => n.estado === 'completa' && !n.podeManifestar && n.numero !== null),
    ).toBe(true);
    expect(app.changes.at(-1)).toEqual({ company: CNPJ, novas: 5, prazoCurto: 0 });
    expect((await app.store.state(scope))?.ultimo_nsu).toBe(5);
  });

  it('repeats dist-nsu while ultimo_nsu < max_nsu, one transaction per page', async () => {
    await app.t.inject({ role: 'destinatario', count: 120 });
    const result = await app.service.distribute(CNPJ);
    expect(result.documentos).toBe(120);
    expect(result.consultas).toBe(3);
    expect((await app.store.state(scope))?.ultimo_nsu).toBe(120);
    expect((await list({ tab: 'destinatario', limit: 200 })).total).toBe(120);
  });

  it('polls a processando request until it is concluded', async () => {
    await app.t.inject({ role: 'destinatario', count: 2 });
    await app.t.ctl('POST', '/nfe/processando', { consultas: 3 });
    const result = await app.service.distribute(CNPJ);
    expect(result.documentos).toBe(2);
    expect(app.sleeps.length).toBe(3);
    expect(
      app.exchanges.filter((e) => e.method === 'GET' && e.path.startsWith('/distribuicao/nfe/dnf')).length,
    ).toBe(3);
  });

  it('stores a failed request (erro) and says so', async () => {
    await app.t.ctl('POST', '/nfe/processando', { consultas: 1, resultado: 'erro' });
    const error = await errorOf(app.service.distribute(CNPJ));
    expect(error.code).toBe('distribution_error');
    expect((await app.service.status(CNPJ)).erro).toBeTruthy();
  });

  it('after an empty answer (137) waits one hour, unless the user insists through Avançado', async () => {
    const first = await app.service.distribute(CNPJ);
    expect(first.codigoStatus).toBe(137);
    expect(Date.parse(first.proximaConsulta!)).toBeGreaterThan(app.now() + 3_500_000);
    const before = posts();
    const error = await errorOf(app.service.distribute(CNPJ));
    expect(error.code).toBe('distribution_wait');
    expect(error.message).toContain('1 hora');
    expect(posts()).toBe(before);
    await app.t.inject({ role: 'destinatario', count: 1 });
    const forced = await app.service.distribute(CNPJ, { ignorarTempoEspera: true });
    expect(forced.documentos).toBe(1);
    await app.advance(3_601);
    expect((await app.service.distribute(CNPJ)).codigoStatus).toBe(137);
  });

  it('stores a 656 like an empty answer, shows it, and does not retry until the hour has passed', async () => {
    // Another program consulted the authority a moment ago and found nothing.
    expect((await rawDistribute(app.t, { tipo_consulta: 'dist-nsu', dist_nsu: 0 })).body.codigo_status).toBe(
      137,
    );
    await app.t.inject({ role: 'destinatario', count: 1 });
    const blocked = await app.service.distribute(CNPJ);
    expect(blocked).toMatchObject({ codigoStatus: 656, documentos: 0 });
    const status = await app.service.status(CNPJ);
    expect(status).toMatchObject({ bloqueado656: true, codigoStatus: 656 });
    expect(status.motivoStatus).toContain('Consumo Indevido');
    const before = posts();
    const error = await errorOf(app.service.distribute(CNPJ));
    expect(error.message).toContain('656');
    expect(posts()).toBe(before);
    await app.advance(3_601);
    expect((await app.service.distribute(CNPJ)).documentos).toBe(1);
    expect((await app.service.status(CNPJ)).bloqueado656).toBe(false);
  });

  it('with distribuicao_automatica lists what the service distributed by itself, never sending dist-nsu', async () => {
    await app.client.empresas.alterarConfig(CNPJ, 'distnfe', {
      ambiente: 'homologacao',
      distribuicao_automatica: true,
      distribuicao_intervalo_horas: 1,
    });
    await app.t.inject({ role: 'transportador', count: 2 });
    const result = await app.service.distribute(CNPJ);
    expect(result).toMatchObject({ automatica: true, documentos: 2 });
    // The sandbox's own run (on its clock) is the only dist-nsu request of the company.
    const own = await app.client.distribuicao.listarDistribuicoes({
      cpf_cnpj: CNPJ,
      ambiente: 'homologacao',
    });
    expect(own.data.map((p) => p.tipo_consulta)).toEqual(['dist-nsu']);
    await app.t.inject({ role: 'transportador', count: 1 });
    await app.advance(3_601);
    // The poller reads the service's next delivery on the company's hour.
    expect(await app.service.tick()).toEqual([{ company: CNPJ, action: 'collected' }]);
    expect(posts()).toBe(0);
    expect((await list({ tab: 'transportador' })).total).toBe(3);
  });

  it('the hourly poller distributes a company once its inbox is enabled, once per hour', async () => {
    await app.t.inject({ role: 'destinatario', count: 1 });
    // Without a distnfe configuration the company's inbox is not enabled: the poller leaves it alone.
    expect(await app.service.tick()).toEqual([{ company: CNPJ, action: 'skipped', reason: 'disabled' }]);
    expect(posts()).toBe(0);
    await app.client.empresas.alterarConfig(CNPJ, 'distnfe', { ambiente: 'homologacao' });
    expect(await app.service.tick()).toEqual([{ company: CNPJ, action: 'distributed' }]);
    expect(posts()).toBe(1);
    expect(await app.service.tick()).toEqual([{ company: CNPJ, action: 'skipped', reason: 'waiting' }]);
    expect(posts()).toBe(1);
  });

  it('cons-chave fetches one note without moving the NSU', async () => {
    const [chave] = await app.t.inject({ role: 'transportador', count: 1 });
    expect(await app.service.fetchKey(CNPJ, chave!)).toBe(1);
    expect((await app.store.state(scope))?.ultimo_nsu ?? 0).toBe(0);
    expect((await app.store.note(scope, chave!))?.as_carrier).toBe(1);
  });
});
