// Names of the parties of a CT-e issued in homologação. MOC CT-e 4.00 Anexo I, "Regras de
// Validação do CTe (Modelo 57)", Validações Gerais G002–G005: when tpAmb is 2 (homologação) and the
// remetente, expedidor, recebedor or destinatário is present, its xNome must be the literal
// "CTE EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL", else rejection 646, 647, 648 or 649.
// Exception: the rules do not apply to the Regime Especial da NFF (tpEmis 3). The CT-e OS (model
// 67) and the tomador have no such rule.

export const HOMOLOGACAO_XNOME = 'CTE EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

/** tpEmis of the Regime Especial da NFF, to which G002–G005 do not apply. */
export const TP_EMIS_NFF = 3;

export const HOMOLOGACAO_NAME_RULES = [
  { group: 'rem', role: 'remetente', cStat: 646 },
  { group: 'exped', role: 'expedidor', cStat: 647 },
  { group: 'receb', role: 'recebedor', cStat: 648 },
  { group: 'dest', role: 'destinatário', cStat: 649 },
] as const;

export type HomologacaoGroup = (typeof HOMOLOGACAO_NAME_RULES)[number]['group'];

export function homologacaoNameMotivo(role: string): string {
  return `Rejeição: CTe emitido em ambiente de homologação com Razão Social do ${role} diferente de ${HOMOLOGACAO_XNOME}`;
}

export function homologacaoNamesApply(
  ambiente: 'homologacao' | 'producao',
  tpEmis: number | string,
): boolean {
  return ambiente === 'homologacao' && Number(tpEmis) !== TP_EMIS_NFF;
}

type Parties = Partial<Record<HomologacaoGroup, { xNome?: string | null } | null | undefined>>;

/** The first party whose name breaks G002–G005, as the authority answers it; null when none. */
export function checkHomologacaoNames(
  ambiente: 'homologacao' | 'producao',
  tpEmis: number | string,
  infCte: Parties,
): { cStat: number; xMotivo: string } | null {
  if (!homologacaoNamesApply(ambiente, tpEmis)) return null;
  for (const rule of HOMOLOGACAO_NAME_RULES) {
    const party = infCte[rule.group];
    if (party && party.xNome !== HOMOLOGACAO_XNOME)
      return { cStat: rule.cStat, xMotivo: homologacaoNameMotivo(rule.role) };
  }
  return null;
}

/** infCte with the parties' names replaced by the literal (in homologação, outside NFF). */
export function withHomologacaoNames<T extends Parties>(
  ambiente: 'homologacao' | 'producao',
  tpEmis: number | string,
  infCte: T,
): T {
  if (!homologacaoNamesApply(ambiente, tpEmis)) return infCte;
  const out: T = { ...infCte };
  for (const { group } of HOMOLOGACAO_NAME_RULES) {
    const party = out[group];
    if (party) out[group] = { ...party, xNome: HOMOLOGACAO_XNOME } as T[typeof group];
  }
  return out;
}
