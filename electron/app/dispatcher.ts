import type { z } from 'zod';

import type { CommandChannel, CommandOutput, CommandParsedInput } from '../shared/contract';
import { commands, isCommandChannel } from '../shared/contract';
import type { CommandEnvelope } from '../shared/errors';
import { AppError, toErrorPayload } from '../shared/errors';
import type { Logger } from './logger';

export type CommandHandler<C extends CommandChannel> = (
  input: CommandParsedInput<C>,
) => Promise<CommandOutput<C>> | CommandOutput<C>;

/** The one command table both transports serve: a handler for every channel of the contract. */
export type CommandTable = { [C in CommandChannel]: CommandHandler<C> };

export type Dispatch = (channel: string, input: unknown) => Promise<CommandEnvelope<unknown>>;

/** Formats zod issues as "campo: problema" lines in Portuguese. */
export function describeIssues(error: z.ZodError): { message: string; fields: string[] } {
  const fields = error.issues.map((issue) => issue.path.map(String).join('.'));
  const lines = error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.length ? issue.path.map(String).join('.') : 'entrada';
    return `${where}: ${issue.message}`;
  });
  return { message: lines.join('; '), fields: fields.filter(Boolean) };
}

/**
 * `onFailure` hears every command that failed with an error the app knows (the connectivity monitor
 * learns there that the network is gone, without waiting for its next probe).
 */
export function createDispatcher(
  table: CommandTable,
  logger: Logger,
  onFailure?: (payload: ReturnType<typeof toErrorPayload>, channel: CommandChannel) => void,
): Dispatch {
  return async (channel, input) => {
    if (!isCommandChannel(channel)) {
      return {
        ok: false,
        error: {
          code: 'unknown_command',
          message: 'Comando desconhecido.',
          detail: String(channel).slice(0, 100),
        },
      };
    }
    const def = commands[channel];
    const parsed = def.input.safeParse(input ?? {});
    if (!parsed.success) {
      const { message, fields } = describeIssues(parsed.error);
      return {
        ok: false,
        error: { code: 'invalid_input', message: `Dados inválidos: ${message}`, fields },
      };
    }
    try {
      const handler = table[channel] as (value: unknown) => unknown;
      const result = await handler(parsed.data);
      const checked = def.output.safeParse(result);
      if (!checked.success) {
        // A handler answering outside the contract is our bug: never hand the renderer a shape it
        // was not promised.
        throw new AppError('invalid_output', 'O aplicativo produziu uma resposta inesperada.', {
          detail: `${channel}: ${describeIssues(checked.error).message}`,
        });
      }
      return { ok: true, data: checked.data };
    } catch (error) {
      const payload = toErrorPayload(error);
      if (payload.code === 'internal' || payload.code === 'invalid_output') {
        logger.error(`command ${channel} failed`, error);
      } else {
        logger.warn(`command ${channel}: ${payload.code} ${payload.message}`);
      }
      onFailure?.(payload, channel);
      return { ok: false, error: payload };
    }
  };
}
