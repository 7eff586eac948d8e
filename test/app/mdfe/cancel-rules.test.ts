// The MDF-e cancellation's rules, each stated once in electron/fiscal and held here where they bite:
// the justification of 15 to 255 characters (the mdfe:cancel command's schema and the sandbox's
// POST /mdfe/{id}/cancelamento both refuse 14), and the 24-hour window (the app refuses on its own,
// before asking the API, once the clock it shares with the sandbox passed it).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { DEMO_CNPJ } from '../../../electron/app/demo';
import type { CarretaApp } from '../../../electron/app/index';
import { createApp } from '../../../electron/app/index';
import { ApiError } from '../../../electron/nuvemfiscal';
import type { CommandEnvelope } from '../../../electron/shared/errors';
import { mdfeCancelInputSchema } from '../../../electron/shared/schemas/mdfe';
import type { MdfeDetail } from '../../../electron/shared/schemas/mdfe';
import { memoryHost } from '../../support/memory-host';
import { mdfeTrip } from '../../support/mdfe-trip';

const FOURTEEN = 'Viagem adiada.';
const FIFTEEN = 'Viagem adiada!!';

let app: CarretaApp;
async function dispatch<T>(channel: string, input: unknown): Promise<CommandEnvelope<T>> {
  return (await app.dispatch(channel, input)) as CommandEnvelope<T>;
}
async function issue(placa: string): Promise<number> {
  const out = await dispatch<{ status: string; cacheId: number }>('mdfe:issue', {
    company: DEMO_CNPJ,
    infMDFe: mdfeTrip(DEMO_CNPJ, placa),
  });
  if (!out.ok) throw new Error(out.error.message);
  expect(out.data.status).toBe('autorizado');
  return out.data.cacheId;
}
async function detail(id: number): Promise<MdfeDetail> {
  const out = await dispatch<MdfeDetail>('mdfe:get', { id });
  if (!out.ok) throw new Error(out.error.message);
  return out.data;
}

beforeAll(async () => {
  const { host } = memoryHost();
  app = await createApp(host);
  app.context.sync.stop();
  await app.context.embedded.ensure();
}, 60_000);
afterAll(async () => {
  await app?.dispose();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('MDF-e cancellation justification: 15 to 255 characters', () => {
  it('the command schema refuses 14 characters and takes 15 and 255', () => {
    expect(FOURTEEN).toHaveLength(14);
    expect(mdfeCancelInputSchema.safeParse({ id: 1, justificativa: FOURTEEN }).success).toBe(false);
    expect(mdfeCancelInputSchema.safeParse({ id: 1, justificativa: FIFTEEN }).success).toBe(true);
    expect(mdfeCancelInputSchema.safeParse({ id: 1, justificativa: 'a'.repeat(255) }).success).toBe(true);
    expect(mdfeCancelInputSchema.safeParse({ id: 1, justificativa: 'a'.repeat(256) }).success).toBe(false);
  });

  it('mdfe:cancel with 14 characters is refused before the API; the MDF-e stays authorized', async () => {
    const id = await issue('JUS1A23');
    const out = await dispatch('mdfe:cancel', { id, justificativa: FOURTEEN });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.error.code).toBe('invalid_input');
    expect(out.error.message).toContain('15 a 255 caracteres');
    expect((await detail(id)).mdfe.status).toBe('autorizado');
  });

  it('the sandbox refuses a 14-character justificativa (400) and registers one of 15', async () => {
    const id = await issue('JUS2B34');
    const apiId = (await detail(id)).mdfe.apiId;
    const { client } = await app.context.api.client();
    const refused = await client.mdfe.cancelar(apiId, FOURTEEN).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(400);
    expect((refused as ApiError).message).toContain('15 a 255 caracteres');
    const taken = await client.mdfe.cancelar(apiId, FIFTEEN);
    expect(taken.status).toBe('registrado');
  });
});

describe('MDF-e cancellation window: 24 hours after the authorization', () => {
  // Only Date is faked: the app and the embedded sandbox read the same clock, and I/O keeps going.
  const later = (ms: number) => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + ms });

  it('the app refuses 24 h and one minute after the authorization, without asking the API', async () => {
    const id = await issue('JAN1C45');
    later(24 * 3_600_000 + 60_000);
    const out = await dispatch('mdfe:cancel', { id, justificativa: 'Viagem desmarcada pelo cliente' });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.error.code).toBe('mdfe_cancel_refused');
    expect(out.error.message).toBe(
      'O prazo de cancelamento do MDF-e (24 horas após a autorização) terminou. Encerre o MDF-e em vez de cancelá-lo.',
    );
    vi.useRealTimers();
    // Nothing reached the authority: the API still has it authorized, with no event.
    const { client } = await app.context.api.client();
    const api = await client.mdfe.consultar((await detail(id)).mdfe.apiId);
    expect(api.status).toBe('autorizado');
  });

  it('23 h 59 min after the authorization the cancellation still goes through', async () => {
    const id = await issue('JAN2D56');
    later(24 * 3_600_000 - 60_000);
    const out = await dispatch<MdfeDetail>('mdfe:cancel', {
      id,
      justificativa: 'Viagem desmarcada pelo cliente',
    });
    if (!out.ok) throw new Error(out.error.message);
    expect(out.data.mdfe.status).toBe('cancelado');
  });
});
