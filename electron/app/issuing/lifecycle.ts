// After issuing: cancellation (its window checked locally), correction letters (only what the
// rules allow), synchronization; each result is written to the cache. The rules themselves live in
// electron/fiscal/events.ts.
import type { Repositories } from '../../cache/repositories';
import type { Environment } from '../../cache/repositories/types';
import type { EventDocumentKind } from '../../fiscal/events';
import { cancelHoursLeft, cancelWindowText, isCorrectable } from '../../fiscal/events';
import type { Dfe, DfeEvento } from '../../nuvemfiscal';
import { AppError } from '../../shared/errors';

/** When the authority authorized the document (the API's reception time, else the issue time). */
export function authorizedAt(doc: Pick<Dfe, 'autorizacao' | 'data_emissao'>): string | null {
  return doc.autorizacao?.data_recebimento ?? doc.autorizacao?.data_evento ?? doc.data_emissao ?? null;
}

/** Throws the user's explanation when the document cannot be cancelled now; else the hours left. */
export function checkCancellable(doc: Dfe, now: Date, kind: EventDocumentKind): { hoursLeft: number | null } {
  if (doc.status !== 'autorizado') {
    const what = kind === 'dce' ? 'uma DC-e autorizada; esta está' : 'um documento autorizado; este está';
    throw new AppError('cancel_not_authorized', `Só é possível cancelar ${what} "${doc.status}".`);
  }
  const hoursLeft = cancelHoursLeft(kind, authorizedAt(doc), now);
  if (hoursLeft !== null && hoursLeft <= 0) {
    throw new AppError(
      'cancel_window_closed',
      kind === 'dce'
        ? `O prazo de cancelamento da DC-e (${cancelWindowText(kind)}) terminou.`
        : `O prazo de cancelamento (${cancelWindowText(kind)}) terminou. Para corrigir valores, emita um CT-e de substituição ou de anulação.`,
    );
  }
  return { hoursLeft };
}

/** The cancel window as the screen shows it: open with the hours left, or closed with the reason. */
export function cancelState(
  doc: Dfe,
  now: Date,
  kind: EventDocumentKind,
): { cancellable: boolean; hoursLeft: number | null; reason: string | null } {
  try {
    return { cancellable: true, hoursLeft: checkCancellable(doc, now, kind).hoursLeft, reason: null };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const hoursLeft = doc.status === 'autorizado' ? cancelHoursLeft(kind, authorizedAt(doc), now) : null;
    return { cancellable: false, hoursLeft, reason: error.message };
  }
}

export function checkCorrections(correcoes: { grupo_alterado: string; campo_alterado: string }[]): void {
  const fields: string[] = [];
  const problems: string[] = [];
  correcoes.forEach((c, i) => {
    if (!isCorrectable(c.grupo_alterado, c.campo_alterado)) {
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
