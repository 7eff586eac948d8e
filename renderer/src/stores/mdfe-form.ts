// The MDF-e form session: the shared issuing-form session over mdfe-model (drafts kind 'mdfe'),
// the start from a selection of documents (mdfe:prefill), and the sending of one MDF-e per
// unloading UF through mdfe:issueForm. A UF already authorized is never sent again on a retry; an
// open MDF-e of the same truck and UF stops the sending with the warning, until the clerk closes it
// or chooses to send anyway.
import { defineStore } from 'pinia';
import { ref, watch } from 'vue';

import type { CommandOutput } from '@shared/contract';
import type { MdfeForm } from '@shared/schemas/mdfe-form';
import { unloadingUfs } from '@shared/schemas/mdfe-form';
import { CommandError, invoke } from '../bridge';
import { useFormSession } from '../composables/form-session';
import type { MdfeDraftData, PayeeOption } from '../views/emitir-mdfe/mdfe-model';
import {
  draftTitle,
  emptyMdfeDraft,
  fromSaved,
  MDFE_STEPS,
  prefillAntt,
  prefillLotacao,
  toMdfeInput,
  validateMdfe,
} from '../views/emitir-mdfe/mdfe-model';

export type MdfeIssued = CommandOutput<'mdfe:issueForm'>;
export interface MdfeTripResult {
  status: string;
  rejection: { codigo: number | null; motivo?: string | null; fields: string[] } | null;
  /** Each unloading UF sent so far, with its answer. */
  manifestos: { ufFim: string; outcome: MdfeIssued }[];
}
/** An open MDF-e of the same truck and unloading UF that SEFAZ would use to refuse this one (611). */
export interface OpenConflict {
  ufFim: string;
  message: string;
}

export const useMdfeFormStore = defineStore('mdfe-form', () => {
  const session = useFormSession<MdfeDraftData, MdfeTripResult>({
    kind: 'mdfe',
    steps: MDFE_STEPS,
    empty: emptyMdfeDraft,
    fromSaved,
    validate: validateMdfe,
    title: draftTitle,
  });
  const { company, data } = session;
  const serie = ref<number | null>(null);
  const problemas = ref<{ chave: string; motivo: string }[]>([]);
  const prefilling = ref(false);
  const conflict = ref<OpenConflict | null>(null);
  /** UFs of this trip already authorized (kept across retries of the others). */
  const authorized = ref<{ ufFim: string; outcome: MdfeIssued }[]>([]);
  /** Where the company's freight was received before (payees:list), the last one first. */
  const payees = ref<PayeeOption[]>([]);

  /** Reads the company's payees; offline or on error the list simply stays as it was. */
  async function loadPayees(): Promise<void> {
    if (!company.value) return;
    try {
      payees.value = (await invoke('payees:list', { company: company.value })).items;
    } catch {
      // Nothing to offer: the clerk types the bank data.
    }
  }

  /** Starts a new trip from the keys picked in Documentos (CT-e) or in the inbox (NF-e). */
  async function startFrom(chaves: string[]): Promise<void> {
    if (!company.value || chaves.length === 0) return;
    prefilling.value = true;
    try {
      const found = await invoke('mdfe:prefill', { company: company.value, chaves });
      await loadPayees();
      const next = emptyMdfeDraft();
      next.documentos = found.documentos;
      next.produto.xProd = found.produto;
      prefillLotacao(next);
      prefillAntt(next, payees.value[0]);
      session.reset(next);
      problemas.value = found.problemas;
      authorized.value = [];
      conflict.value = null;
    } finally {
      prefilling.value = false;
    }
  }

  function formInput(): MdfeForm {
    return toMdfeInput(data) as unknown as MdfeForm;
  }
  function previewInput() {
    return { company: company.value ?? '', form: formInput(), serie: serie.value ?? undefined };
  }

  /** Sends the UFs not yet authorized, in order; stops at the first that is not authorized. */
  async function sendAll(ignorarAbertos: boolean): Promise<MdfeTripResult> {
    conflict.value = null;
    const form = formInput();
    for (const ufFim of unloadingUfs(form.documentos)) {
      if (authorized.value.some((a) => a.ufFim === ufFim)) continue;
      let outcome: MdfeIssued;
      try {
        outcome = await invoke('mdfe:issueForm', {
          company: company.value ?? '',
          form,
          ufFim: ufFim as 'SP',
          serie: serie.value ?? undefined,
          ignorarAbertos,
        });
      } catch (error) {
        if (error instanceof CommandError && error.code === 'mdfe_open_conflict') {
          conflict.value = { ufFim, message: error.message };
          return { status: 'aviso', rejection: null, manifestos: [...authorized.value] };
        }
        throw error;
      }
      if (outcome.status !== 'autorizado')
        return {
          status: outcome.status,
          rejection: outcome.rejection ?? null,
          manifestos: [...authorized.value, { ufFim, outcome }],
        };
      authorized.value = [...authorized.value, { ufFim, outcome }];
    }
    return { status: 'autorizado', rejection: null, manifestos: [...authorized.value] };
  }

  const issue = (ignorarAbertos = false) => session.send(() => sendAll(ignorarAbertos));

  /** What belongs to one trip's sending goes with it: a new or loaded form never shows another's. */
  function forgetTrip(): void {
    problemas.value = [];
    authorized.value = [];
    conflict.value = null;
  }
  const reset: typeof session.reset = (...args) => {
    forgetTrip();
    session.reset(...args);
  };
  const load: typeof session.load = (saved) => {
    forgetTrip();
    session.load(saved);
  };
  watch(company, forgetTrip);
  function clear(): void {
    reset();
  }

  return {
    ...session,
    reset,
    load,
    serie,
    problemas,
    prefilling,
    conflict,
    authorized,
    payees,
    loadPayees,
    startFrom,
    formInput,
    previewInput,
    issue,
    clear,
  };
});
