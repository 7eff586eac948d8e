// Cache first (DESIGN.md): a document's screen opens from the cache, and an event's answer carries
// the updated document, so the common actions cost few API requests. Counted over a real sandbox,
// every HTTP request of the app's client included (token requests too).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { RunningSandbox } from '../../../electron/sandbox/server';
import { company, cteForm } from '../../fiscal/payload/forms';
import type { CommandCall, Rig } from './harness';
import { countedCommands, startIssuingSandbox } from './harness';

let sandbox: RunningSandbox;
let rig: Rig;
let call: CommandCall;
let requests: () => number;
/** The commands' clock: real time unless a case moves it. */
let shift = 0;

beforeAll(async () => {
  sandbox = await startIssuingSandbox();
  ({ rig, call, requests } = await countedCommands(sandbox.url, () => new Date(Date.now() + shift)));
}, 30_000);
afterEach(() => {
  shift = 0;
});
afterAll(async () => {
  await rig?.close();
  await sandbox?.close();
});

async function issue(): Promise<string> {
  const out = await call('cte:issue', { kind: 'cte', company: company.cpf_cnpj, form: cteForm() });
  expect(out.status).toBe('autorizado');
  return String(out.document!.id);
}

/** The requests one action makes. */
async function counted<T>(action: () => Promise<T>): Promise<{ value: T; requests: number }> {
  const before = requests();
  const value = await action();
  return { value, requests: requests() - before };
}

describe('API requests of the common actions', () => {
  it('opens a document issued here from the cache: no request for the detail nor the cancel window', async () => {
    const id = await issue();
    const open = await counted(async () => ({
      detail: await call('cte:get', { kind: 'cte', id }),
      window: await call('cte:cancelWindow', { kind: 'cte', id }),
    }));
    expect(open.requests).toBe(0);
    expect(open.value.detail.document.status).toBe('autorizado');
    expect(open.value.detail.offline).toBeUndefined();
    expect(open.value.window.cancellable).toBe(true);
  });

  it('refreshing is explicit: cte:sync asks the API', async () => {
    const id = await issue();
    const sync = await counted(() => call('cte:sync', { kind: 'cte', id }));
    expect(sync.requests).toBeGreaterThan(0);
    expect(sync.value.document.status).toBe('autorizado');
  });

  it('a cancellation answers with the cancelled document and its event, in at most 3 requests', async () => {
    const id = await issue();
    const cancel = await counted(() =>
      call('cte:cancel', { kind: 'cte', id, justificativa: 'Erro na digitação do valor do frete' }),
    );
    expect(cancel.requests).toBeLessThanOrEqual(3);
    expect(cancel.value.detail.document.status).toBe('cancelado');
    expect(cancel.value.detail.events).toMatchObject([{ type: 'cancelamento', status: 'registrado' }]);
    // The screen reads the cancelled copy afterwards without asking again.
    const reopen = await counted(() => call('cte:get', { kind: 'cte', id }));
    expect(reopen.requests).toBe(0);
    expect(reopen.value.document.status).toBe('cancelado');
  });

  it('a correction letter answers with the letter among the events, in at most 3 requests', async () => {
    const id = await issue();
    const correct = await counted(() =>
      call('cte:correct', {
        kind: 'cte',
        id,
        correcoes: [
          { grupo_alterado: 'compl', campo_alterado: 'xObs', valor_alterado: 'Entrega pela doca 3' },
        ],
      }),
    );
    expect(correct.requests).toBeLessThanOrEqual(3);
    expect(correct.value.detail.events).toMatchObject([{ type: 'carta_correcao', sequence: 1 }]);
  });

  it('refuses a cancellation once the 168-hour window closed, without asking the API', async () => {
    const id = await issue();
    shift = 169 * 3_600_000;
    const window = await call('cte:cancelWindow', { kind: 'cte', id });
    expect(window.cancellable).toBe(false);
    expect(window.hoursLeft).toBeLessThan(0);
    expect(window.reason).toContain('168 horas após a autorização');
    const before = requests();
    await expect(
      call('cte:cancel', { kind: 'cte', id, justificativa: 'Erro na digitação do valor do frete' }),
    ).rejects.toMatchObject({ code: 'cancel_window_closed' });
    expect(requests() - before).toBe(0);
    // An hour before the end it is still open.
    shift = 167 * 3_600_000;
    expect((await call('cte:cancelWindow', { kind: 'cte', id })).cancellable).toBe(true);
  });
});
