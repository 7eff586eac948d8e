import type { DocumentRecordRow, Repositories } from '../../cache/repositories';
import { FINAL_STATUSES, WITH_PROCESSED_XML, packFile, unpackRecord } from '../../cache/repositories';
import type { ApiRecord, DocumentUpsert, PackedFile, Scope } from '../../cache/repositories';
import type { EventType } from '../../cache/repositories/events';
import type { SyncProgress, SyncRunSummary } from '../../shared/schemas/documents';
import { extractFields, withKnownNames } from './extract';
import type { EventRecord, SourceFile, SyncSource } from './source';
import { isNotFound, isOffline } from './source';

export const PAGE_SIZE = 100;
/** A full walk of the list (old cancellations, documents gone from the API) at most this often. */
export const FULL_SYNC_EVERY_MS = 24 * 3_600_000;
const FILE_CONCURRENCY = 4;

export interface ScopeSyncDeps {
  repos: Repositories;
  source: SyncSource;
  ambiente: 'homologacao' | 'producao';
  progress: (event: SyncProgress) => void;
  now?: () => number;
}

export interface EventFetch {
  type: EventType;
  record: EventRecord;
  xml: PackedFile | null;
}

/**
 * Brings one company/kind/environment up to date: the list (newest first, each page one
 * transaction together with the cursor), then the non-final documents, then the processed XML and
 * events of final ones. Safe to kill at any moment: the next run resumes from the cursor.
 */
export async function syncScope(
  deps: ScopeSyncDeps,
  scope: Scope,
  wantFull: boolean,
): Promise<SyncRunSummary> {
  const summary: SyncRunSummary = {
    ...scope,
    listed: 0,
    added: 0,
    changed: 0,
    files: 0,
    missing: 0,
    error: null,
  };
  await listPhase(deps, scope, wantFull, summary);
  await refreshPhase(deps, scope, summary);
  await filesPhase(deps, scope, summary);
  await eventsPhase(deps, scope, summary);
  deps.progress({ ...scope, phase: 'done', done: summary.listed });
  return summary;
}

async function listPhase(deps: ScopeSyncDeps, scope: Scope, wantFull: boolean, summary: SyncRunSummary) {
  const { repos, source } = deps;
  const state = await repos.syncState.get(scope);
  const now = deps.now?.() ?? Date.now();
  const stale = state.lastFullSync === null || now - Date.parse(state.lastFullSync) > FULL_SYNC_EVERY_MS;
  const cursor = state.cursor ?? {
    mode: wantFull || stale ? 'full' : 'incremental',
    skip: 0,
    run: state.run + 1,
  };
  const full = cursor.mode === 'full';
  let skip = cursor.skip;
  for (;;) {
    const page = await source.listar(
      scope.kind,
      { cpf_cnpj: scope.company, ambiente: deps.ambiente },
      { top: PAGE_SIZE, skip },
    );
    const items: DocumentUpsert[] = page.data.map((record) => ({
      ...scope,
      record,
      seenRun: full ? cursor.run : 0,
    }));
    const next = { ...cursor, skip: skip + page.data.length };
    const results = await repos.documents.upsertBatch(items, () => repos.syncState.setCursor(scope, next));
    summary.listed += results.length;
    summary.added += results.filter((r) => r.outcome === 'added').length;
    summary.changed += results.filter((r) => r.outcome === 'changed').length;
    skip = next.skip;
    deps.progress({ ...scope, phase: 'listing', done: summary.listed });
    if (page.data.length < PAGE_SIZE) break;
    const settled =
      results.every((r) => r.outcome === 'unchanged') && page.data.every((r) => FINAL_STATUSES.has(r.status));
    if (!full && settled) break;
  }
  if (full) summary.missing = await repos.documents.markMissing(scope, cursor.run);
  await repos.syncState.finish(scope, full);
}

async function refreshPhase(deps: ScopeSyncDeps, scope: Scope, summary: SyncRunSummary) {
  const open = await deps.repos.documents.withStatus(scope, ['pendente', 'erro']);
  let done = 0;
  for (const row of open) {
    let record: ApiRecord;
    try {
      record = await deps.source.consultar(scope.kind, row.api_id);
    } catch (error) {
      if (isNotFound(error)) continue;
      throw error;
    }
    const [result] = await deps.repos.documents.upsertBatch([{ ...scope, record }]);
    if (result.outcome === 'changed') summary.changed++;
    deps.progress({ ...scope, phase: 'refreshing', done: ++done, total: open.length });
  }
}

/** A file the API may not have: 404 → null, anything else (network) propagates. */
async function optional<T>(fetch: () => Promise<T>): Promise<T | null> {
  try {
    return await fetch();
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

const packXml = (file: SourceFile | null) =>
  file ? packFile(file.data, file.contentType || 'application/xml') : null;

async function fetchEvents(deps: ScopeSyncDeps, scope: Scope, row: DocumentRecordRow): Promise<EventFetch[]> {
  const events: EventFetch[] = [];
  if (row.status === 'cancelado') {
    const record = await optional(() => deps.source.cancelamento(scope.kind, row.api_id));
    const xml = record
      ? await packXml(await optional(() => deps.source.xmlCancelamento(scope.kind, row.api_id)))
      : null;
    // Even "none found" is recorded, so a document without one is not asked for it on every run.
    events.push({ type: 'cancelamento', record: record ?? {}, xml });
  }
  if (scope.kind !== 'dce' && row.xml_state === 'missing') {
    const kind = scope.kind;
    const record = await optional(() => deps.source.cartaCorrecao(kind, row.api_id));
    if (record) {
      const xml = await packXml(await optional(() => deps.source.xmlCartaCorrecao(kind, row.api_id)));
      events.push({ type: 'carta_correcao', record, xml });
    }
  }
  return events;
}

export async function storeEvents(deps: Pick<ScopeSyncDeps, 'repos'>, docId: number, events: EventFetch[]) {
  for (const event of events) {
    const eventId = await deps.repos.events.upsert({
      docId,
      apiId: event.record.id ?? null,
      type: event.type,
      sequence: event.record.numero_sequencial ?? 1,
      status: event.record.status ?? null,
      protocolo: event.record.numero_protocolo ?? null,
      dataEvento: event.record.data_evento ?? event.record.data_recebimento ?? null,
      record: event.record,
    });
    if (event.xml) await deps.repos.files.putPacked(docId, eventId, 'xml', event.xml);
  }
}

export async function fetchOne(deps: ScopeSyncDeps, scope: Scope, row: DocumentRecordRow): Promise<boolean> {
  const file = await optional(() => deps.source.xml(scope.kind, row.api_id));
  const events = await fetchEvents(deps, scope, row);
  const record = unpackRecord(row.api_record);
  const packed = file ? await packFile(file.data, file.contentType || 'application/xml') : null;
  const fields = file
    ? await withKnownNames(deps.repos, scope.company, extractFields(file.data).fields)
    : null;
  const [result] = await deps.repos.documents.upsertBatch(
    [
      {
        ...scope,
        record,
        fields,
        files: packed ? [{ kind: 'xml', file: packed }] : [],
        xmlUnavailable: !file,
      },
    ],
    async ([written]) => storeEvents(deps, written.id, events),
  );
  return result !== undefined && packed !== null;
}

async function filesPhase(deps: ScopeSyncDeps, scope: Scope, summary: SyncRunSummary) {
  const statuses = [...WITH_PROCESSED_XML];
  let afterId = 0;
  let done = 0;
  for (;;) {
    const rows = await deps.repos.documents.needingFiles(scope, statuses, afterId, FILE_CONCURRENCY * 5);
    if (rows.length === 0) return;
    for (let i = 0; i < rows.length; i += FILE_CONCURRENCY) {
      const chunk = rows.slice(i, i + FILE_CONCURRENCY);
      const outcomes = await Promise.allSettled(chunk.map((row) => fetchOne(deps, scope, row)));
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') {
          // Offline stops the run (the scheduler backs off); another failure skips this document
          // until the next run, so one broken file cannot block the others.
          if (isOffline(outcome.reason)) throw outcome.reason;
          summary.error ??= outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason);
        } else if (outcome.value) summary.files++;
      }
      done += chunk.length;
      deps.progress({ ...scope, phase: 'files', done });
    }
    afterId = rows[rows.length - 1].id;
  }
}

/** Cancelled documents whose cancellation was not fetched yet (cancelled after their XML came). */
async function eventsPhase(deps: ScopeSyncDeps, scope: Scope, summary: SyncRunSummary) {
  const rows = await deps.repos.documents.cancelledWithoutEvent(scope);
  for (const row of rows) {
    const events = await fetchEvents(deps, scope, row);
    await deps.repos.db.transaction(() => storeEvents(deps, row.id, events));
    summary.files += events.filter((e) => e.xml).length;
  }
}
