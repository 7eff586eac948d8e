// Sending an issuing form: the phases the screen shows ("Enviando…", then "Aguardando
// autorização…" once the wait is the authority's), the last outcome, and the refusal handed to the
// error visibility so the fields it names are marked.
import { computed, ref, shallowRef } from 'vue';

import { CommandError } from '../bridge';
import type { FieldProblem } from './form-errors';

/** After this long the wait is the authority's, not ours: the screen says so. */
export const AWAITING_AUTHORITY_MS = 1500;
export type SendPhase = 'idle' | 'enviando' | 'aguardando' | 'done';

/** What every issuing command answers: a status and, when refused, the reason in words. */
export interface SendResult {
  status: string;
  rejection?: {
    codigo: number | null;
    motivo?: string | null;
    fields: string[];
    problems?: FieldProblem[];
    detail?: string | null;
  } | null;
}

export interface SendingHooks {
  /** Whether the form may go (shows every error and jumps to the first when not). */
  ready: () => boolean;
  clearRejection: () => void;
  applyRejection: (
    codigo: number | null,
    motivo: string,
    fields: string[],
    problems?: FieldProblem[],
    detail?: string | null,
  ) => void;
  /** After an authorization: the draft goes. */
  authorized: () => Promise<void>;
}

export function useSending<R extends SendResult>(hooks: SendingHooks) {
  const phase = ref<SendPhase>('idle');
  const sending = computed(() => phase.value === 'enviando' || phase.value === 'aguardando');
  /** What the screen says while sending. */
  const progressText = computed(() =>
    phase.value === 'enviando'
      ? 'Enviando…'
      : phase.value === 'aguardando'
        ? 'Aguardando autorização…'
        : null,
  );
  /** The last answer of the issuing command (authorized, pending or rejected). */
  const outcome = shallowRef<R | null>(null);

  /**
   * Sends through `call` once the form passes `ready`: the phases for the screen, the outcome kept,
   * the rejection mapped onto the fields, the draft deleted once authorized. Null when nothing was
   * sent or the command refused the input.
   */
  async function send(
    call: () => Promise<R>,
    onAuthorized?: (result: R) => Promise<void>,
    ready: () => boolean = hooks.ready,
  ): Promise<R | null> {
    if (!ready()) return null;
    hooks.clearRejection();
    phase.value = 'enviando';
    const waiting = setTimeout(() => {
      if (phase.value === 'enviando') phase.value = 'aguardando';
    }, AWAITING_AUTHORITY_MS);
    try {
      const result = await call();
      outcome.value = result;
      if (result.rejection) {
        const r = result.rejection;
        hooks.applyRejection(
          r.codigo,
          r.motivo ?? 'Documento rejeitado.',
          r.fields,
          r.problems,
          r.detail ?? null,
        );
      } else if (result.status === 'autorizado') {
        await onAuthorized?.(result).catch(() => undefined);
        await hooks.authorized();
      }
      return result;
    } catch (error) {
      if (!(error instanceof CommandError)) throw error;
      hooks.applyRejection(null, error.message, error.fields ?? []);
      return null;
    } finally {
      clearTimeout(waiting);
      phase.value = 'done';
    }
  }

  function reset(): void {
    outcome.value = null;
    phase.value = 'idle';
  }

  return { phase, sending, progressText, outcome, send, reset };
}
