// A stand-in for window.carreta: answers envelopes from per-channel handlers, records every call,
// and lets a test push events as the main side would.
import type { CarretaTransport } from '../../../electron/shared/contract';
import type { Settings } from '../../../electron/shared/schemas/settings';
import { defaultSettings } from '../../../electron/shared/schemas/settings';

type Envelope =
  | { ok: true; data: unknown }
  | { ok: false; error: { code: string; message: string; fields?: string[]; detail?: string } };
type Handler = (input: unknown) => Envelope | Promise<Envelope>;

export interface FakeTransport extends CarretaTransport {
  calls: Array<{ channel: string; input: unknown }>;
  handlers: Record<string, Handler>;
  emit(event: string, payload: unknown): void;
  listenerCount(event: string): number;
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
      data: { online: true, checkedAt: '2026-03-05T13:00:00.000Z', target: 'http://127.0.0.1:5555' },
    }),
  };
  return {
    calls,
    handlers,
    async invoke(channel, input) {
      calls.push({ channel, input });
      const handler = handlers[channel];
      if (!handler)
        return { ok: false, error: { code: 'unknown_command', message: 'Comando desconhecido.' } };
      return handler(input);
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
    listenerCount(event) {
      return listeners.get(event)?.size ?? 0;
    },
  };
}
