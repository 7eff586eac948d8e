// A stand-in for window.carreta: answers envelopes from per-channel handlers, records every call,
// and lets a test push events as the main side would. It obeys the contract as the real dispatcher
// does: every input the renderer sends, every canned answer and every pushed event is parsed with
// the contract's zod schema, and a mismatch throws and is recorded (the renderer setup fails the
// test on it), so no test passes on a shape the app never gets.
import type { z } from 'zod';

import type { CarretaTransport } from '../../../electron/shared/contract';
import { commands, events, isCommandChannel, isEventChannel } from '../../../electron/shared/contract';
import { describeIssues } from '../../../electron/app/dispatcher';
import { commandErrorSchema } from '../../../electron/shared/errors';
import type { Settings } from '../../../electron/shared/schemas/settings';
import { defaultSettings } from '../../../electron/shared/schemas/settings';

type Envelope =
  | { ok: true; data: unknown }
  | { ok: false; error: { code: string; message: string; fields?: string[]; detail?: string } };
type Handler = (input: unknown) => Envelope | Promise<Envelope>;

export interface FakeTransport extends CarretaTransport {
  calls: Array<{ channel: string; input: unknown }>;
  handlers: Record<string, Handler>;
  /** Channels this test sends invalid input on purpose: answered as the dispatcher would. */
  invalidInputExpected: Set<string>;
  emit(event: string, payload: unknown): void;
  listenerCount(event: string): number;
}

const violations: string[] = [];

/** The contract breaches seen since the last call; the renderer test setup fails a test on any. */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

function checked<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues
    .map((issue) => `${issue.path.join('.') || '(raiz)'}: ${issue.message}`)
    .join('; ');
  const message = `fake transport: ${what} breaks the contract — ${issues}`;
  violations.push(message);
  throw new Error(message);
}

async function answer(
  channel: string,
  input: unknown,
  handler: Handler | undefined,
  invalidInputExpected: ReadonlySet<string>,
): Promise<Envelope> {
  const unknown: Envelope = {
    ok: false,
    error: { code: 'unknown_command', message: 'Comando desconhecido.' },
  };
  if (!isCommandChannel(channel)) return unknown;
  const def = commands[channel];
  const parsed = def.input.safeParse(input ?? {});
  if (!parsed.success) {
    // What the real dispatcher answers. A test that sends bad input on purpose says so; anywhere
    // else it is a renderer bug the test must not pass over.
    if (!invalidInputExpected.has(channel)) checked(def.input, input ?? {}, `the input of ${channel}`);
    const { message, fields } = describeIssues(parsed.error);
    return { ok: false, error: { code: 'invalid_input', message: `Dados inválidos: ${message}`, fields } };
  }
  if (!handler) return unknown;
  const envelope = await handler(input);
  if (!envelope.ok)
    return { ok: false, error: checked(commandErrorSchema, envelope.error, `the error of ${channel}`) };
  return { ok: true, data: checked(def.output, envelope.data, `the answer of ${channel}`) };
}

export function settingsWith(patch: Partial<Settings> = {}): Settings {
  return structuredClone({ ...defaultSettings, ...patch });
}

export function createFakeTransport(options: { settings?: Settings } = {}): FakeTransport {
  let settings = options.settings ?? settingsWith();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const calls: FakeTransport['calls'] = [];
  const handlers: Record<string, Handler> = {
    'app:info': () => ({
      ok: true,
      data: {
        name: 'Carreta',
        version: '9.8.7',
        host: 'web',
        platform: 'linux',
        userDataDir: '/tmp/carreta-teste',
        environment: settings.environment,
      },
    }),
    'settings:get': () => ({ ok: true, data: settings }),
    'settings:update': (input) => {
      settings = { ...settings, ...(input as Partial<Settings>) };
      return { ok: true, data: settings };
    },
    'companies:list': () => ({ ok: true, data: { companies: [] } }),
    'connectivity:check': () => ({
      ok: true,
      data: {
        online: true,
        checkedAt: '2026-03-05T13:00:00.000Z',
        target: 'http://127.0.0.1:5555',
        access: 'ok',
      },
    }),
  };
  const invalidInputExpected = new Set<string>();
  return {
    calls,
    handlers,
    invalidInputExpected,
    async invoke(channel, input) {
      calls.push({ channel, input });
      return answer(channel, input, handlers[channel], invalidInputExpected);
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
    emit(event, payload) {
      if (!isEventChannel(event)) throw new Error(`fake transport: unknown event ${event}`);
      checked(events[event], payload, `the payload of ${event}`);
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
    listenerCount(event) {
      return listeners.get(event)?.size ?? 0;
    },
  };
}
