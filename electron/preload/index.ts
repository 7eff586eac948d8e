// Sandboxed preload (bundled to CommonJS): only 'electron' and the channel names, never zod or Node.
import type { IpcRendererEvent } from 'electron';
import { contextBridge, ipcRenderer } from 'electron';

import { isCommandChannel, isEventChannel } from '../shared/channels';
import type { CarretaTransport } from '../shared/contract';

const carretaBridge: CarretaTransport = {
  invoke(channel: string, input: unknown): Promise<unknown> {
    if (!isCommandChannel(channel)) {
      return Promise.reject(new Error(`Canal não permitido: ${String(channel).slice(0, 100)}`));
    }
    return ipcRenderer.invoke(channel, input);
  },
  on(event: string, listener: (payload: unknown) => void): () => void {
    if (!isEventChannel(event)) throw new Error(`Canal não permitido: ${String(event).slice(0, 100)}`);
    if (typeof listener !== 'function') throw new TypeError('listener deve ser uma função');
    // The page must never hold the IpcRendererEvent: it carries `sender`, a way back into ipcRenderer.
    const wrapped = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(event, wrapped);
    return () => {
      ipcRenderer.removeListener(event, wrapped);
    };
  },
};

contextBridge.exposeInMainWorld('carreta', carretaBridge);
