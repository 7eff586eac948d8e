// The MDF-e form session: the shared issuing-form session over mdfe-model (drafts kind 'mdfe'),
// the start from a selection of documents (mdfe:prefill), and the sending of one MDF-e per
// unloading UF through mdfe:issueForm. A UF already authorized is never sent again on a retry; an
// open MDF-e of the same truck and UF stops the sending with the warning, until the clerk closes it
// or chooses to send anyway.
import { defineStore } from 'pinia';
import { ref, watch } from 'vue';

import type { CommandOutput } from '@shared/contract';
import type { AverbacaoTrip } from '@shared/schemas/averbacao';
import { NAVER_CONTINGENCIA } from '@shared/schemas/averbacao';
import type { MdfeFormInput } from '@shared/schemas/mdfe-form';
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
  vehicleFromRegistry,
} from '../views/emitir-mdfe/mdfe-model';
import { fillAverbacoes, fillSeguro } from '../views/emitir-mdfe/seguro-fill';

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
  /** The averbação of the trip's CT-e (averbacao:trip): what is missing, the seg to propose. */
  const trip = ref<AverbacaoTrip | null>(null);
  const averbando = ref(false);
  /** ANTT's 99999 chosen for this trip, with the reason the clerk gave (saved by the main side). */
  const contingencia = ref<{ motivo: string } | null>(null);
  /** The averbação numbers the form put in seg itself (the clerk's own are never replaced). */
  let autoNumbers: string[] = [];
  /** The insurer and policy are proposed once per trip: a field the clerk clears stays cleared. */
  let seguroProposed = false;

  const tripKeys = () => data.documentos.filter((d) => d.tipo === 'cte').map((d) => d.chave);

  function applyTrip(next: AverbacaoTrip): void {
    trip.value = next;
    // Each document keeps its own numbers: an MDF-e per UF carries only those of its documents.
    for (const doc of data.documentos) {
      const found = next.documentos.find((x) => x.chave === doc.chave);
      if (found && found.estado === 'averbado') doc.averbacoes = [...found.numeros];
    }
    const seguro = data.seguros[0];
    if (!next.seguro || !seguro || contingencia.value) return;
    if (!seguroProposed) fillSeguro(seguro, next.seguro);
    seguroProposed = true;
    autoNumbers = fillAverbacoes(seguro, next.seguro.averbacoes, autoNumbers);
  }

  /** Reads the trip's averbação again (after "Averbar agora", or when the queue says it changed). */
  async function refreshAverbacao(): Promise<void> {
    const chaves = tripKeys();
    if (!company.value || chaves.length === 0) return;
    applyTrip(await invoke('averbacao:trip', { company: company.value, chaves }));
  }

  /** "Averbar agora": the trip's CT-e not yet averbados go to the averbadora at once. */
  async function averbarAgora(): Promise<void> {
    const chaves = tripKeys();
    if (!company.value || chaves.length === 0) return;
    averbando.value = true;
    try {
      applyTrip(await invoke('averbacao:sendNow', { company: company.value, chaves }));
    } finally {
      averbando.value = false;
    }
  }

  /** ANTT's 99999 (only while the averbadora cannot answer), with the reason saved. */
  async function usarContingencia(motivo: string): Promise<void> {
    if (!company.value) return;
    await invoke('averbacao:contingencia', { company: company.value, chaves: tripKeys(), motivo });
    const seguro = data.seguros[0];
    if (seguro) seguro.averbacoes = [NAVER_CONTINGENCIA];
    autoNumbers = [NAVER_CONTINGENCIA];
    contingencia.value = { motivo };
  }

  /**
   * The start of a new trip from the company's last MDF-e (issue #26): RNTRC, insurance, the same
   * truck and drivers (found again in the registries), each only where the draft is empty.
   */
  async function applyDefaults(next: MdfeDraftData, cnpj: string): Promise<void> {
    const defaults = await invoke('mdfe:defaults', { company: cnpj }).catch(() => null);
    if (!defaults) return;
    if (!next.rntrc) next.rntrc = defaults.rntrc;
    if (defaults.seguro && next.seguros[0]) fillSeguro(next.seguros[0], defaults.seguro);
    const last = defaults.veiculo;
    if (last && !next.veiculo.placa) {
      const vehicles = (await invoke('vehicles:list', { company: cnpj }).catch(() => ({ items: [] }))).items;
      const tracao = vehicles.find((v) => v.placa === last.placa && v.tipo === 'tracao');
      if (tracao) {
        next.veiculo = vehicleFromRegistry(tracao);
        next.reboques = last.reboques.flatMap((placa) => {
          const r = vehicles.find((v) => v.placa === placa && v.tipo === 'reboque');
          return r ? [vehicleFromRegistry(r)] : [];
        });
      }
      if (last.condutores.length && next.condutores.every((c) => !c.nome && !c.cpf))
        next.condutores = last.condutores.map((c) => ({ ...c }));
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
      await applyDefaults(next, company.value);
      session.reset(next);
      problemas.value = found.problemas;
      authorized.value = [];
      conflict.value = null;
      contingencia.value = null;
      autoNumbers = [];
      seguroProposed = false;
      trip.value = null;
      await refreshAverbacao().catch(() => undefined);
    } finally {
      prefilling.value = false;
    }
  }

  /** What mdfe:preview and mdfe:issueForm take: the form's schema input (the main side parses it). */
  function formInput(): MdfeFormInput {
    return toMdfeInput(data);
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
          ufFim,
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
    trip.value = null;
    contingencia.value = null;
    autoNumbers = [];
    seguroProposed = false;
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
    trip,
    averbando,
    contingencia,
    refreshAverbacao,
    averbarAgora,
    usarContingencia,
    formInput,
    previewInput,
    issue,
    clear,
  };
});
