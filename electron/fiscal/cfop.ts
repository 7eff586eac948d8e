// CFOPs accepted on a CT-e and the rules tying them to the service's route.
//
// Table: MOC CT-e 4.00 Visão Geral §12 "Relação de CFOP válidos para autorização de CTe" (rule
// G049/H058, rejection 676). Route rules: MOC Anexo I G050 (rejection 519), G051 (524), G052 (908).
// Descriptions are the MOC's wording. The entry CFOPs (1.351… "Aquisição de serviço de transporte")
// are not listed: the MOC does not accept them on a CT-e.
import { asText } from './check-digits';
import { findUf } from './uf';

export type CfopScope = 'intra' | 'inter' | 'exterior';

export interface Cfop {
  code: string;
  description: string;
}

const SERVICE_TAILS: ReadonlyArray<readonly [string, string]> = [
  ['351', 'Prestação de serviço de transporte para execução de serviço da mesma natureza'],
  ['352', 'Prestação de serviço de transporte a estabelecimento industrial'],
  ['353', 'Prestação de serviço de transporte a estabelecimento comercial'],
  ['354', 'Prestação de serviço de transporte a estabelecimento de prestador de serviço de comunicação'],
  [
    '355',
    'Prestação de serviço de transporte a estabelecimento de geradora ou de distribuidora de energia elétrica',
  ],
  ['356', 'Prestação de serviço de transporte a estabelecimento de produtor rural'],
  ['357', 'Prestação de serviço de transporte a não contribuinte'],
  [
    '359',
    'Prestação de serviço de transporte a contribuinte ou a não contribuinte quando a mercadoria transportada está dispensada de emissão de nota fiscal',
  ],
  ['360', 'Prestação de serviço de transporte a contribuinte substituto em relação ao serviço de transporte'],
];

const TRANSPORT_STARTED_ELSEWHERE =
  'Prestação de serviço de transporte iniciada em unidade da Federação diversa daquela onde inscrito o prestador';
const OTHER_EXIT = 'Outra saída de mercadoria ou prestação de serviço não especificado';

export const CTE_CFOPS: readonly Cfop[] = Object.freeze([
  ...SERVICE_TAILS.map(([tail, description]) => ({ code: `5${tail}`, description })),
  { code: '5601', description: 'Transferência de crédito de ICMS acumulado' },
  {
    code: '5602',
    description:
      'Transferência de saldo credor de ICMS para outro estabelecimento da mesma empresa, destinado à compensação de saldo devedor de ICMS',
  },
  { code: '5603', description: 'Ressarcimento de ICMS retido por substituição tributária' },
  {
    code: '5605',
    description: 'Transferência de saldo devedor de ICMS de outro estabelecimento da mesma empresa',
  },
  {
    code: '5606',
    description: 'Utilização de saldo credor de ICMS para extinção por compensação de débitos fiscais',
  },
  { code: '5932', description: TRANSPORT_STARTED_ELSEWHERE },
  { code: '5949', description: OTHER_EXIT },
  ...SERVICE_TAILS.map(([tail, description]) => ({ code: `6${tail}`, description })),
  { code: '6603', description: 'Ressarcimento de ICMS retido por substituição tributária' },
  { code: '6932', description: TRANSPORT_STARTED_ELSEWHERE },
  { code: '6949', description: OTHER_EXIT },
  { code: '7358', description: 'Prestação de serviço de transporte' },
  { code: '7949', description: OTHER_EXIT },
]);

const byCode = new Map(CTE_CFOPS.map((cfop) => [cfop.code, cfop]));

/** '5.353' → '5353'. */
export function normalizeCfop(value: unknown): string {
  const text = typeof value === 'number' && Number.isInteger(value) ? String(value) : asText(value);
  return text.replace(/[.\s]/g, '');
}

/** Shape of XSD TCfop: `[123567][0-9]([0-9][1-9]|[1-9][0-9])`. */
export function isCfopFormat(value: unknown): boolean {
  return /^[123567][0-9]([0-9][1-9]|[1-9][0-9])$/.test(normalizeCfop(value));
}

/** One of the CFOPs the MOC accepts on a CT-e (rule G049). */
export function isCteCfop(value: unknown): boolean {
  return byCode.has(normalizeCfop(value));
}

export function cfopByCode(value: unknown): Cfop | null {
  return byCode.get(normalizeCfop(value)) ?? null;
}

/** By first digit: 1/5 within the UF, 2/6 between UFs, 3/7 with the exterior. */
export function cfopScope(value: unknown): CfopScope | null {
  const cfop = normalizeCfop(value);
  if (!isCfopFormat(cfop)) return null;
  if (cfop[0] === '1' || cfop[0] === '5') return 'intra';
  if (cfop[0] === '2' || cfop[0] === '6') return 'inter';
  return 'exterior';
}

function siglaOf(value: unknown): string | null {
  return findUf(value, { allowEx: true })?.sigla ?? null;
}

/**
 * Rule G050: UF fim = EX → CFOP 7xxx; otherwise 5xxx when the service starts and ends in the same
 * UF, 6xxx when they differ. (As in the MOC, only the end UF decides "exterior": a service coming
 * from abroad into Brazil follows the 5/6 rule.) Unknown UFs → false.
 */
export function cfopMatchesService(cfop: unknown, ufInicio: unknown, ufFim: unknown): boolean {
  const code = normalizeCfop(cfop);
  const start = siglaOf(ufInicio);
  const end = siglaOf(ufFim);
  if (!isCfopFormat(code) || !start || !end) return false;
  if (end === 'EX') return code[0] === '7';
  return code[0] === (start === end ? '5' : '6');
}

/**
 * Rules G051/G052 (not applied under the NFF special regime): when the emitter's UF differs from
 * the start UF the CFOP must be 5932/6932, and when they are equal it must not be. Routes touching
 * the exterior are outside these rules (true).
 */
export function cfopMatchesEmitter(
  cfop: unknown,
  ufEmitente: unknown,
  ufInicio: unknown,
  ufFim: unknown,
): boolean {
  const code = normalizeCfop(cfop);
  const emit = siglaOf(ufEmitente);
  const start = siglaOf(ufInicio);
  const end = siglaOf(ufFim);
  if (!isCfopFormat(code) || !emit || !start || !end) return false;
  if (start === 'EX' || end === 'EX') return true;
  const startedElsewhere = code === '5932' || code === '6932';
  return emit === start ? !startedElsewhere : startedElsewhere;
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * For the form's search box: digits match the code prefix ('63' → 6351…), words match the
 * description without regard to accents or case ('nao contribuinte'); both can be mixed
 * ('rural 6'). Empty text lists all.
 */
export function searchCfop(text: unknown, limit = 50): Cfop[] {
  const max = Number.isInteger(limit) && limit > 0 ? limit : 50;
  const query = fold(asText(text));
  if (query === '') return CTE_CFOPS.slice(0, max);
  const digits = query.replace(/[.\s]/g, '');
  if (/^\d+$/.test(digits)) return CTE_CFOPS.filter((c) => c.code.startsWith(digits)).slice(0, max);
  const words = query.split(/\s+/).filter(Boolean);
  return CTE_CFOPS.filter((c) => {
    const description = fold(c.description);
    return words.every((word) => (/^\d+$/.test(word) ? c.code.startsWith(word) : description.includes(word)));
  }).slice(0, max);
}
