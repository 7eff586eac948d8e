// Deadlines of the NF-e inbox: the recipient's manifestation and the distribution of the Ambiente
// Nacional. The app counts them down and paces its requests with them; the sandbox's Ambiente
// Nacional refuses with them.

/**
 * The conclusive manifestations (210200 confirmação, 210220 desconhecimento, 210240 operação não
 * realizada) are taken up to 180 days after the NF-e's authorization, else rejection 596 "Evento
 * apresentado fora do prazo: 180 dias" — NT 2012.002 (manifestação do destinatário) in the wording
 * of NT 2020.001 v1.50, produção since 01/08/2024 (fiscal README F5).
 */
export const MANIFESTACAO_DEADLINE_DAYS = 180;
/** The conclusive events, to which that deadline applies (the ciência 210210 is not one). */
export const MANIFESTACAO_CONCLUSIVE: readonly string[] = ['210200', '210220', '210240'];
export const MANIFESTACAO_DEADLINE_MS = MANIFESTACAO_DEADLINE_DAYS * 86_400_000;

/**
 * Days before the end of that window from which the app warns (red in the inbox, counted in the
 * sidebar). Not the authority's: the product's choice, kept beside the deadline it warns of.
 */
export const MANIFESTACAO_NEAR_DAYS = 15;

/**
 * After an NFeDistribuicaoDFe answer with nothing new (137) the client waits one hour; asking again
 * sooner is "Consumo Indevido" (656) — NT 2014.002 v1.15, produção since 07/06/2022.
 */
export const DISTRIBUICAO_WAIT_HOURS = 1;
export const DISTRIBUICAO_WAIT_MS = DISTRIBUICAO_WAIT_HOURS * 3_600_000;
/** The wait in words: "1 hora". */
export const DISTRIBUICAO_WAIT_TEXT = `${DISTRIBUICAO_WAIT_HOURS} hora${DISTRIBUICAO_WAIT_HOURS === 1 ? '' : 's'}`;

/**
 * The recipient's name of an NF-e issued in homologação (tpAmb 2): MOC NF-e, rule of dest/xNome,
 * rejection 598 when it differs, in the layout 4.00 (NT 2016.002) obligatory in produção since
 * 02/08/2018. Not in the pack (it has the CT-e's G002–G005 twin, fiscal/homologacao.ts); the
 * software houses relay the literal. So the name tells no recipients apart: read the CNPJ.
 */
export const NFE_HOMOLOGACAO_XNOME = 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

/**
 * Is this the fixed homologação name rather than the recipient's? Issuers that cut the
 * " - SEM VALOR FISCAL" tail are read the same way.
 */
export function isNfeHomologacaoName(xNome: string): boolean {
  return xNome.trim().toUpperCase().startsWith(NFE_HOMOLOGACAO_XNOME.split(' - ')[0]!);
}
