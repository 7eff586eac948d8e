import type { Migration } from '../migrations';

/**
 * Every e-mail the app sent (or failed to send) for an issued document, so the user can see who
 * already received a DACTE/DACE and why a delivery failed. Recipients are kept as JSON
 * ({ to, cc, bcc }); the SMTP password never reaches this table.
 */
export const migration: Migration = {
  id: 7,
  name: 'mail-log',
  sql: `
CREATE TABLE mail_log (
  id INTEGER PRIMARY KEY,
  doc_id INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('cte', 'cteos', 'dce')),
  recipients TEXT NOT NULL,
  subject TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('enviado', 'falhou')),
  error TEXT,
  message_id TEXT,
  attachments TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  finished_at TEXT
) STRICT;
CREATE INDEX mail_log_doc ON mail_log (doc_id, id);
`,
};
