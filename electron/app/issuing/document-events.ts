// The events a CT-e/CT-e OS detail shows: every correction letter and the cancellation the cache
// holds (sent from this app or brought by the sync), completed by what the API answers. The API only
// tells the latest correction letter and the cancellation of a document (there is no list of its
// events), so the cache is what keeps the earlier letters; whatever the API tells is stored too.
import type { Environment, EventRow, EventType, Repositories } from '../../cache/repositories';
import { unpackRecord } from '../../cache/repositories';
import type { Dfe, DfeEvento } from '../../nuvemfiscal';
import type { DocEvent } from '../../shared/schemas/doc-events';
import { storeEvent } from './lifecycle';

type Loose = Record<string, unknown>;

/** What the API offers for one document's events (client.cte / client.cteos). */
export interface DocEventsApi {
  cartaCorrecao(id: string): Promise<DfeEvento>;
  cancelamento(id: string): Promise<DfeEvento>;
}

const text = (v: unknown): string | null =>
  typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null;

function corrections(record: Loose): DocEvent['correcoes'] {
  const list = Array.isArray(record.correcoes) ? (record.correcoes as unknown[]) : [];
  return list.flatMap((c) => {
    if (!c || typeof c !== 'object') return [];
    const x = c as Loose;
    const item = typeof x.numero_item_alterado === 'number' ? x.numero_item_alterado : null;
    return [
      {
        grupo_alterado: text(x.grupo_alterado) ?? '',
        campo_alterado: text(x.campo_alterado) ?? '',
        valor_alterado: text(x.valor_alterado) ?? '',
        numero_item_alterado: item,
      },
    ];
  });
}

export function toDocEvent(type: EventType, sequence: number, record: Loose): DocEvent {
  return {
    type,
    sequence,
    status: text(record.status),
    protocolo: text(record.numero_protocolo),
    dataEvento: text(record.data_evento) ?? text(record.data_recebimento),
    motivo: text(record.motivo_status),
    justificativa: text(record.justificativa),
    correcoes: type === 'carta_correcao' ? corrections(record) : [],
  };
}

function fromRow(row: EventRow): DocEvent | null {
  let record: Loose;
  try {
    record = JSON.parse(row.api_json) as Loose;
  } catch {
    record = {};
  }
  // The sync records "asked, none found" as an empty record: nothing to show.
  if (Object.keys(record).length === 0 && !row.status && !row.data_evento) return null;
  const event = toDocEvent(row.type, row.sequence, record);
  return {
    ...event,
    status: event.status ?? row.status,
    protocolo: event.protocolo ?? row.protocolo,
    dataEvento: event.dataEvento ?? row.data_evento,
  };
}

// Times come with different offsets (the SEFAZ's -03:00, the API's Z): compare instants. Within one
// instant, letters before the cancellation, by sequence.
const instant = (e: DocEvent): number => (e.dataEvento ? Date.parse(e.dataEvento) : NaN) || Infinity;
const order = (a: DocEvent, b: DocEvent): number =>
  instant(a) - instant(b) ||
  (a.type === b.type ? 0 : a.type === 'cancelamento' ? 1 : -1) ||
  a.sequence - b.sequence;

export async function cachedEvents(repos: Repositories, docId: number): Promise<DocEvent[]> {
  const rows = await repos.events.list(docId);
  return rows
    .map(fromRow)
    .filter((e): e is DocEvent => e !== null)
    .sort(order);
}

/** An answer the detail can live without: not found, offline or odd, the cache still answers. */
async function optional(fetch: () => Promise<DfeEvento>): Promise<DfeEvento | null> {
  try {
    return await fetch();
  } catch {
    return null;
  }
}

/**
 * The document's events: the latest correction letter (and the cancellation when cancelled and not
 * cached yet) asked of the API and stored, then everything the cache holds. Without a cache row the
 * API's answers are returned as they are.
 */
export async function documentEvents(
  api: DocEventsApi,
  repos: Repositories,
  docId: number | null,
  doc: Pick<Dfe, 'id' | 'status'>,
): Promise<DocEvent[]> {
  const cached = docId === null ? [] : await repos.events.list(docId);
  const fetched: { type: 'cancelamento' | 'carta_correcao'; record: DfeEvento }[] = [];
  if (doc.status === 'autorizado' || doc.status === 'cancelado') {
    const letter = await optional(() => api.cartaCorrecao(doc.id));
    if (letter?.id) fetched.push({ type: 'carta_correcao', record: letter });
  }
  const hasCancel = cached.some((r) => r.type === 'cancelamento' && r.api_json !== '{}');
  if (doc.status === 'cancelado' && !hasCancel) {
    const cancel = await optional(() => api.cancelamento(doc.id));
    if (cancel?.id) fetched.push({ type: 'cancelamento', record: cancel });
  }
  if (docId === null) {
    return fetched
      .map((f) => toDocEvent(f.type, f.record.numero_sequencial ?? 1, f.record as Loose))
      .sort(order);
  }
  for (const f of fetched) await storeEvent(repos, docId, f.type, f.record);
  return cachedEvents(repos, docId);
}

/** The detail from this computer's copy alone (no network): the last record seen and its events. */
export async function cachedDetail(repos: Repositories, environment: Environment, apiId: string) {
  const row = await repos.documents.byApiId(environment, apiId);
  if (!row) return null;
  return {
    // Written from the API client's parsed answer (dfeSchema), so it has that shape.
    document: unpackRecord(row.api_record) as Dfe,
    cacheId: row.id,
    events: await cachedEvents(repos, row.id),
  };
}
