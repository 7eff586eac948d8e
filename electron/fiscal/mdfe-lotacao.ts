// Carga lotação and tipo de transportador of the MDF-e 3.00 (one home per rule):
// - prodPred/infLotacao: "Informar somente quando MDF-e for de carga lotação" (XSD mdfeTiposBasico,
//   minOccurs 0), i.e. a trip carrying a single document; each place by CEP ([0-9]{8}) or by
//   latitude and longitude (TLatitude / TLongitude of tiposGeralMDFe_v3.00).
// - ide/tpTransp (TTransp 1 ETC, 2 TAC, 3 CTC): MOC MDF-e 3.00 §5 p.36, G017 (457), G018 (458),
//   G019 (454).
// Pure; garbage in gives a safe answer, no throw.

/** A trip is a carga lotação when it carries exactly one CT-e or NF-e. */
export function isCargaLotacao(docs: readonly unknown[] | null | undefined): boolean {
  return Array.isArray(docs) && docs.length === 1;
}

/** XSD TLatitude: 0–90 with exactly 6 decimals, optionally negative. */
export const LATITUDE_PATTERN = /^-?(?:[0-9]|[1-8][0-9]|90)\.[0-9]{6}$/;
/** XSD TLongitude: 0–180 with exactly 6 decimals, optionally negative. */
export const LONGITUDE_PATTERN = /^-?(?:[0-9]|[1-9][0-9]|1[0-7][0-9]|180)\.[0-9]{6}$/;

/**
 * A coordinate as typed ("-23,55052", "−46.6333094 ") in the layout's form: decimal point, exactly
 * 6 decimals (rounded; 6 decimals are about 11 cm). Text that is not a plain decimal number comes
 * back trimmed and unchanged, for the pattern to refuse.
 */
export function normalizeCoordinate(value: unknown): string {
  if (typeof value !== 'string') return '';
  const text = value.trim().replace(/\s/g, '').replace('\u2212', '-').replace(',', '.');
  if (!/^-?\d{1,3}(\.\d+)?$/.test(text)) return value.trim();
  const fixed = Number(text).toFixed(6);
  return fixed === '-0.000000' ? '0.000000' : fixed;
}

export function isValidLatitude(value: unknown): boolean {
  const v = normalizeCoordinate(value);
  return LATITUDE_PATTERN.test(v) && Math.abs(Number(v)) <= 90;
}

export function isValidLongitude(value: unknown): boolean {
  const v = normalizeCoordinate(value);
  return LONGITUDE_PATTERN.test(v) && Math.abs(Number(v)) <= 180;
}

/** Tipo do transportador (XSD TTransp; MOC MDF-e 3.00 names). */
export const TP_TRANSP = {
  '1': 'ETC — Empresa de Transporte Rodoviário de Cargas',
  '2': 'TAC — Transportador Autônomo de Cargas',
  '3': 'CTC — Cooperativa de Transporte Rodoviário de Cargas',
} as const;

/**
 * The tpTransp rules of the MOC MDF-e 3.00 §5 (p.36) a form can check before sending, for a road
 * MDF-e whose vehicle owner is `ownerDoc` (null: the issuer's own vehicle):
 * - G017 → 457: carrier (tpEmit 1) with its own vehicle: tpTransp must not be TAC (2);
 * - G018 → 458: own load (tpEmit 2) with its own vehicle: tpTransp must not be informed;
 * - G019 → 454: own load (tpEmit 2) with a vehicle whose owner's CNPJ differs from the issuer's:
 *   tpTransp must be TAC (2). Only a CNPJ owner is read here, as the rule is worded.
 * `emitterDoc`, when known, lets an owner equal to the issuer count as its own vehicle.
 */
export function tpTranspProblem(
  tpEmit: unknown,
  tpTransp: unknown,
  ownerDoc: string | null | undefined,
  emitterDoc?: string | null,
): 457 | 458 | 454 | null {
  const transp =
    typeof tpTransp === 'number' || (typeof tpTransp === 'string' && tpTransp !== '')
      ? String(tpTransp)
      : null;
  const owner = typeof ownerDoc === 'string' ? ownerDoc.replace(/[^0-9A-Za-z]/g, '').toUpperCase() : '';
  const emitter = typeof emitterDoc === 'string' ? emitterDoc.replace(/[^0-9A-Za-z]/g, '').toUpperCase() : '';
  const own = owner === '' || (emitter !== '' && owner === emitter);
  const emit = typeof tpEmit === 'number' || typeof tpEmit === 'string' ? Number(tpEmit) : Number.NaN;
  if (emit === 1 && own && transp === '2') return 457;
  if (emit === 2 && own && transp !== null) return 458;
  if (emit === 2 && !own && owner.length === 14 && transp !== '2') return 454;
  return null;
}
