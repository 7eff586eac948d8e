// After issuing: cancellation (168-hour window checked locally), correction letters (only what the
// rules allow), synchronization; each result is written to the cache.
import type { Repositories } from '../../cache/repositories';
import type { Environment } from '../../cache/repositories/types';
import type { Dfe, DfeEvento } from '../../nuvemfiscal';
import { AppError } from '../../shared/errors';

export const CANCEL_WINDOW_HOURS = 168;

/** Hours left to cancel (null when the authorization time is unknown); negative = closed. */
export function cancelHoursLeft(
  doc: Pick<Dfe, 'autorizacao' | 'data_emissao'>,
  now: Date,
  windowHours: number = CANCEL_WINDOW_HOURS,
): number | null {
  const at = doc.autorizacao?.data_recebimento ?? doc.autorizacao?.data_evento ?? doc.data_emissao;
  if (!at) return null;
  const elapsed = (now.getTime() - new Date(at).getTime()) / 3_600_000;
  return Math.round((windowHours - elapsed) * 100) / 100;
}

export function checkCancellable(doc: Dfe, now: Date): { hoursLeft: number | null } {
  if (doc.status !== 'autorizado') {
    throw new AppError(
      'cancel_not_authorized',
      `Só é possível cancelar um documento autorizado; este está "${doc.status}".`,
    );
  }
  const hoursLeft = cancelHoursLeft(doc, now);
  if (hoursLeft !== null && hoursLeft <= 0) {
    throw new AppError(
      'cancel_window_closed',
      'O prazo de cancelamento (168 horas após a autorização) terminou. Para corrigir valores, emita um CT-e de substituição ou de anulação.',
    );
  }
  return { hoursLeft };
}

/** Groups and fields a correction letter may not change: values that set the tax, parties, dates. */
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

export function checkCorrections(correcoes: { grupo_alterado: string; campo_alterado: string }[]): void {
  const fields: string[] = [];
  const problems: string[] = [];
  correcoes.forEach((c, i) => {
    const isDate = /^dh?[A-Z]/.test(c.campo_alterado);
    if (FORBIDDEN_GROUPS.has(c.grupo_alterado) || FORBIDDEN_FIELDS.has(c.campo_alterado) || isDate) {
      fields.push(`correcoes.${i}.campo_alterado`);
      problems.push(`${c.grupo_alterado}/${c.campo_alterado}`);
    }
  });
  if (problems.length) {
    throw new AppError(
      'correction_not_allowed',
      `A carta de correção não pode alterar valores do imposto, as partes (remetente, destinatário, tomador…) nem datas: ${problems.join(', ')}.`,
      { fields },
    );
  }
}

export async function docIdInCache(
  repos: Repositories,
  environment: Environment,
  apiId: string,
): Promise<number | null> {
  return (await repos.documents.byApiId(environment, apiId))?.id ?? null;
}

export async function storeEvent(
  repos: Repositories,
  docId: number | null,
  type: 'cancelamento' | 'carta_correcao',
  event: DfeEvento,
): Promise<void> {
  if (docId === null) return;
  await repos.events.upsert({
    docId,
    apiId: event.id ?? null,
    type,
    sequence: event.numero_sequencial ?? 1,
    status: event.status ?? null,
    protocolo: event.numero_protocolo ?? null,
    dataEvento: event.data_evento ?? null,
    record: event,
  });
}

/**
 * The debug view of one issued document: what was sent and its outbox row from the cache (the
 * newest send of that API id in this environment), and what the API recorded (null offline).
 */
export async function debugView(
  repos: Repositories,
  environment: Environment,
  id: string,
  consultar: (id: string) => Promise<unknown>,
  kind?: string,
): Promise<{ payload: unknown; outbox: Record<string, unknown> | null; api: unknown }> {
  const row = await repos.db.get<Record<string, unknown>>(
    `SELECT * FROM outbox WHERE api_id = ? AND environment = ?${kind ? ' AND kind = ?' : ''} ORDER BY id DESC LIMIT 1`,
    kind ? [id, environment, kind] : [id, environment],
  );
  const api = await consultar(id).catch(() => null);
  return {
    payload: row ? (JSON.parse(String(row.payload_json)) as unknown) : null,
    outbox: row ? { ...row, payload_json: undefined } : null,
    api,
  };
}
