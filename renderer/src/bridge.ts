// The renderer's only door to the main side. Typed from electron/shared/contract.ts; works the same
// over Electron IPC (window.carreta, from the preload) and over the web host (HTTP + SSE).
import type {
  CarretaTransport,
  CommandChannel,
  CommandInput,
  CommandOutput,
  EventChannel,
  EventPayload,
} from '@shared/contract';
import type { CommandEnvelope, CommandErrorPayload } from '@shared/errors';
import { createWebTransport } from './transport-web';

declare global {
  interface Window {
    carreta?: CarretaTransport;
  }
}

/** A failed command as the renderer sees it: `message` is ready to show to the user. */
export class CommandError extends Error {
  readonly code: string;
  readonly detail?: string;
  readonly fields?: string[];

  constructor(payload: CommandErrorPayload) {
    super(payload.message);
    this.name = 'CommandError';
    this.code = payload.code;
    this.detail = payload.detail;
    this.fields = payload.fields;
  }
}

let transport: CarretaTransport | null = null;

function current(): CarretaTransport {
  transport ??= window.carreta ?? createWebTransport(window.location);
  return transport;
}

/** For tests: replace the transport. */
export function setTransport(next: CarretaTransport | null): void {
  transport = next;
}

export async function invoke<C extends CommandChannel>(
  channel: C,
  // The input may be omitted when the channel takes an empty object.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  ...args: {} extends CommandInput<C> ? [input?: CommandInput<C>] : [input: CommandInput<C>]
): Promise<CommandOutput<C>> {
  const envelope = (await current().invoke(channel, args[0] ?? {})) as CommandEnvelope<CommandOutput<C>>;
  if (!envelope || typeof envelope !== 'object' || !('ok' in envelope)) {
    throw new CommandError({ code: 'transport', message: 'Resposta inválida do aplicativo.' });
  }
  if (!envelope.ok) throw new CommandError(envelope.error);
  return envelope.data;
}

/**
 * Streams a file to the browser host's upload route (backups larger than a command's JSON body),
 * with progress; null where the transport has no upload route (Electron picks files itself).
 */
export async function upload(
  route: 'backup',
  file: Blob,
  onProgress?: (sent: number, total: number) => void,
): Promise<{ id: string; size: number } | null> {
  const transport = current();
  if (!transport.upload) return null;
  const envelope = (await transport.upload(route, file, onProgress)) as CommandEnvelope<{
    id: string;
    size: number;
  }>;
  if (!envelope || typeof envelope !== 'object' || !('ok' in envelope)) {
    throw new CommandError({ code: 'transport', message: 'Resposta inválida do aplicativo.' });
  }
  if (!envelope.ok) throw new CommandError(envelope.error);
  return envelope.data;
}

export function on<E extends EventChannel>(
  event: E,
  listener: (payload: EventPayload<E>) => void,
): () => void {
  return current().on(event, listener as (payload: unknown) => void);
}
