import type { Migration } from '../migrations';

/** Key/value facts about the cache itself (which company it belongs to, last sync marks). */
export const migration: Migration = {
  id: 1,
  name: 'app-meta',
  sql: `
CREATE TABLE app_meta (
  key TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL
) STRICT;
`,
};
