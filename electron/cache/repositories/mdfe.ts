// The cached MDF-e: the API's records, the facts the screens ask about (truck, route, open or
// closed), their closing/cancellation events and the processed XML. See migrations/0009-mdfe.ts.
import type { Database } from '../db';
import { packFile, unpackFile } from './files';
import type { ApiRecord, Environment } from './types';
import { brasiliaTimestamp, toCents } from './types';

export type MdfeEventType = 'cancelamento' | 'encerramento' | 'inclusao_condutor' | 'inclusao_dfe';

/** Facts read off an mdfeProc for the columns (see app/sync/mdfe-sync.ts). */
export interface MdfeFields {
  placa: string | null;
  reboques: string[];
  ufInicio: string | null;
  ufFim: string | null;
  percurso: string[];
  municipiosDescarga: string[];
  condutores: string[];
  qtdCte: number | null;
  qtdNfe: number | null;
}

export interface MdfeScope {
  company: string;
  environment: Environment;
}

export interface CachedMdfe {
  id: number;
  api_id: string;
  environment: Environment;
  ambiente: 'homologacao' | 'producao';
  company: string;
  serie: number | null;
  numero: number | null;
  chave: string | null;
  referencia: string | null;
  status: string;
  data_emissao: string | null;
  created_at: string | null;
  protocolo: string | null;
  data_autorizacao: string | null;
  valor_carga: number | null;
  placa: string | null;
  reboques: string | null;
  uf_inicio: string | null;
  uf_fim: string | null;
  percurso: string | null;
  municipios_descarga: string | null;
  condutores: string | null;
  qtd_cte: number | null;
  qtd_nfe: number | null;
  data_encerramento: string | null;
  api_json: string;
  xml_state: 'missing' | 'present' | 'unavailable';
  synced_at: string;
}

export interface CachedMdfeEvent {
  id: number;
  mdfe_id: number;
  api_id: string | null;
  type: MdfeEventType;
  sequence: number;
  status: string | null;
  protocolo: string | null;
  data_evento: string | null;
  api_json: string;
  synced_at: string;
}

async function storeFile(
  db: Database,
  mdfeId: number,
  eventId: number,
  packed: Awaited<ReturnType<typeof packFile>>,
): Promise<void> {
  for (const [hash, body] of packed.parts)
    await db.run('INSERT OR IGNORE INTO file_parts (sha256, content) VALUES (?, ?)', [hash, body]);
  await db.run(
    `INSERT INTO mdfe_files (mdfe_id, event_id, kind, codec, parts, content, sha256, size, content_type, fetched_at)
     VALUES (?, ?, 'xml', ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (mdfe_id, event_id, kind) DO UPDATE SET codec = excluded.codec, parts = excluded.parts,
       content = excluded.content, sha256 = excluded.sha256, size = excluded.size, fetched_at = excluded.fetched_at`,
    [
      mdfeId,
      eventId,
      packed.codec,
      packed.parts.size > 0 ? 1 : 0,
      packed.content,
      packed.sha256,
      packed.size,
      packed.contentType,
      new Date().toISOString(),
    ],
  );
}

const MARKER = /<X509Certificate>#part:([0-9a-f]{64})<\/X509Certificate>/g;
const join = (list: readonly string[]) => (list.length > 0 ? list.join(',') : null);

export class MdfeCacheRepository {
  constructor(private readonly db: Database) {}

  /** Inserts or refreshes the API's record; returns the row id and whether the status changed. */
  async upsert(
    scope: MdfeScope,
    record: ApiRecord,
  ): Promise<{ id: number; added: boolean; statusChanged: boolean }> {
    const previous = await this.db.get<{ id: number; status: string }>(
      'SELECT id, status FROM mdfe_documents WHERE environment = ? AND api_id = ?',
      [scope.environment, record.id],
    );
    const autorizacao = (record.autorizacao ?? {}) as {
      numero_protocolo?: string;
      data_recebimento?: string;
    };
    const rows = await this.db.all<{ id: number }>(
      `INSERT INTO mdfe_documents (api_id, environment, ambiente, company, serie, numero, chave, referencia, status,
         data_emissao, created_at, protocolo, data_autorizacao, valor_carga, api_json, synced_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (environment, api_id) DO UPDATE SET status = excluded.status,
         chave = coalesce(excluded.chave, chave), protocolo = coalesce(excluded.protocolo, protocolo),
         data_autorizacao = coalesce(excluded.data_autorizacao, data_autorizacao),
         api_json = excluded.api_json, synced_at = excluded.synced_at
       RETURNING id`,
      [
        record.id,
        scope.environment,
        record.ambiente === 'producao' ? 'producao' : 'homologacao',
        scope.company,
        record.serie ?? null,
        record.numero ?? null,
        record.chave ?? null,
        record.referencia ?? null,
        record.status,
        // One clock for the emission order and day, as the documents' (types.ts).
        brasiliaTimestamp(record.data_emissao),
        record.created_at ?? null,
        autorizacao.numero_protocolo ?? null,
        autorizacao.data_recebimento ?? null,
        toCents(record.valor_total),
        JSON.stringify(record),
        new Date().toISOString(),
      ],
    );
    return { id: rows[0]!.id, added: !previous, statusChanged: previous?.status !== record.status };
  }

  /** Stores the processed XML and the columns read from it, in one transaction. */
  async setXml(id: number, xml: Buffer, fields: MdfeFields | null): Promise<void> {
    const packed = await packFile(xml, 'application/xml');
    await this.db.transaction(async (db) => {
      await storeFile(db, id, 0, packed);
      await db.run(
        `UPDATE mdfe_documents SET xml_state = 'present', placa = ?, reboques = ?, uf_inicio = ?, uf_fim = ?,
           percurso = ?, municipios_descarga = ?, condutores = ?, qtd_cte = ?, qtd_nfe = ? WHERE id = ?`,
        [
          fields?.placa ?? null,
          join(fields?.reboques ?? []),
          fields?.ufInicio ?? null,
          fields?.ufFim ?? null,
          join(fields?.percurso ?? []),
          fields?.municipiosDescarga.join(', ') || null,
          fields?.condutores.join(', ') || null,
          fields?.qtdCte ?? null,
          fields?.qtdNfe ?? null,
          id,
        ],
      );
    });
  }

  /** The status an event's answer settled (encerrado, cancelado), without waiting for the next sync. */
  async setStatus(id: number, status: 'encerrado' | 'cancelado'): Promise<void> {
    await this.db.run('UPDATE mdfe_documents SET status = ? WHERE id = ?', [status, id]);
  }

  async markXmlUnavailable(id: number): Promise<void> {
    await this.db.run("UPDATE mdfe_documents SET xml_state = 'unavailable' WHERE id = ?", [id]);
  }

  /** Stores an event's procEventoMDFe (event_id: the mdfe_events row). */
  async setEventXml(mdfeId: number, eventId: number, xml: Buffer): Promise<void> {
    const packed = await packFile(xml, 'application/xml');
    await this.db.transaction((db) => storeFile(db, mdfeId, eventId, packed));
  }

  /** Registered events whose XML is not cached yet (and that the API can give: they have an id). */
  eventsWithoutXml(scope: MdfeScope): Promise<CachedMdfeEvent[]> {
    return this.db.all<CachedMdfeEvent>(
      `SELECT e.* FROM mdfe_events e JOIN mdfe_documents d ON d.id = e.mdfe_id
       WHERE d.company = ? AND d.environment = ? AND e.status = 'registrado' AND e.api_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM mdfe_files f WHERE f.mdfe_id = e.mdfe_id AND f.event_id = e.id AND f.kind = 'xml')`,
      [scope.company, scope.environment],
    );
  }

  byId(id: number): Promise<CachedMdfe | undefined> {
    return this.db.get<CachedMdfe>('SELECT * FROM mdfe_documents WHERE id = ?', [id]);
  }

  /** The processed XML (event 0) or an event's XML, byte for byte as the API gave it; null when not cached. */
  async xml(id: number, eventId = 0): Promise<Buffer | null> {
    const row = await this.db.get<{ codec: string; parts: number; content: Buffer }>(
      "SELECT codec, parts, content FROM mdfe_files WHERE mdfe_id = ? AND event_id = ? AND kind = 'xml'",
      [id, eventId],
    );
    if (!row) return null;
    const bytes = await unpackFile(row.codec, row.content);
    if (!row.parts) return bytes;
    const text = bytes.toString('utf8');
    const hashes = [...new Set([...text.matchAll(MARKER)].map((m) => m[1]!))];
    const parts = await this.db.all<{ sha256: string; content: Buffer }>(
      `SELECT sha256, content FROM file_parts WHERE sha256 IN (${hashes.map(() => '?').join(', ') || "''"})`,
      hashes,
    );
    const byHash = new Map(parts.map((p) => [p.sha256, p.content.toString('utf8')]));
    return Buffer.from(
      text.replace(MARKER, (_, hash: string) => {
        const body = byHash.get(hash);
        if (body === undefined) throw new Error(`Missing file part ${hash}.`);
        return `<X509Certificate>${body}</X509Certificate>`;
      }),
      'utf8',
    );
  }

  async upsertEvent(
    mdfeId: number,
    type: MdfeEventType,
    record: { id?: string | null; status?: string | null; numero_sequencial?: number | null } & Record<
      string,
      unknown
    >,
  ): Promise<number> {
    const rows = await this.db.all<{ id: number }>(
      `INSERT INTO mdfe_events (mdfe_id, api_id, type, sequence, status, protocolo, data_evento, api_json, synced_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (mdfe_id, type, sequence) DO UPDATE SET api_id = coalesce(excluded.api_id, api_id),
         status = excluded.status, protocolo = coalesce(excluded.protocolo, protocolo),
         data_evento = coalesce(excluded.data_evento, data_evento), api_json = excluded.api_json,
         synced_at = excluded.synced_at
       RETURNING id`,
      [
        mdfeId,
        record.id ?? null,
        type,
        record.numero_sequencial ?? 1,
        record.status ?? null,
        typeof record.numero_protocolo === 'string' ? record.numero_protocolo : null,
        typeof record.data_evento === 'string' ? record.data_evento : null,
        JSON.stringify(record),
        new Date().toISOString(),
      ],
    );
    if (
      type === 'encerramento' &&
      record.status === 'registrado' &&
      typeof record.data_encerramento === 'string'
    )
      await this.db.run('UPDATE mdfe_documents SET data_encerramento = ? WHERE id = ?', [
        record.data_encerramento,
        mdfeId,
      ]);
    return rows[0]!.id;
  }

  events(mdfeId: number): Promise<CachedMdfeEvent[]> {
    return this.db.all<CachedMdfeEvent>(
      'SELECT * FROM mdfe_events WHERE mdfe_id = ? ORDER BY type, sequence',
      [mdfeId],
    );
  }

  get(scope: MdfeScope, apiId: string): Promise<CachedMdfe | undefined> {
    return this.db.get<CachedMdfe>('SELECT * FROM mdfe_documents WHERE environment = ? AND api_id = ?', [
      scope.environment,
      apiId,
    ]);
  }

  /** Newest first (by issue date), `limit` rows from `offset`. */
  list(scope: MdfeScope, limit = 50, offset = 0): Promise<CachedMdfe[]> {
    return this.db.all<CachedMdfe>(
      `SELECT * FROM mdfe_documents WHERE company = ? AND environment = ?
       ORDER BY data_emissao DESC, id DESC LIMIT ? OFFSET ?`,
      [scope.company, scope.environment, limit, offset],
    );
  }

  /** The MDF-e issued from `from` (aaaa-mm-dd) up to and including `to`, in issue order (accounting export). */
  inPeriod(scope: MdfeScope, from: string, to: string): Promise<CachedMdfe[]> {
    const end = new Date(`${to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    return this.db.all<CachedMdfe>(
      `SELECT * FROM mdfe_documents WHERE company = ? AND environment = ? AND data_emissao >= ? AND data_emissao < ?
       ORDER BY data_emissao, id`,
      [scope.company, scope.environment, from, end.toISOString().slice(0, 10)],
    );
  }

  /** Authorized and not closed nor cancelled: what blocks the truck's next MDF-e. Oldest first. */
  open(scope: MdfeScope): Promise<CachedMdfe[]> {
    return this.db.all<CachedMdfe>(
      `SELECT * FROM mdfe_documents WHERE company = ? AND environment = ? AND status = 'autorizado'
       ORDER BY data_autorizacao, id`,
      [scope.company, scope.environment],
    );
  }

  /** Pending at the authority, or authorized and still open: the ones whose status can change. */
  unsettled(scope: MdfeScope): Promise<CachedMdfe[]> {
    return this.db.all<CachedMdfe>(
      "SELECT * FROM mdfe_documents WHERE company = ? AND environment = ? AND status IN ('pendente', 'autorizado')",
      [scope.company, scope.environment],
    );
  }

  /** Closed or cancelled manifests without their registered closing/cancellation event. */
  withoutFinalEvent(scope: MdfeScope): Promise<CachedMdfe[]> {
    return this.db.all<CachedMdfe>(
      `SELECT * FROM mdfe_documents d WHERE company = ? AND environment = ? AND status IN ('encerrado', 'cancelado')
       AND NOT EXISTS (SELECT 1 FROM mdfe_events e WHERE e.mdfe_id = d.id AND e.status = 'registrado'
         AND e.type = CASE d.status WHEN 'encerrado' THEN 'encerramento' ELSE 'cancelamento' END)`,
      [scope.company, scope.environment],
    );
  }

  /** Final MDF-e whose processed XML is not cached yet. */
  withoutXml(scope: MdfeScope): Promise<CachedMdfe[]> {
    return this.db.all<CachedMdfe>(
      `SELECT * FROM mdfe_documents WHERE company = ? AND environment = ? AND xml_state = 'missing'
       AND status IN ('autorizado', 'encerrado', 'cancelado')`,
      [scope.company, scope.environment],
    );
  }

  async markSynced(scope: MdfeScope, error: string | null): Promise<void> {
    await this.db.run(
      `INSERT INTO mdfe_sync_state (company, environment, last_sync, last_error) VALUES (?, ?, ?, ?)
       ON CONFLICT (company, environment) DO UPDATE SET last_sync = coalesce(excluded.last_sync, last_sync),
         last_error = excluded.last_error`,
      [scope.company, scope.environment, error ? null : new Date().toISOString(), error],
    );
  }
}
