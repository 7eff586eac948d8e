import type { Database } from '../../cache/db';
import type { MailLogEntry } from '../../shared/schemas/mail';

export interface MailLogStart {
  docId: number;
  kind: MailLogEntry['kind'];
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  attachments: string[];
}

interface Row {
  id: number;
  kind: MailLogEntry['kind'];
  recipients: string;
  subject: string;
  status: MailLogEntry['status'];
  error: string | null;
  message_id: string | null;
  attachments: string;
  created_at: string;
  finished_at: string | null;
}

/**
 * The local record of e-mails sent for documents (table mail_log, migration 0007) or for MDF-e
 * (mdfe_mail_log, migration 0015: same columns, its doc_id an MDF-e).
 */
export class MailLogStore {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
    private readonly table: 'mail_log' | 'mdfe_mail_log' = 'mail_log',
  ) {}

  async record(
    entry: MailLogStart,
    outcome: {
      status: MailLogEntry['status'];
      error: string | null;
      messageId: string | null;
      startedAt: Date;
    },
  ): Promise<number> {
    const result = await this.db.run(
      `INSERT INTO ${this.table} (doc_id, kind, recipients, subject, status, error, message_id, attachments,
         created_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        entry.docId,
        entry.kind,
        JSON.stringify({ to: entry.to, cc: entry.cc, bcc: entry.bcc }),
        entry.subject,
        outcome.status,
        outcome.error,
        outcome.messageId,
        JSON.stringify(entry.attachments),
        outcome.startedAt.toISOString(),
        this.now().toISOString(),
      ],
    );
    return result.lastID;
  }

  async list(docId: number, limit = 100): Promise<MailLogEntry[]> {
    const rows = await this.db.all<Row>(
      `SELECT * FROM ${this.table} WHERE doc_id = ? ORDER BY id DESC LIMIT ?`,
      [docId, limit],
    );
    return rows.map((row) => {
      const recipients = parseJson<{ to?: string[]; cc?: string[]; bcc?: string[] }>(row.recipients, {});
      return {
        id: row.id,
        kind: row.kind,
        to: recipients.to ?? [],
        cc: recipients.cc ?? [],
        bcc: recipients.bcc ?? [],
        subject: row.subject,
        status: row.status,
        error: row.error,
        messageId: row.message_id,
        attachments: parseJson<string[]>(row.attachments, []),
        createdAt: row.created_at,
        finishedAt: row.finished_at,
      };
    });
  }
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
