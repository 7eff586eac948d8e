// The company's CT-e defaults (Empresas → "Padrões do CT-e") applied to a new form, and the CFOP
// kept in step with the route while the clerk has not typed one of their own.
import type { CompanyDefaults } from '@shared/schemas/company-defaults';
import { defaultCfopFor } from '@shared/schemas/company-defaults';

interface DefaultsTarget {
  impostos: { icms: { situacao: string } & Record<string, string | number | null> };
  observacoes: { xObs: string };
}

/** Fills RNTRC, ICMS and observations of a fresh form from the defaults; returns the same form. */
export function applyCompanyDefaults<T extends DefaultsTarget>(
  form: T,
  defaults: Partial<CompanyDefaults> | undefined,
): T {
  if (!defaults) return form;
  // The road modal of a CT-e and CT-e Simplificado carries the RNTRC; a CT-e OS's does not.
  const rodo = (form as { rodoviario?: Record<string, unknown> }).rodoviario;
  if (defaults.rntrc && rodo && 'rntrc' in rodo) rodo.rntrc = defaults.rntrc;
  if (defaults.icms) {
    const { situacao, pICMS, pRedBC, cst } = defaults.icms;
    const icms: { situacao: string } & Record<string, string | number | null> = { situacao };
    if (situacao === '00' || situacao === '20' || situacao === '90') icms.pICMS = pICMS ?? null;
    if (situacao === '20') icms.pRedBC = pRedBC ?? null;
    if (situacao === '45') icms.cst = cst ?? '';
    form.impostos.icms = icms;
  }
  if (defaults.xObs) form.observacoes.xObs = defaults.xObs;
  return form;
}

/**
 * The CFOP for the route now: the default of its type (inside the state / to another state) while
 * the field is empty or still holds a default — a CFOP the clerk typed stays.
 */
export function routeCfop(
  current: string,
  defaults: CompanyDefaults | undefined,
  ufIni: string,
  ufFim: string,
): string {
  const wanted = defaultCfopFor(defaults, ufIni, ufFim);
  if (!wanted) return current;
  const isDefault = current === '' || current === defaults?.cfopIntra || current === defaults?.cfopInter;
  return isDefault ? wanted : current;
}
