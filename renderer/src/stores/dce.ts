// The DC-e session: the draft being edited, live validation with the form's zod schema, the
// debounced autosave (drafts:* with kind 'dce'), the DACE preview, the sending and its outcome, and
// the company's issued DC-e with their detail and cancellation.
import { defineStore } from 'pinia';
import { computed, reactive, ref, watch } from 'vue';

import type { CommandOutput } from '../../../electron/shared/contract';
import type { DceForm } from '../../../electron/shared/schemas/dce-form';
import { CommandError, invoke } from '../bridge';
import type { DceDraftData, FieldErrors } from '../components/dce/dce-model';
import { draftTotal, emptyDceDraft, toSchemaInput, validateDce } from '../components/dce/dce-model';
import { useAppStore } from './app';

export const DCE_AUTOSAVE_MS = 3000;
export type DceOutcome = CommandOutput<'dce:issue'>;
export type DceSummary = CommandOutput<'dce:list'>['items'][number];
export type DceDetail = CommandOutput<'dce:get'>;

export const useDceStore = defineStore('dce', () => {
  const app = useAppStore();
  const company = computed(() => app.settings?.selectedCompany ?? null);
  const data = reactive<DceDraftData>(emptyDceDraft());
  const draftId = ref<number | null>(null);
  const touched = reactive(new Set<string>());
  const showAll = ref(false);
  const serverErrors = ref<FieldErrors>({});
  const rejection = ref<string | null>(null);
  const sending = ref(false);
  const outcome = ref<DceOutcome | null>(null);
  const nextNumero = ref<number | null>(null);
  const savedAt = ref<Date | null>(null);
  const issued = ref<DceSummary[]>([]);

  const localErrors = computed<FieldErrors>(() => validateDce(data));
  const allErrors = computed<FieldErrors>(() => ({ ...localErrors.value, ...serverErrors.value }));
  /** What blocks sending: the form's own rules (what the API named last time is sent again). */
  const blocked = computed(() => Object.keys(localErrors.value).length > 0 || !company.value);
  const visible = computed<FieldErrors>(() => {
    const out: FieldErrors = {};
    for (const [path, message] of Object.entries(allErrors.value)) {
      const shown =
        showAll.value ||
        path in serverErrors.value ||
        [...touched].some((t) => path === t || path.startsWith(`${t}.`));
      if (shown) out[path] = message;
    }
    return out;
  });
  const errorCount = computed(() => Object.keys(allErrors.value).length);
  const total = computed(() => draftTotal(data));

  const errorOf = (path: string): string | undefined => visible.value[path];
  function touch(path: string): void {
    touched.add(path);
    if (path in serverErrors.value) {
      const next = { ...serverErrors.value };
      delete next[path];
      serverErrors.value = next;
    }
  }

  let timer: ReturnType<typeof setTimeout> | null = null;
  let loading = false;
  watch(
    data,
    () => {
      if (loading) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void saveDraft(), DCE_AUTOSAVE_MS);
    },
    { deep: true },
  );

  async function saveDraft(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!company.value) return;
    const title = [data.destinatario.xNome, data.itens[0]?.xProd].filter(Boolean).join(' · ');
    try {
      const saved = await invoke('drafts:save', {
        id: draftId.value ?? undefined,
        kind: 'dce',
        company: company.value,
        title: (title || 'DC-e sem título').slice(0, 120),
        data: JSON.parse(JSON.stringify(data)) as unknown,
      });
      draftId.value = saved.id;
      savedAt.value = new Date();
    } catch {
      savedAt.value = null;
    }
  }

  function reset(next: DceDraftData = emptyDceDraft(), id: number | null = null): void {
    loading = true;
    Object.assign(data, next);
    draftId.value = id;
    touched.clear();
    showAll.value = false;
    serverErrors.value = {};
    rejection.value = null;
    outcome.value = null;
    void Promise.resolve().then(() => {
      loading = false;
    });
  }

  function load(saved: { id: number; data: unknown }): void {
    reset({ ...emptyDceDraft(), ...((saved.data ?? {}) as Partial<DceDraftData>) }, saved.id);
  }

  const input = () => ({
    company: company.value ?? '',
    form: toSchemaInput(data) as unknown as DceForm,
  });

  async function refreshNumero(): Promise<void> {
    if (!company.value) return;
    nextNumero.value = (await invoke('numbering:get', { company: company.value, kind: 'dce' })).next;
  }

  function applyError(message: string, fields: string[], codigo: number | null = null): void {
    rejection.value = codigo ? `Rejeição ${codigo}: ${message}` : message;
    const next: FieldErrors = {};
    for (const raw of fields) next[raw.replace(/^form\./, '')] = rejection.value;
    serverErrors.value = next;
  }

  async function preview(): Promise<string | null> {
    showAll.value = true;
    if (blocked.value) return null;
    try {
      return (await invoke('dce:preview', input())).html;
    } catch (error) {
      if (error instanceof CommandError) applyError(error.message, error.fields ?? []);
      else throw error;
      return null;
    }
  }

  async function issue(): Promise<DceOutcome | null> {
    showAll.value = true;
    if (blocked.value) return null;
    rejection.value = null;
    serverErrors.value = {};
    sending.value = true;
    try {
      const result = await invoke('dce:issue', input());
      outcome.value = result;
      if (result.rejection) {
        applyError(result.rejection.motivo ?? 'Rejeitada.', result.rejection.fields, result.rejection.codigo);
      } else if (result.status === 'autorizado' && draftId.value !== null) {
        const id = draftId.value;
        draftId.value = null;
        if (timer) clearTimeout(timer);
        await invoke('drafts:delete', { id }).catch(() => undefined);
      }
      void refreshNumero().catch(() => undefined);
      return result;
    } catch (error) {
      if (error instanceof CommandError) applyError(error.message, error.fields ?? []);
      else throw error;
      return null;
    } finally {
      sending.value = false;
    }
  }

  async function loadIssued(): Promise<void> {
    if (!company.value) return;
    issued.value = (await invoke('dce:list', { company: company.value, limit: 100 })).items;
  }

  return {
    company,
    data,
    draftId,
    touched,
    showAll,
    serverErrors,
    rejection,
    sending,
    outcome,
    nextNumero,
    savedAt,
    issued,
    allErrors,
    visible,
    errorCount,
    total,
    errorOf,
    touch,
    saveDraft,
    reset,
    load,
    refreshNumero,
    preview,
    issue,
    loadIssued,
  };
});
