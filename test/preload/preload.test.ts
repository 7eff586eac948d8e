import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { beforeAll, describe, expect, it, vi } from 'vitest';

import { commandChannels, eventChannels } from '../../electron/shared/channels';
import type { CarretaTransport } from '../../electron/shared/contract';
import { projectRoot } from '../support/shared';

const electron = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;
  const listeners = new Map<string, Set<Listener>>();
  const exposed: Record<string, unknown> = {};
  const ipcRenderer = {
    invoke: vi.fn(async (channel: string, input: unknown) => ({ ok: true, data: { channel, input } })),
    on: vi.fn((channel: string, listener: Listener) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
    }),
    removeListener: vi.fn((channel: string, listener: Listener) => {
      listeners.get(channel)?.delete(listener);
    }),
  };
  const contextBridge = {
    exposeInMainWorld: vi.fn((key: string, api: unknown) => {
      exposed[key] = api;
    }),
  };
  /** What the main process does with webContents.send: the listener gets (event, payload). */
  const emit = (channel: string, payload: unknown) => {
    const fakeEvent = { sender: ipcRenderer, senderId: 0 };
    for (const listener of listeners.get(channel) ?? []) listener(fakeEvent, payload);
  };
  return { ipcRenderer, contextBridge, exposed, listeners, emit };
});

vi.mock('electron', () => ({
  ipcRenderer: electron.ipcRenderer,
  contextBridge: electron.contextBridge,
  default: { ipcRenderer: electron.ipcRenderer, contextBridge: electron.contextBridge },
}));

let carreta: CarretaTransport;

beforeAll(async () => {
  await import('../../electron/preload/index');
  expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
  carreta = electron.exposed.carreta as CarretaTransport;
});

describe('preload bridge', () => {
  it('exposes only invoke and on', () => {
    expect(Object.keys(carreta).sort()).toEqual(['invoke', 'on']);
  });

  it('forwards every contract channel to ipcRenderer.invoke', async () => {
    for (const channel of commandChannels) {
      await expect(carreta.invoke(channel, { a: 1 })).resolves.toEqual({
        ok: true,
        data: { channel, input: { a: 1 } },
      });
    }
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledTimes(commandChannels.length);
  });

  it.each(['electron-store-get-data', 'app:quit', '', 'settings:get ', 'constructor', '__proto__'])(
    'refuses the channel %j without touching ipcRenderer',
    async (channel) => {
      electron.ipcRenderer.invoke.mockClear();
      await expect(carreta.invoke(channel, {})).rejects.toThrow(/Canal não permitido/);
      expect(electron.ipcRenderer.invoke).not.toHaveBeenCalled();
    },
  );

  it('refuses unknown events', () => {
    electron.ipcRenderer.on.mockClear();
    expect(() => carreta.on('electron-store-get-data', () => {})).toThrow(/Canal não permitido/);
    expect(() => carreta.on('app:info', () => {})).toThrow(/Canal não permitido/);
    expect(electron.ipcRenderer.on).not.toHaveBeenCalled();
  });

  it('hands listeners the payload only, and unsubscribes', () => {
    const received: unknown[][] = [];
    const off = carreta.on(eventChannels[0], (...args: unknown[]) => received.push(args));
    electron.emit(eventChannels[0], { online: true });
    expect(received).toEqual([[{ online: true }]]);
    off();
    electron.emit(eventChannels[0], { online: false });
    expect(received).toHaveLength(1);
    expect(electron.listeners.get(eventChannels[0])?.size).toBe(0);
  });

  it('imports nothing at runtime but electron and the channel list (no zod in a sandboxed preload)', () => {
    const source = readFileSync(join(projectRoot, 'electron', 'preload', 'index.ts'), 'utf8');
    const runtimeImports = [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map(
      (m) => m[1],
    );
    expect(runtimeImports.sort()).toEqual(['../shared/channels', 'electron']);
    const channelsSource = readFileSync(join(projectRoot, 'electron', 'shared', 'channels.ts'), 'utf8');
    expect(channelsSource).not.toMatch(/^import\s+(?!type\b)/m);
  });
});
