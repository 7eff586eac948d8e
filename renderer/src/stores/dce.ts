// The DC-e session: the shared issuing-form session (drafts kind 'dce', no steps) over the DC-e
// model, the DACE preview, the next number, and the company's issued DC-e.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';

import type { CommandOutput } from '@shared/contract';
import { dceFormSchema } from '@shared/schemas/dce-form';
import { formInput } from '../composables/form-input';
import { CommandError, invoke } from '../bridge';
import type { DceDraftData } from '../views/emitir-dce/dce-model';
import { draftTotal, emptyDceDraft, toSchemaInput, validateDce } from '../views/emitir-dce/dce-model';
import { useFormSession } from '../composables/form-session';

export { AUTOSAVE_MS as DCE_AUTOSAVE_MS } from '../composables/form-session';
export type DceOutcome = CommandOutput<'dce:issue'>;
export type DceSummary = CommandOutput<'dce:list'>['items'][number];
export type DceDetail = CommandOutput<'dce:get'>;

function draftTitle(data: DceDraftData): string {
  return [data.destinatario.xNome, data.itens[0]?.xProd].filter(Boolean).join(' · ') || 'DC-e sem título';
}

export const useDceStore = defineStore('dce', () => {
  const session = useFormSession<DceDraftData, DceOutcome>({
    kind: 'dce',
    empty: emptyDceDraft,
    fromSaved: (raw) => ({ ...emptyDceDraft(), ...((raw ?? {}) as Partial<DceDraftData>) }),
    validate: validateDce,
    title: draftTitle,
  });
  const { company, data, showAll, localErrors } = session;
  const nextNumero = ref<number | null>(null);
  const issued = ref<DceSummary[]>([]);

  /** What blocks sending: the form's own rules (what the API named last time is sent again). */
  const blocked = computed(() => Object.keys(localErrors.value).length > 0 || !company.value);
  /** The rejection as one line, in words (a SEFAZ rejection's words carry its code). */
  const rejection = computed(() => session.rejection.value?.motivo ?? null);
  const total = computed(() => draftTotal(data));
  const ready = () => {
    showAll.value = true;
    return !blocked.value;
  };

  const input = () => ({
    company: company.value ?? '',
    form: formInput(dceFormSchema, toSchemaInput(data)),
  });

  async function refreshNumero(): Promise<void> {
    if (!company.value) return;
    nextNumero.value = (await invoke('numbering:get', { company: company.value, kind: 'dce' })).next;
  }

  async function preview(): Promise<string | null> {
    if (!ready()) return null;
    try {
      return (await invoke('dce:preview', input())).html;
    } catch (error) {
      if (!(error instanceof CommandError)) throw error;
      session.applyRejection(null, error.message, error.fields ?? []);
      return null;
    }
  }

  async function issue(): Promise<DceOutcome | null> {
    const result = await session.send(() => invoke('dce:issue', input()), undefined, ready);
    if (result) void refreshNumero().catch(() => undefined);
    return result;
  }

  async function loadIssued(): Promise<void> {
    if (!company.value) return;
    issued.value = (await invoke('dce:list', { company: company.value, limit: 100 })).items;
  }

  return {
    ...session,
    rejection,
    nextNumero,
    issued,
    blocked,
    total,
    refreshNumero,
    preview,
    issue,
    loadIssued,
  };
});
