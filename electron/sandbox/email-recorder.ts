import type { Clock } from './clock';
import { newId } from './http/ids';
import type { SandboxStore } from './store';

export const EMAIL_STATUSES = [
  'pending',
  'sending',
  'sent',
  'delivered',
  'delivery_delayed',
  'bounced',
  'complained',
  'rejected',
  'cancelled',
  'failed',
] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** Statuses the `undelivered=true` filter selects ("e-mails com problemas de entrega"). */
export const UNDELIVERED_STATUSES: EmailStatus[] = [
  'delivery_delayed',
  'bounced',
  'complained',
  'rejected',
  'failed',
];

export interface EmailEvent {
  id: string;
  event_type: string;
  timestamp: string;
  message: string | null;
}
export interface Email {
  id: string;
  status: EmailStatus;
  sent_at: string | null;
  to: string[];
  cc: string[];
  reply_to?: string;
  subject: string;
  attachments: { content_type: string; filename: string }[];
  events: EmailEvent[];
}
export interface EmailResumo {
  id: string;
  status: EmailStatus;
  sent_at: string | null;
  recipients: string[];
  subject: string;
}

export interface SendEmailInput {
  cpfCnpj: string;
  to: string[];
  cc?: string[];
  replyTo?: string;
  subject: string;
  attachments?: { content_type: string; filename: string }[];
}

/**
 * Records the e-mails the sandbox "sends" (nothing leaves the machine): each starts `sent`
 * with a `sent` event; later events (delivered, bounced…) come from the control API.
 */
export interface EmailRecorder {
  send(input: SendEmailInput): Promise<Email>;
  /** Appends an event; when `event_type` is a status name, the e-mail takes that status. */
  addEvent(id: string, eventType: string, message?: string | null): Promise<Email | null>;
  get(id: string): Promise<Email | null>;
  list(filter: {
    cpfCnpj: string;
    undelivered?: boolean;
    email?: string;
    top: number;
    skip: number;
  }): Promise<{
    data: EmailResumo[];
    count: number;
  }>;
}

interface EmailRow {
  id: string;
  json: string;
}

export async function createEmailRecorder(store: SandboxStore, clock: Clock): Promise<EmailRecorder> {
  await store.migrate(
    'emails',
    `CREATE TABLE IF NOT EXISTS sandbox_emails (
       id TEXT PRIMARY KEY, seq INTEGER NOT NULL, cpf_cnpj TEXT NOT NULL, status TEXT NOT NULL,
       recipients TEXT NOT NULL, json TEXT NOT NULL)`,
  );
  const save = async (email: Email, cpfCnpj?: string) => {
    const recipients = [...email.to, ...email.cc].map((a) => a.toLowerCase()).join('\n');
    if (cpfCnpj === undefined) {
      await store.run('UPDATE sandbox_emails SET status = ?, json = ? WHERE id = ?', [
        email.status,
        JSON.stringify(email),
        email.id,
      ]);
      return;
    }
    const seq =
      (await store.get<{ n: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM sandbox_emails'))?.n ?? 1;
    await store.run(
      'INSERT INTO sandbox_emails (id, seq, cpf_cnpj, status, recipients, json) VALUES (?, ?, ?, ?, ?, ?)',
      [email.id, seq, cpfCnpj, email.status, `\n${recipients}\n`, JSON.stringify(email)],
    );
  };
  const get = async (id: string) => {
    const row = await store.get<EmailRow>('SELECT id, json FROM sandbox_emails WHERE id = ?', [id]);
    return row ? (JSON.parse(row.json) as Email) : null;
  };
  return {
    async send(input) {
      const now = clock.now().toISOString();
      const email: Email = {
        id: newId('email'),
        status: 'sent',
        sent_at: now,
        to: input.to,
        cc: input.cc ?? [],
        ...(input.replyTo ? { reply_to: input.replyTo } : {}),
        subject: input.subject,
        attachments: input.attachments ?? [],
        events: [{ id: newId('evt'), event_type: 'sent', timestamp: now, message: null }],
      };
      await save(email, input.cpfCnpj);
      return email;
    },
    async addEvent(id, eventType, message = null) {
      const email = await get(id);
      if (!email) return null;
      email.events.push({
        id: newId('evt'),
        event_type: eventType,
        timestamp: clock.now().toISOString(),
        message,
      });
      if ((EMAIL_STATUSES as readonly string[]).includes(eventType)) email.status = eventType as EmailStatus;
      await save(email);
      return email;
    },
    get,
    async list({ cpfCnpj, undelivered, email, top, skip }) {
      const where = ['cpf_cnpj = ?'];
      const params: (string | number)[] = [cpfCnpj];
      if (undelivered !== undefined) {
        where.push(
          `status ${undelivered ? '' : 'NOT '}IN (${UNDELIVERED_STATUSES.map(() => '?').join(', ')})`,
        );
        params.push(...UNDELIVERED_STATUSES);
      }
      if (email) {
        where.push('instr(recipients, ?) > 0');
        params.push(`\n${email.toLowerCase()}\n`);
      }
      const clause = where.join(' AND ');
      const count =
        (await store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM sandbox_emails WHERE ${clause}`, params))
          ?.n ?? 0;
      const rows = await store.all<EmailRow>(
        `SELECT id, json FROM sandbox_emails WHERE ${clause} ORDER BY seq DESC LIMIT ? OFFSET ?`,
        [...params, top, skip],
      );
      const data = rows.map((r) => {
        const e = JSON.parse(r.json) as Email;
        return {
          id: e.id,
          status: e.status,
          sent_at: e.sent_at,
          recipients: [...e.to, ...e.cc],
          subject: e.subject,
        };
      });
      return { data, count };
    },
  };
}
