import { describe, expect, it, vi } from 'vitest';

import type { CommandTable } from '../../electron/app/dispatcher';
import { createDispatcher } from '../../electron/app/dispatcher';
import { EventBus } from '../../electron/app/events';
import { silentLogger } from '../../electron/app/logger';
import { commandChannels, commands } from '../../electron/shared/contract';
import { AppError } from '../../electron/shared/errors';
import { defaultSettings } from '../../electron/shared/schemas/settings';

// Only the channels these tests call; the rest of the table is irrelevant here.
function table(overrides: Partial<CommandTable> = {}): CommandTable {
  const base: Partial<CommandTable> = {
    'app:info': () => ({
      name: 'Carreta',
      version: '0.0.0',
      host: 'web',
      platform: 'linux',
      userDataDir: '/tmp/x',
      environment: 'demonstracao',
    }),
    'settings:get': () => defaultSettings,
    'settings:update': (patch) => ({ ...defaultSettings, ...patch }),
    'connectivity:check': () => ({ online: true, checkedAt: new Date().toISOString(), target: 'x' }),
  };
  return { ...base, ...overrides } as CommandTable;
}

describe('contract', () => {
  it('defines a schema pair for every channel name and nothing else', () => {
    expect(Object.keys(commands).sort()).toEqual([...commandChannels].sort());
  });
});

describe('dispatcher', () => {
  it('answers ok with the parsed output', async () => {
    const dispatch = createDispatcher(table(), silentLogger);
    const result = await dispatch('app:info', {});
    expect(result).toMatchObject({ ok: true, data: { name: 'Carreta' } });
  });

  it('refuses unknown channels without calling anything', async () => {
    const dispatch = createDispatcher(table(), silentLogger);
    const result = await dispatch('fs:readFile', { path: '/etc/passwd' });
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown_command' } });
  });

  it('rejects invalid input with a Portuguese message naming the field', async () => {
    const update = vi.fn();
    const dispatch = createDispatcher(table({ 'settings:update': update }), silentLogger);
    const result = await dispatch('settings:update', { environment: 'marte' });
    expect(update).not.toHaveBeenCalled();
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_input');
      expect(result.error.message).toMatch(/^Dados inválidos: environment/);
      expect(result.error.fields).toEqual(['environment']);
    }
  });

  it('says what zod itself finds wrong in Portuguese, not English', async () => {
    const dispatch = createDispatcher(table(), silentLogger);
    const wrong = await dispatch('settings:update', { environment: 'marte', selectedCompany: 7 });
    const extra = await dispatch('app:info', { sneaky: true });
    const messages = [wrong, extra].map((r) => (r.ok ? '' : r.error.message));
    expect(messages[0]).toContain('Opção inválida: esperava uma das seguintes opções');
    expect(messages[0]).toContain('esperava um texto, recebeu um número');
    expect(messages[1]).toContain('sneaky');
    for (const message of messages) expect(message).not.toMatch(/Invalid|expected|Unrecognized/);
  });

  it('rejects extra keys on strict inputs', async () => {
    const dispatch = createDispatcher(table(), silentLogger);
    const result = await dispatch('app:info', { sneaky: true });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('passes AppError messages through and hides other errors behind a generic message', async () => {
    const dispatch = createDispatcher(
      table({
        'settings:get': () => {
          throw new AppError('offline', 'Sem conexão com a API.', { detail: 'ECONNREFUSED' });
        },
        'app:info': () => {
          throw new TypeError('x is undefined');
        },
      }),
      silentLogger,
    );
    expect(await dispatch('settings:get', {})).toEqual({
      ok: false,
      error: { code: 'offline', message: 'Sem conexão com a API.', detail: 'ECONNREFUSED' },
    });
    const generic = await dispatch('app:info', {});
    expect(generic).toMatchObject({
      ok: false,
      error: { code: 'internal', detail: 'TypeError: x is undefined' },
    });
  });

  it('never hands out an answer outside the contract', async () => {
    const dispatch = createDispatcher(
      table({ 'settings:get': () => ({ secret: 'leak' }) as unknown as typeof defaultSettings }),
      silentLogger,
    );
    const result = await dispatch('settings:get', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_output' } });
    expect(JSON.stringify(result)).not.toContain('leak');
  });
});

describe('event bus', () => {
  it('validates payloads and isolates failing listeners', () => {
    const bus = new EventBus();
    const seen: string[] = [];
    bus.subscribe(() => {
      throw new Error('broken transport');
    });
    bus.subscribe((event) => seen.push(event));
    bus.emit('app:notice', { severity: 'info', summary: 'Olá' });
    expect(seen).toEqual(['app:notice']);
    expect(() => bus.emit('app:notice', { severity: 'loud' } as never)).toThrow();
  });
});
