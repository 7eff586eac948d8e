// The CT-e OS form session: the shared issuing-form session over cteos-model (drafts kind
// 'cteos'), plus the emitter's TAF / registro estadual remembered per company.
import { defineStore } from 'pinia';
import { ref, watch } from 'vue';

import { cfopByCode } from '@shared/fiscal';
import { cteOsFormSchema } from '@shared/schemas/cteos-form';
import { formInput } from '../composables/form-input';
import { invoke } from '../bridge';
import { applyCompanyDefaults } from '../components/cte/company-defaults';
import { useFormSession } from '../composables/form-session';
import { useAppStore } from './app';
import type { IssueOutcome } from './cte';
import type { CteOsDraftData } from '../views/emitir-cteos/cteos-model';
import {
  CTEOS_STEPS,
  draftTitle,
  emptyCteOsDraft,
  fromSaved,
  toCteOsInput,
  validateCteOs,
} from '../views/emitir-cteos/cteos-model';

export { AUTOSAVE_MS } from '../composables/form-session';

/** 5xxx inside one UF, 6xxx between UFs: a CFOP of the other type keeps its tail and flips. */
export function cfopForRoute(cfop: string, ufIni: string, ufFim: string): string {
  if (!ufIni || !ufFim || ufFim === 'EX' || !/^[56]\d{3}$/.test(cfop)) return cfop;
  const flipped = `${ufIni === ufFim ? '5' : '6'}${cfop.slice(1)}`;
  return cfopByCode(flipped) ? flipped : cfop;
}

export const useCteOsStore = defineStore('cteos', () => {
  const app = useAppStore();
  const companyOf = () => app.settings?.selectedCompany ?? null;
  const defaultsOf = () => {
    const company = companyOf();
    return company ? app.settings?.companyDefaults?.[company] : undefined;
  };
  /**
   * A new form: the emitter's TAF / registro estadual from the company's defaults (Empresas →
   * Padrões do CT-e), else those of its last authorized CT-e OS.
   */
  function fresh(): CteOsDraftData {
    const d = emptyCteOsDraft();
    const company = companyOf();
    const last = company ? app.settings?.cteosRodo?.[company] : undefined;
    const defaults = defaultsOf();
    d.rodoviario.taf = defaults?.taf ?? last?.taf ?? '';
    d.rodoviario.nroRegEstadual = defaults?.nroRegEstadual ?? last?.nroRegEstadual ?? '';
    // ICMS and observations as the company repeats them (its CFOP and RNTRC are the freight CT-e's).
    return applyCompanyDefaults(d, defaults && { icms: defaults.icms, xObs: defaults.xObs });
  }
  /** Kept per company in the settings, so the clerk does not retype them on every CT-e OS. */
  async function rememberRodo(issued: CteOsDraftData): Promise<void> {
    const { taf, nroRegEstadual } = issued.rodoviario;
    const company = companyOf();
    if (!company || issued.geral.tpServ === 7 || !(taf || nroRegEstadual)) return;
    const all = app.settings?.cteosRodo ?? {};
    const known = all[company];
    if (known?.taf === taf && known.nroRegEstadual === nroRegEstadual) return;
    await app.updateSettings({ cteosRodo: { ...all, [company]: { taf, nroRegEstadual } } });
  }

  const session = useFormSession<CteOsDraftData, IssueOutcome>({
    kind: 'cteos',
    steps: CTEOS_STEPS,
    empty: fresh,
    fromSaved,
    validate: validateCteOs,
    title: draftTitle,
  });
  const { company, data } = session;
  const serie = ref<number | null>(null);

  // The CFOP follows the route's type (5xxx inside the UF, 6xxx between UFs) as on the CT-e (issue 26).
  watch(
    () => [data.geral.inicio.uf, data.geral.fim.uf] as const,
    ([ufIni, ufFim]) => {
      data.geral.cfop = cfopForRoute(data.geral.cfop, ufIni, ufFim);
    },
  );
  // The INSS withheld, from the company's rate, while the clerk has not typed one of their own.
  let computedInss: number | null = null;
  watch(
    () => [data.valores.vTPrest, data.impostos.federaisOn, defaultsOf()?.pINSS] as const,
    ([total, on, rate]) => {
      const current = data.impostos.federais.vINSS;
      if (!on || rate === undefined || total === null || !Number.isFinite(total)) return;
      if (current !== null && current !== computedInss) return;
      computedInss = Math.round(total * rate) / 100;
      data.impostos.federais.vINSS = computedInss;
    },
  );

  function issueInput() {
    return {
      kind: 'cteos' as const,
      company: company.value ?? '',
      serie: serie.value ?? undefined,
      form: formInput(cteOsFormSchema, toCteOsInput(data)),
    };
  }

  const issue = () =>
    session.send(
      () => invoke('cte:issue', issueInput()),
      () => rememberRodo(data),
    );

  return { ...session, serie, issueInput, issue };
});
