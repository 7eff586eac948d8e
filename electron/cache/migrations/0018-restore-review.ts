import type { Migration } from '../migrations';

/**
 * A restored backup is data, not intent. `outbox.held_at`: when a restore held a request that was
 * still open in the backup (queued, sending or failed) — it is never sent by itself, only when the
 * clerk reviews it (found by `referencia` first). `from_backup` on the known companies and
 * certificates: the rows came inside a restored backup and the API has not confirmed them since
 * (any fresh answer writes them again with 0).
 */
export const migration: Migration = {
  id: 18,
  name: 'restore-review',
  sql: `
ALTER TABLE outbox ADD COLUMN held_at TEXT;
ALTER TABLE known_companies ADD COLUMN from_backup INTEGER NOT NULL DEFAULT 0 CHECK (from_backup IN (0, 1));
ALTER TABLE known_certificates ADD COLUMN from_backup INTEGER NOT NULL DEFAULT 0 CHECK (from_backup IN (0, 1));
ALTER TABLE known_lists ADD COLUMN from_backup INTEGER NOT NULL DEFAULT 0 CHECK (from_backup IN (0, 1));
`,
};
