import type { Migration } from '../migrations';

/**
 * The NF-e inbox, second step: the company's roles on each note (recipient, to manifest; carrier,
 * to issue a CT-e), the authorization date that starts the 180-day manifestation window, the
 * ciência time (the full XML may take hours after it), the 656 "consumo indevido" answer kept
 * like an empty one, and the XML/DANFE files downloaded for a note.
 */
export const migration: Migration = {
  id: 6,
  name: 'inbox-roles',
  sql: `
ALTER TABLE inbox_notes ADD COLUMN as_dest INTEGER NOT NULL DEFAULT 0 CHECK (as_dest IN (0, 1));
ALTER TABLE inbox_notes ADD COLUMN as_carrier INTEGER NOT NULL DEFAULT 0 CHECK (as_carrier IN (0, 1));
ALTER TABLE inbox_notes ADD COLUMN data_autorizacao TEXT;
ALTER TABLE inbox_notes ADD COLUMN numero INTEGER;
ALTER TABLE inbox_notes ADD COLUMN serie INTEGER;
ALTER TABLE inbox_notes ADD COLUMN ciencia_at TEXT;
ALTER TABLE inbox_notes ADD COLUMN handled_at TEXT;
CREATE INDEX inbox_notes_chave ON inbox_notes (chave);

ALTER TABLE inbox_distribution_state ADD COLUMN blocked_at TEXT;
ALTER TABLE inbox_distribution_state ADD COLUMN last_codigo INTEGER;
ALTER TABLE inbox_distribution_state ADD COLUMN last_motivo TEXT;

CREATE TABLE inbox_files (
  note_id INTEGER NOT NULL REFERENCES inbox_notes (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('xml', 'pdf')),
  codec TEXT NOT NULL CHECK (codec IN ('identity', 'deflate', 'deflate-d1', 'brotli')),
  content BLOB NOT NULL,
  sha256 TEXT NOT NULL,
  size INTEGER NOT NULL,
  content_type TEXT NOT NULL,
  fetched_at TEXT NOT NULL,
  PRIMARY KEY (note_id, kind)
) STRICT;
`,
};
