// Closing an open MDF-e from a list (the "MDF-e em aberto" view, the issuing form's open-manifest
// warning) in one click: at the last unloading municipality of its XML (cMunDescarga, no guessing
// by name) and today in Brasília. The encerramento cannot be undone, so the click only prepares it;
// it goes to SEFAZ when the clerk confirms in ConfirmClosing.
import type { CommandOutput } from '@shared/contract';
import { computed, ref } from 'vue';

import { invoke } from '../bridge';
import { chosenUf } from './uf-choice';
import { brasiliaDay, closingPlace } from '../views/documento-mdfe/lifecycle';

export interface ClosingPlan {
  id: number;
  serie: number | null;
  numero: number | null;
  placa: string | null;
  uf: string;
  codigoMunicipio: string;
  municipio: string;
  /** aaaa-mm-dd: the day the dialog shows is the day sent. */
  data: string;
}

type CloseOutcome = CommandOutput<'mdfe:close'>;

export function useCloseOpenMdfe(
  options: { now?: () => Date; close?: (plan: ClosingPlan) => Promise<CloseOutcome> } = {},
) {
  const plan = ref<ClosingPlan | null>(null);
  const busy = ref(false);
  /** The dialog's v-model: "Voltar" (or Esc) drops the plan and nothing is sent. */
  const asking = computed({
    get: () => plan.value !== null,
    set: (value: boolean) => {
      if (!value && !busy.value) plan.value = null;
    },
  });

  /** Reads the cached manifest and opens the question; throws, in Portuguese, when it cannot. */
  async function ask(id: number): Promise<void> {
    plan.value = null;
    const detail = await invoke('mdfe:get', { id });
    const place = closingPlace(detail);
    if (!place)
      throw new Error(
        'O XML deste MDF-e ainda não está no computador: atualize a lista e tente de novo, ou abra o MDF-e e informe o município de encerramento.',
      );
    plan.value = {
      id,
      serie: detail.mdfe.serie,
      numero: detail.mdfe.numero,
      placa: detail.viagem?.veiculo?.placa ?? detail.mdfe.placa,
      uf: place.uf,
      codigoMunicipio: place.codigo,
      municipio: place.nome,
      data: brasiliaDay(options.now?.() ?? new Date()),
    };
  }

  /** "Sim, encerrar": sends the closing asked about; throws the command's error. */
  async function confirm(): Promise<{ plan: ClosingPlan; outcome: CloseOutcome } | null> {
    const p = plan.value;
    if (!p || busy.value) return null;
    busy.value = true;
    try {
      const outcome = await (options.close
        ? options.close(p)
        : invoke('mdfe:close', {
            id: p.id,
            uf: chosenUf(p.uf),
            codigoMunicipio: p.codigoMunicipio,
            data: p.data,
          }));
      return { plan: p, outcome };
    } finally {
      busy.value = false;
      plan.value = null;
    }
  }

  return { plan, asking, busy, ask, confirm };
}
