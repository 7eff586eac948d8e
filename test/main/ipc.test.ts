import { describe, expect, it, vi } from 'vitest';

import type { Dispatch } from '../../electron/app/dispatcher';
import { EventBus } from '../../electron/app/events';
import type { InvokeEventLike, IpcMainLike, OwnWebContents } from '../../electron/main/ipc';
import { createSenderCheck, forwardEvents, registerIpc } from '../../electron/main/ipc';
import { APP_ORIGIN } from '../../electron/main/protocol';
import { commandChannels } from '../../electron/shared/channels';

type Listener = (event: InvokeEventLike, ...args: unknown[]) => unknown;

function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  const ipc: IpcMainLike = {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`duplicate handler ${channel}`);
      handlers.set(channel, listener);
    },
    removeHandler: (channel) => handlers.delete(channel),
  };
  return { ipc, handlers };
}

function ownWindow(url = 'app://carreta/index.html') {
  const mainFrame = { url, parent: null };
  const contents: OwnWebContents & { sent: unknown[][] } = {
    mainFrame,
    sent: [],
    isDestroyed: () => false,
    send(...args: unknown[]) {
      this.sent.push(args);
    },
  };
  return { contents, mainFrame };
}

function setup(allowedOrigin = APP_ORIGIN) {
  const { contents, mainFrame } = ownWindow();
  const dispatch = vi.fn<Dispatch>(async (channel) => ({ ok: true, data: { channel } }));
  const { ipc, handlers } = fakeIpcMain();
  const unregister = registerIpc(
    ipc,
    dispatch,
    createSenderCheck(() => contents, allowedOrigin),
  );
  const call = (event: InvokeEventLike, channel = 'app:info', input: unknown = {}) =>
    handlers.get(channel)!(event, input);
  return { contents, mainFrame, dispatch, handlers, unregister, call };
}

const forbidden = { ok: false, error: { code: 'forbidden', message: 'Origem não autorizada.' } };

describe('registerIpc', () => {
  it('registers exactly the contract channels and removes them on unregister', () => {
    const { handlers, unregister } = setup();
    expect([...handlers.keys()].sort()).toEqual([...commandChannels].sort());
    unregister();
    expect(handlers.size).toBe(0);
  });

  it('dispatches calls from the main frame of our window', async () => {
    const { contents, mainFrame, dispatch, call } = setup();
    const result = await call({ sender: contents, senderFrame: mainFrame }, 'settings:get', { a: 1 });
    expect(result).toEqual({ ok: true, data: { channel: 'settings:get' } });
    expect(dispatch).toHaveBeenCalledWith('settings:get', { a: 1 });
  });

  it('accepts a replaced main frame object (parent null) of our own WebContents', async () => {
    const { contents, dispatch, call } = setup();
    await call({ sender: contents, senderFrame: { url: 'app://carreta/index.html#/x', parent: null } });
    expect(dispatch).toHaveBeenCalledTimes(1);
  });

  it('refuses a subframe of our window', async () => {
    const { contents, mainFrame, dispatch, call } = setup();
    const subframe = { url: 'app://carreta/index.html', parent: mainFrame };
    expect(await call({ sender: contents, senderFrame: subframe })).toEqual(forbidden);
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('refuses a frame of another WebContents', async () => {
    const { dispatch, call } = setup();
    const other = ownWindow();
    expect(await call({ sender: other.contents, senderFrame: other.mainFrame })).toEqual(forbidden);
    expect(dispatch).not.toHaveBeenCalled();
  });

  it.each([
    'https://evil.example/',
    'file:///C:/x.html',
    'app://evil/index.html',
    'http://localhost:5173/',
    'about:blank',
  ])('refuses our main frame showing %s', async (url) => {
    const { contents, mainFrame, dispatch, call } = setup();
    mainFrame.url = url;
    expect(await call({ sender: contents, senderFrame: mainFrame })).toEqual(forbidden);
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('refuses an event without a frame (frame already gone)', async () => {
    const { contents, dispatch, call } = setup();
    expect(await call({ sender: contents, senderFrame: null })).toEqual(forbidden);
    expect(dispatch).not.toHaveBeenCalled();
  });

  it('accepts the dev server origin in development', async () => {
    const { contents, mainFrame, dispatch, call } = setup('http://localhost:5173');
    mainFrame.url = 'http://localhost:5173/';
    await call({ sender: contents, senderFrame: mainFrame });
    expect(dispatch).toHaveBeenCalledTimes(1);
  });

  it('turns a throwing dispatch into an error envelope', async () => {
    const { contents, mainFrame, dispatch, call } = setup();
    dispatch.mockRejectedValueOnce(new Error('boom'));
    const result = (await call({ sender: contents, senderFrame: mainFrame })) as {
      ok: boolean;
      error: { code: string };
    };
    expect(result.ok).toBe(false);
    expect(result.error.code).toBe('internal');
  });
});

describe('forwardEvents', () => {
  it('sends bus events to our window only while it exists', () => {
    const bus = new EventBus();
    const { contents } = ownWindow();
    let current: OwnWebContents | null = contents;
    const stop = forwardEvents(bus, () => current);
    const notice = { severity: 'info' as const, summary: 'Olá' };
    bus.emit('app:notice', notice);
    expect(contents.sent).toHaveLength(1);
    expect(contents.sent[0]).toEqual(['app:notice', notice]);
    current = null;
    bus.emit('app:notice', notice);
    expect(contents.sent).toHaveLength(1);
    current = contents;
    stop();
    bus.emit('app:notice', notice);
    expect(contents.sent).toHaveLength(1);
  });
});
