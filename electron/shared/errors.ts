import { z } from 'zod';

/** What crosses the process boundary when a command fails. `message` is for the user (pt-BR). */
export const commandErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** Raw detail (API body, SEFAZ reason, stack-free technical text) for the debug view. */
  detail: z.string().optional(),
  /** Form field paths named by the error (e.g. `infCte.rem.IE`). */
  fields: z.array(z.string()).optional(),
});
export type CommandErrorPayload = z.infer<typeof commandErrorSchema>;

export type CommandEnvelope<T> = { ok: true; data: T } | { ok: false; error: CommandErrorPayload };

/**
 * An error a service raises on purpose: it carries a Portuguese message the user can act on.
 * Anything else thrown reaches the user as a generic message, with the technical text as detail.
 */
export class AppError extends Error {
  readonly code: string;
  readonly detail?: string;
  readonly fields?: string[];

  constructor(
    code: string,
    message: string,
    options: { detail?: string; fields?: string[]; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.detail = options.detail;
    this.fields = options.fields;
  }

  toPayload(): CommandErrorPayload {
    return {
      code: this.code,
      message: this.message,
      ...(this.detail !== undefined ? { detail: this.detail } : {}),
      ...(this.fields !== undefined ? { fields: this.fields } : {}),
    };
  }
}

export function toErrorPayload(error: unknown): CommandErrorPayload {
  if (error instanceof AppError) return error.toPayload();
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return {
    code: 'internal',
    message:
      'Ocorreu um erro inesperado. Tente novamente; se persistir, copie os detalhes e fale com o suporte.',
    detail,
  };
}
