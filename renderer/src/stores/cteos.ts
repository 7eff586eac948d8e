// The CT-e OS form session: the shared issuing-form session over cteos-model (drafts kind
// 'cteos'), plus the emitter's TAF / registro estadual remembered per company.
import { defineStore } from 'pinia';
import { ref } from 'vue';

import type { CteOsForm } from '@shared/schemas/cteos-form';
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

export const useCteOsStore = defineStore('cteos', () => {
  const app = useAppStore();
  const companyOf = () => app.settings?.selectedCompany ?? null;
  /** A new form, with the emitter's TAF / registro estadual of its last authorized CT-e OS. */
  function fresh(): CteOsDraftData {
    const d = emptyCteOsDraft();
    const company = companyOf();
    const last = company ? app.settings?.cteosRodo?.[company] : undefined;
    if (last) Object.assign(d.rodoviario, { taf: last.taf, nroRegEstadual: last.nroRegEstadual });
    // ICMS and observations as the company repeats them (its CFOP and RNTRC are the freight CT-e's).
    const defaults = company ? app.settings?.companyDefaults?.[company] : undefined;
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

  function issueInput() {
    return {
      kind: 'cteos' as const,
      company: company.value ?? '',
      serie: serie.value ?? undefined,
      form: toCteOsInput(data) as unknown as CteOsForm,
    };
  }

  const issue = () =>
    session.send(
      () => invoke('cte:issue', issueInput()),
      () => rememberRodo(data),
    );

  return { ...session, serie, issueInput, issue };
});
