// The single place that turns errors and notices into toasts. Talks to PrimeVue's toast bus
// directly so it works outside components (global error handlers, stores).
import { defineStore } from 'pinia';
import ToastEventBus from 'primevue/toasteventbus';

import type { Notice } from '@shared/schemas/app';
import { CommandError } from '../bridge';

export type Severity = Notice['severity'];

/** What our toast template renders under the summary. */
export interface ToastBody {
  text?: string;
  /** Technical text behind a "Detalhes" disclosure (API body, SEFAZ reason, error name). */
  technical?: string;
}

export interface ToastOptions extends ToastBody {
  /** Milliseconds on screen (a pointer over the toast holds it). */
  life?: number;
}

const unexpected =
  'Ocorreu um erro inesperado na tela. Tente novamente; se persistir, copie os detalhes e fale com o suporte.';

const defaultLife: Record<Severity, number | undefined> = {
  success: 4000,
  info: 6000,
  warn: 10000,
  // Errors close by themselves too (issue 26): one left open covers the screen for the rest of the
  // day; the same words stay where the failure is shown (the form, the panel), with their details.
  error: 15000,
};

function technicalOf(error: unknown): { summary: string; technical?: string } {
  if (error instanceof CommandError) {
    const lines = [
      error.detail,
      error.code && error.code !== 'internal' ? `Código: ${error.code}` : undefined,
    ];
    const technical = lines.filter(Boolean).join('\n');
    return { summary: error.message, technical: technical || undefined };
  }
  if (error instanceof Error) {
    const stack = error.stack?.split('\n').slice(1, 6).join('\n');
    return {
      summary: unexpected,
      technical: [`${error.name}: ${error.message}`, stack].filter(Boolean).join('\n'),
    };
  }
  return { summary: unexpected, technical: String(error) };
}

export const useNotifyStore = defineStore('notify', () => {
  function show(severity: Severity, summary: string, options: ToastOptions = {}): void {
    const body: ToastBody = { text: options.text, technical: options.technical };
    ToastEventBus.emit('add', {
      severity,
      summary,
      detail: body,
      life: options.life ?? defaultLife[severity],
    });
  }

  /** Shows a failed command (or anything thrown) as an error toast; `context` says what was being done. */
  function error(err: unknown, context?: string): void {
    const { summary, technical } = technicalOf(err);
    if (context) show('error', context, { text: summary, technical });
    else show('error', summary, { technical });
  }

  function success(summary: string, text?: string): void {
    show('success', summary, { text });
  }

  function notice(payload: Notice): void {
    show(payload.severity, payload.summary, { text: payload.detail });
  }

  return { show, error, success, notice };
});
