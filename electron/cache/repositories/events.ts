import type { Database } from '../db';

export type EventType = 'cancelamento' | 'carta_correcao' | 'outro';

export interface EventUpsert {
  docId: number;
  apiId: string | null;
  type: EventType;
  sequence: number;
  status: string | null;
  protocolo: string | null;
  dataEvento: string | null;
  record: unknown;
}

export interface EventRow {
  id: number;
  doc_id: number;
  api_id: string | null;
  type: EventType;
  sequence: number;
  status: string | null;
  protocolo: string | null;
  data_evento: string | null;
  api_json: string;
  synced_at: string;
}

/** Cancellations and correction letters of cached documents, one row per (type, sequence). */
export class EventRepository {
  constructor(private readonly db: Database) {}

  /** Inserts or refreshes an event; returns its id. */
  async upsert(event: EventUpsert): Promise<number> {
    const rows = await this.db.all<{ id: number }>(
      `INSERT INTO document_events (doc_id, api_id, type, sequence, status, protocolo, data_evento, api_json, synced_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (doc_id, type, sequence) DO UPDATE SET api_id = coalesce(excluded.api_id, api_id),
         status = excluded.status, protocolo = coalesce(excluded.protocolo, protocolo),
         data_evento = coalesce(excluded.data_evento, data_evento), api_json = excluded.api_json,
         synced_at = excluded.synced_at
       RETURNING id`,
      [
        event.docId,
        event.apiId,
        event.type,
        event.sequence,
        event.status,
        event.protocolo,
        event.dataEvento,
        JSON.stringify(event.record),
        new Date().toISOString(),
      ],
    );
    return rows[0].id;
  }

  list(docId: number): Promise<EventRow[]> {
    return this.db.all<EventRow>('SELECT * FROM document_events WHERE doc_id = ? ORDER BY type, sequence', [
      docId,
    ]);
  }

  find(docId: number, type: EventType, sequence: number): Promise<EventRow | undefined> {
    return this.db.get<EventRow>(
      'SELECT * FROM document_events WHERE doc_id = ? AND type = ? AND sequence = ?',
      [docId, type, sequence],
    );
  }
}
