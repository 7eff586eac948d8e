// Rules of the events that follow an issued document: cancellation windows, justification lengths
// and correction letters. The one home of these rules: the commands enforce them, the forms show
// them (through electron/shared), and a test holds them against the sandbox's authority.

/** The document models that take events here. */
export type EventDocumentKind = 'cte' | 'cteos' | 'dce';

/**
 * Hours after the authorization during which the emitter may cancel: 168 h for CT-e and CT-e OS
 * (MOC CT-e 4.00, rule of the event 110111: "prazo de 168 horas"), 24 h for the DC-e (MOC DC-e,
 * cancelamento "até 24 horas após a autorização").
 */
export const CANCEL_WINDOW_HOURS: Readonly<Record<EventDocumentKind, number>> = {
  cte: 168,
  cteos: 168,
  dce: 24,
};

/** How the window reads in a message: "168 horas após a autorização". */
export function cancelWindowText(kind: EventDocumentKind): string {
  return `${CANCEL_WINDOW_HOURS[kind]} horas após a autorização`;
}

/**
 * Hours left to cancel, rounded to the hundredth; negative once the window closed. Null when the
 * authorization time is unknown (the authority decides then).
 */
export function cancelHoursLeft(
  kind: EventDocumentKind,
  authorizedAt: string | Date | null | undefined,
  now: Date,
): number | null {
  if (authorizedAt === null || authorizedAt === undefined || authorizedAt === '') return null;
  const at = authorizedAt instanceof Date ? authorizedAt : new Date(authorizedAt);
  if (Number.isNaN(at.getTime())) return null;
  const elapsed = (now.getTime() - at.getTime()) / 3_600_000;
  return Math.round((CANCEL_WINDOW_HOURS[kind] - elapsed) * 100) / 100;
}

/** xJust of cancellations and of the "operação não realizada" manifestation: 15 to 255 characters. */
export const JUSTIFICATIVA_MIN = 15;
export const JUSTIFICATIVA_MAX = 255;

/** Is the (trimmed) justification's length one the layout takes? */
export function justificativaFits(text: string): boolean {
  const length = text.trim().length;
  return length >= JUSTIFICATIVA_MIN && length <= JUSTIFICATIVA_MAX;
}

/** The SEFAZ registers at most 20 correction letters per CT-e (nSeqEvento 1 to 20). */
export const MAX_CORRECTION_LETTERS = 20;
/** One letter carries at most 20 corrections (the API's limit on `correcoes`). */
export const MAX_CORRECTIONS_PER_LETTER = 20;
/** Lengths of one correction (evCCeCTe: grupoAlterado, campoAlterado 1–20, valorAlterado 1–500). */
export const CORRECTION_LIMITS = {
  grupo: 20,
  campo: 20,
  valor: 500,
  /** nroItemAlterado: 1 to 99. */
  itemMax: 99,
} as const;

/**
 * What the correction-letter form offers: fields a letter may change, each named by its caption on
 * the DACTE, so the clerk finds it on the printed document. Captions from MOC CT-e 4.00 Anexo II
 * (DACTE), §3 "Correlação dos campos do XML do CT-e x DACTE" (natOp: quadro "CFOP - Natureza da
 * Operação"; xObs de compl: "Observações Gerais"; proPred, xOutCat de infCarga: "Produto
 * Predominante", "Outras características da carga"; qCarga: "Peso Bruto (KG)", "Cubagem (m3)",
 * "Quantidade de Volumes (und)" by the unit; RNTRC em rodo: "RNTRC da Empresa"; xCaracSer:
 * "Característica Adicional do Serviço"). xCaracAd is not printed on the DACTE: its name is the
 * layout's (Anexo I, campo 62 "Característica adicional do transporte"), and so is tpMed's ("Tipo da
 * medida", the label beside each quantity).
 */
export const CORRECTABLE = [
  { label: 'CFOP – Natureza da operação', grupo: 'ide', campo: 'natOp' },
  { label: 'Observações gerais', grupo: 'compl', campo: 'xObs' },
  { label: 'Característica adicional do transporte', grupo: 'compl', campo: 'xCaracAd' },
  { label: 'Característica adicional do serviço', grupo: 'compl', campo: 'xCaracSer' },
  { label: 'Produto predominante', grupo: 'infCarga', campo: 'proPred' },
  { label: 'Outras características da carga', grupo: 'infCarga', campo: 'xOutCat' },
  { label: 'Tipo da medida da carga (ex.: peso bruto, volumes)', grupo: 'infQ', campo: 'tpMed' },
  { label: 'Quantidade da carga (peso bruto, cubagem ou volumes)', grupo: 'infQ', campo: 'qCarga' },
  { label: 'RNTRC da empresa', grupo: 'rodo', campo: 'RNTRC' },
] as const;

/**
 * Groups a correction letter may not change (Ajuste SINIEF 2/2008, art. 58-B § 1: not the values
 * that set the tax, not the parties, not the dates).
 */
const FORBIDDEN_GROUPS = new Set([
  'emit',
  'rem',
  'dest',
  'exped',
  'receb',
  'toma',
  'toma3',
  'toma4',
  'vPrest',
  'Comp',
  'imp',
  'ICMS',
  'ICMS00',
  'ICMS20',
  'ICMS45',
  'ICMS60',
  'ICMS90',
  'ICMSOutraUF',
  'ICMSSN',
  'IBSCBS',
  'ICMSUFFim',
]);
const FORBIDDEN_FIELDS = new Set([
  'CFOP',
  'nCT',
  'serie',
  'mod',
  'tpCTe',
  'tpAmb',
  'tpEmis',
  'CNPJ',
  'CPF',
  'IE',
  'vTPrest',
  'vRec',
  'vComp',
  'vBC',
  'pICMS',
  'vICMS',
  'UFIni',
  'UFFim',
  'cMunIni',
  'cMunFim',
  'toma',
  'indIEToma',
]);

/** May a correction letter change this group/field? Dates (dhEmi, dPrev...) never. */
export function isCorrectable(grupo: string, campo: string): boolean {
  const isDate = /^dh?[A-Z]/.test(campo);
  return !FORBIDDEN_GROUPS.has(grupo) && !FORBIDDEN_FIELDS.has(campo) && !isDate;
}
