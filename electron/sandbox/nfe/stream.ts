// The per-company, per-environment document stream of the inbox. Every document gets the next
// NSU of its company+ambiente when it becomes available (`release_at` ≤ now), so documents
// scheduled for later (the full procNFe after a ciência) still arrive in increasing NSU order.
import type { Ambiente } from '../http/query';
import { newId } from '../http/ids';
import type { SandboxStore } from '../store';
import { noteDocumentBody } from './documents';
import type { DistDocument, DocumentBody, NoteRecord } from './documents';
import { isoSeconds } from './format';
import type { GeneratedNote } from './generator';

export { SCHEMAS, noteDocumentBody, summaryOf } from './documents';
export type { DistDocument, DocumentBody, NoteRecord } from './documents';

interface DocRow {
  id: string;
  nsu: number;
  created_at: number;
  json: string;
  xml: string;
}

const toDocument = (row: DocRow): DistDocument => ({
  id: row.id,
  created_at: isoSeconds(new Date(row.created_at)),
  nsu: row.nsu,
  ...(JSON.parse(row.json) as DocumentBody),
});

export interface StreamKey {
  cpfCnpj: string;
  ambiente: Ambiente;
}

export function createStream(store: SandboxStore) {
  async function queue(k: StreamKey, body: DocumentBody, xml: string, releaseAt: number): Promise<string> {
    const id = newId('dnd');
    await store.run(
      `INSERT INTO sandbox_nfe_docs (id, cpf_cnpj, ambiente, nsu, release_at, chave, schema, tipo_documento, resumo, created_at, json, xml)
       VALUES (?, ?, ?, NULL, ?, ?, ?, ?, ?, NULL, ?, ?)`,
      [
        id,
        k.cpfCnpj,
        k.ambiente,
        releaseAt,
        body.chave_acesso,
        body.schema,
        body.tipo_documento,
        body.resumo ? 1 : 0,
        JSON.stringify(body),
        xml,
      ],
    );
    return id;
  }

  async function maxNsu(k: StreamKey): Promise<number> {
    const row = await store.get<{ n: number | null }>(
      'SELECT MAX(nsu) AS n FROM sandbox_nfe_docs WHERE cpf_cnpj = ? AND ambiente = ?',
      [k.cpfCnpj, k.ambiente],
    );
    return row?.n ?? 0;
  }

  return {
    queue,

    /** Stores a generated note and queues its first document (summary for the buyer, full for the carrier). */
    async addNote(k: StreamKey, note: GeneratedNote, releaseAt: number): Promise<void> {
      const full = note.role === 'transportador';
      const s = note.summary;
      const record: NoteRecord = {
        chave: note.chave,
        role: note.role,
        cancelled: false,
        dhRecbto: s.dhRecbto.getTime(),
        destCnpj: note.content.dest.cnpj,
        numeroProtocolo: s.nProt,
        digestValue: s.digVal,
        emitCnpj: s.emitCnpj,
        emitNome: s.emitNome,
        emitIe: s.emitIe,
        dhEmi: isoSeconds(s.dhEmi),
        vNF: s.vNF,
        content: { ...note.content, dhEmi: isoSeconds(note.content.dhEmi) },
      };
      await store.run(
        `INSERT INTO sandbox_nfe_notes (cpf_cnpj, ambiente, chave, role, seq, dh_recbto, dest_cnpj, json, proc_xml)
         VALUES (?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM sandbox_nfe_notes), ?, ?, ?, ?)`,
        [
          k.cpfCnpj,
          k.ambiente,
          note.chave,
          note.role,
          record.dhRecbto,
          record.destCnpj,
          JSON.stringify(record),
          note.nfeProcXml,
        ],
      );
      await queue(
        k,
        noteDocumentBody(note.summary, full),
        full ? note.nfeProcXml : note.resNFeXml,
        releaseAt,
      );
    },

    async note(k: StreamKey, chave: string): Promise<(NoteRecord & { procXml: string }) | null> {
      const row = await store.get<{ json: string; cancelled: number; proc_xml: string }>(
        'SELECT json, cancelled, proc_xml FROM sandbox_nfe_notes WHERE cpf_cnpj = ? AND ambiente = ? AND chave = ?',
        [k.cpfCnpj, k.ambiente, chave],
      );
      if (!row) return null;
      return {
        ...(JSON.parse(row.json) as NoteRecord),
        cancelled: row.cancelled === 1,
        procXml: row.proc_xml,
      };
    },

    async countNotes(k: StreamKey): Promise<number> {
      const row = await store.get<{ n: number }>(
        'SELECT COUNT(*) AS n FROM sandbox_nfe_notes WHERE cpf_cnpj = ? AND ambiente = ?',
        [k.cpfCnpj, k.ambiente],
      );
      return row?.n ?? 0;
    },

    async markCancelled(k: StreamKey, chave: string): Promise<void> {
      await store.run(
        'UPDATE sandbox_nfe_notes SET cancelled = 1 WHERE cpf_cnpj = ? AND ambiente = ? AND chave = ?',
        [k.cpfCnpj, k.ambiente, chave],
      );
    },

    /** True the first time only: the full procNFe is queued once per note. */
    async claimFullRelease(k: StreamKey, chave: string): Promise<boolean> {
      const { changes } = await store.run(
        `UPDATE sandbox_nfe_notes SET full_scheduled = 1
         WHERE cpf_cnpj = ? AND ambiente = ? AND chave = ? AND full_scheduled = 0 AND role = 'destinatario'`,
        [k.cpfCnpj, k.ambiente, chave],
      );
      return changes > 0;
    },

    /** Gives NSUs to the documents whose time has come. */
    async materialize(k: StreamKey, nowMs: number): Promise<void> {
      await store.transaction(async () => {
        const due = await store.all<{ id: string; release_at: number }>(
          `SELECT id, release_at FROM sandbox_nfe_docs
           WHERE cpf_cnpj = ? AND ambiente = ? AND nsu IS NULL AND release_at <= ? ORDER BY release_at, rowid`,
          [k.cpfCnpj, k.ambiente, nowMs],
        );
        if (due.length === 0) return;
        let nsu = await maxNsu(k);
        for (const doc of due) {
          nsu += 1;
          await store.run('UPDATE sandbox_nfe_docs SET nsu = ?, created_at = ? WHERE id = ?', [
            nsu,
            doc.release_at,
            doc.id,
          ]);
        }
      });
    },

    maxNsu,

    /** Records documents as delivered to the company (listed from then on). */
    async markDistributed(ids: readonly string[]): Promise<void> {
      for (const id of ids) {
        await store.run('INSERT OR IGNORE INTO sandbox_nfe_distributed (doc_id) VALUES (?)', [id]);
      }
    },

    /** The highest NSU the service has delivered to the company (0 when none). */
    async distributedNsu(k: StreamKey): Promise<number> {
      const row = await store.get<{ n: number | null }>(
        `SELECT MAX(d.nsu) AS n FROM sandbox_nfe_docs d JOIN sandbox_nfe_distributed x ON x.doc_id = d.id
         WHERE d.cpf_cnpj = ? AND d.ambiente = ?`,
        [k.cpfCnpj, k.ambiente],
      );
      return row?.n ?? 0;
    },

    async after(k: StreamKey, nsu: number, limit: number): Promise<DistDocument[]> {
      const rows = await store.all<DocRow>(
        `SELECT id, nsu, created_at, json, xml FROM sandbox_nfe_docs
         WHERE cpf_cnpj = ? AND ambiente = ? AND nsu > ? ORDER BY nsu LIMIT ?`,
        [k.cpfCnpj, k.ambiente, nsu, limit],
      );
      return rows.map(toDocument);
    },

    async atNsu(k: StreamKey, nsu: number): Promise<DistDocument | null> {
      const row = await store.get<DocRow>(
        'SELECT id, nsu, created_at, json, xml FROM sandbox_nfe_docs WHERE cpf_cnpj = ? AND ambiente = ? AND nsu = ?',
        [k.cpfCnpj, k.ambiente, nsu],
      );
      return row ? toDocument(row) : null;
    },

    /** Documents of one note already distributed, the full one first. */
    async forChave(k: StreamKey, chave: string): Promise<DistDocument[]> {
      const rows = await store.all<DocRow>(
        `SELECT id, nsu, created_at, json, xml FROM sandbox_nfe_docs
         WHERE cpf_cnpj = ? AND ambiente = ? AND chave = ? AND nsu IS NOT NULL ORDER BY resumo, nsu DESC`,
        [k.cpfCnpj, k.ambiente, chave],
      );
      return rows.map(toDocument);
    },

    async list(
      k: StreamKey,
      f: {
        distNsu?: number;
        tipo?: string;
        forma?: 'resumida' | 'completa';
        chave?: string;
        top: number;
        skip: number;
      },
    ): Promise<{ data: DistDocument[]; count: number }> {
      const where = [
        'cpf_cnpj = ?',
        'ambiente = ?',
        'nsu IS NOT NULL',
        'id IN (SELECT doc_id FROM sandbox_nfe_distributed)',
      ];
      const params: (string | number)[] = [k.cpfCnpj, k.ambiente];
      const add = (sql: string, value: string | number) => {
        where.push(sql);
        params.push(value);
      };
      if (f.distNsu !== undefined) add('nsu >= ?', f.distNsu);
      if (f.tipo) add('tipo_documento = ?', f.tipo);
      if (f.forma) add('resumo = ?', f.forma === 'resumida' ? 1 : 0);
      if (f.chave) add('chave = ?', f.chave);
      const clause = where.join(' AND ');
      const count =
        (await store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM sandbox_nfe_docs WHERE ${clause}`, params))
          ?.n ?? 0;
      const rows = await store.all<DocRow>(
        `SELECT id, nsu, created_at, json, xml FROM sandbox_nfe_docs WHERE ${clause} ORDER BY nsu DESC LIMIT ? OFFSET ?`,
        [...params, f.top, f.skip],
      );
      return { data: rows.map(toDocument), count };
    },

    async byId(id: string): Promise<{ doc: DistDocument; xml: string; key: StreamKey } | null> {
      const row = await store.get<DocRow & { cpf_cnpj: string; ambiente: Ambiente }>(
        'SELECT id, nsu, created_at, json, xml, cpf_cnpj, ambiente FROM sandbox_nfe_docs WHERE id = ? AND nsu IS NOT NULL',
        [id],
      );
      return row
        ? { doc: toDocument(row), xml: row.xml, key: { cpfCnpj: row.cpf_cnpj, ambiente: row.ambiente } }
        : null;
    },
  };
}

export type InboxStream = ReturnType<typeof createStream>;
