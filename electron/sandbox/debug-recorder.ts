import type { Clock } from './clock';
import { newId } from './http/ids';
import type { SandboxStore } from './store';

/** One exchange with the (simulated) authority, as the debug endpoints show it. */
export interface DebugStep {
  /** e.g. `envio_lote`, `consulta_recibo`, `consulta_protocolo`, `evento` (default `envio_lote`). */
  tipo?: string;
  lote_id?: string;
  codigo_status?: number;
  motivo_status?: string;
  request: { method: string; uri: string; headers?: string; body: string | Buffer };
  response: { status: number; reason?: string; headers?: string; body: string | Buffer; timeMs?: number };
}

export interface DebugRecord {
  /** Document type as the service names it: `cte`, `cteos`, `dce`, `nfe`… */
  tipo?: string;
  /** The body received at creation, stored as is (first call wins). */
  originalPayload?: string | Buffer | object;
  steps?: DebugStep[];
}

export interface DfeDebug {
  id: string;
  tipo?: string;
  created_at: string;
  requisicoes: {
    created_at: string;
    tipo: string;
    lote_id?: string;
    codigo_status?: number;
    motivo_status?: string;
    http_request: {
      id: string;
      method: string;
      uri: string;
      headers: string;
      response_status_code: number;
      response_status_reason: string;
      response_headers: string;
      response_time: number;
    };
  }[];
}

/**
 * Keeps what the `/debug/…` endpoints serve. Document routes call `record` when a document is
 * created (with `originalPayload`) and again for each exchange with the authority (with `steps`):
 * steps are appended.
 */
export interface DebugRecorder {
  record(docId: string, record: DebugRecord): Promise<void>;
  get(docId: string): Promise<DfeDebug | null>;
  originalPayload(docId: string): Promise<Buffer | null>;
  requestContent(httpRequestId: string): Promise<Buffer | null>;
  responseContent(httpRequestId: string): Promise<Buffer | null>;
}

const toBuffer = (v: string | Buffer | object) =>
  Buffer.isBuffer(v) ? v : Buffer.from(typeof v === 'string' ? v : JSON.stringify(v), 'utf8');

interface RequestRow {
  id: string;
  created_at: string;
  tipo: string;
  lote_id: string | null;
  codigo_status: number | null;
  motivo_status: string | null;
  method: string;
  uri: string;
  headers: string;
  response_status_code: number;
  response_status_reason: string;
  response_headers: string;
  response_time: number;
}

export async function createDebugRecorder(store: SandboxStore, clock: Clock): Promise<DebugRecorder> {
  await store.migrate(
    'debug',
    `CREATE TABLE IF NOT EXISTS sandbox_debug_docs (
       id TEXT PRIMARY KEY, tipo TEXT, created_at TEXT NOT NULL, original_payload BLOB);
     CREATE TABLE IF NOT EXISTS sandbox_debug_requests (
       id TEXT PRIMARY KEY, doc_id TEXT NOT NULL, seq INTEGER NOT NULL, created_at TEXT NOT NULL, tipo TEXT NOT NULL,
       lote_id TEXT, codigo_status INTEGER, motivo_status TEXT, method TEXT NOT NULL, uri TEXT NOT NULL,
       headers TEXT NOT NULL, request_body BLOB, response_status_code INTEGER NOT NULL,
       response_status_reason TEXT NOT NULL, response_headers TEXT NOT NULL, response_body BLOB,
       response_time INTEGER NOT NULL);`,
  );
  const blob = async (sql: string, id: string) => {
    const row = await store.get<{ b: Buffer | null }>(sql, [id]);
    return row?.b ?? null;
  };
  return {
    async record(docId, record) {
      const now = clock.now().toISOString();
      await store.run(
        `INSERT INTO sandbox_debug_docs (id, tipo, created_at, original_payload) VALUES (?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET tipo = COALESCE(tipo, excluded.tipo),
           original_payload = COALESCE(original_payload, excluded.original_payload)`,
        [
          docId,
          record.tipo ?? null,
          now,
          record.originalPayload === undefined ? null : toBuffer(record.originalPayload),
        ],
      );
      for (const step of record.steps ?? []) {
        const seq =
          (
            await store.get<{ n: number }>(
              'SELECT COUNT(*) AS n FROM sandbox_debug_requests WHERE doc_id = ?',
              [docId],
            )
          )?.n ?? 0;
        await store.run(
          `INSERT INTO sandbox_debug_requests VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            newId('req'),
            docId,
            seq,
            now,
            step.tipo ?? 'envio_lote',
            step.lote_id ?? null,
            step.codigo_status ?? null,
            step.motivo_status ?? null,
            step.request.method,
            step.request.uri,
            step.request.headers ?? '',
            toBuffer(step.request.body),
            step.response.status,
            step.response.reason ?? '',
            step.response.headers ?? '',
            toBuffer(step.response.body),
            Math.round(step.response.timeMs ?? 0),
          ],
        );
      }
    },
    async get(docId) {
      const doc = await store.get<{ id: string; tipo: string | null; created_at: string }>(
        'SELECT id, tipo, created_at FROM sandbox_debug_docs WHERE id = ?',
        [docId],
      );
      if (!doc) return null;
      const rows = await store.all<RequestRow>(
        `SELECT id, created_at, tipo, lote_id, codigo_status, motivo_status, method, uri, headers, response_status_code,
                response_status_reason, response_headers, response_time
         FROM sandbox_debug_requests WHERE doc_id = ? ORDER BY seq`,
        [docId],
      );
      return {
        id: doc.id,
        ...(doc.tipo ? { tipo: doc.tipo } : {}),
        created_at: doc.created_at,
        requisicoes: rows.map((r) => ({
          created_at: r.created_at,
          tipo: r.tipo,
          ...(r.lote_id !== null ? { lote_id: r.lote_id } : {}),
          ...(r.codigo_status !== null ? { codigo_status: r.codigo_status } : {}),
          ...(r.motivo_status !== null ? { motivo_status: r.motivo_status } : {}),
          http_request: {
            id: r.id,
            method: r.method,
            uri: r.uri,
            headers: r.headers,
            response_status_code: r.response_status_code,
            response_status_reason: r.response_status_reason,
            response_headers: r.response_headers,
            response_time: r.response_time,
          },
        })),
      };
    },
    originalPayload: (id) => blob('SELECT original_payload AS b FROM sandbox_debug_docs WHERE id = ?', id),
    requestContent: (id) => blob('SELECT request_body AS b FROM sandbox_debug_requests WHERE id = ?', id),
    responseContent: (id) => blob('SELECT response_body AS b FROM sandbox_debug_requests WHERE id = ?', id),
  };
}
