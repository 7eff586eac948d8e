import type { Dispatch } from '../app/dispatcher';
import type { EventBus } from '../app/events';
import type { Logger } from '../app/logger';
import { commandChannels, isEventChannel } from '../shared/channels';
import type { CommandEnvelope } from '../shared/errors';
import { toErrorPayload } from '../shared/errors';
import { isSameOrigin } from './navigation';

/** The fields of an IPC event the sender check reads (Electron's IpcMainInvokeEvent has them). */
export interface InvokeEventLike {
  sender: unknown;
  senderFrame: { url: string; parent: unknown } | null;
}

/** The part of ipcMain used here, so tests can pass a recorder. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

/** The part of a WebContents the checks and event forwarding use. */
export interface OwnWebContents {
  mainFrame: unknown;
  isDestroyed(): boolean;
  send(channel: string, ...args: unknown[]): void;
}

export type SenderCheck = (event: InvokeEventLike) => boolean;

export const forbiddenEnvelope: CommandEnvelope<never> = {
  ok: false,
  error: { code: 'forbidden', message: 'Origem não autorizada.' },
};

/**
 * Accepts only the main frame of our own window showing our own origin: an iframe, another
 * WebContents, or our window after being navigated elsewhere cannot run commands.
 */
export function createSenderCheck(
  getWebContents: () => OwnWebContents | null,
  allowedOrigin: string,
): SenderCheck {
  return (event) => {
    const contents = getWebContents();
    const frame = event.senderFrame;
    if (!contents || contents.isDestroyed() || !frame) return false;
    if (event.sender !== contents) return false;
    const isMainFrame = frame === contents.mainFrame || frame.parent === null;
    if (!isMainFrame) return false;
    return isSameOrigin(frame.url, allowedOrigin);
  };
}

/** Registers one `ipcMain.handle` per contract channel; returns the function that removes them. */
export function registerIpc(
  ipcMain: IpcMainLike,
  dispatch: Dispatch,
  isTrustedSender: SenderCheck,
  logger?: Logger,
): () => void {
  for (const channel of commandChannels) {
    ipcMain.handle(channel, async (event: InvokeEventLike, input: unknown) => {
      if (!isTrustedSender(event)) {
        logger?.warn(`ipc ${channel}: refused an untrusted sender`);
        return forbiddenEnvelope;
      }
      try {
        return await dispatch(channel, input);
      } catch (error) {
        // The dispatcher already returns envelopes; this only guards against a bug escaping it.
        logger?.error(`ipc ${channel} failed`, error);
        return { ok: false, error: toErrorPayload(error) };
      }
    });
  }
  return () => unregisterIpc(ipcMain);
}

export function unregisterIpc(ipcMain: IpcMainLike): void {
  for (const channel of commandChannels) ipcMain.removeHandler(channel);
}

/** Sends bus events to our window only; silently skips while it is closed or reloading. */
export function forwardEvents(bus: EventBus, getWebContents: () => OwnWebContents | null): () => void {
  return bus.subscribe((event, payload) => {
    if (!isEventChannel(event)) return;
    const contents = getWebContents();
    if (!contents || contents.isDestroyed()) return;
    contents.send(event, payload);
  });
}
