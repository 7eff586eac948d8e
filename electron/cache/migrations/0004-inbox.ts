import type { Migration } from '../migrations';

/**
 * The NF-e inbox: notes that arrive for the company through the distribution service (first as
 * summaries, later complete), their events, the recipient's manifestations, and where the
 * distribution stopped (last NSU; when the authority last answered "nothing new", which forbids
 * asking again for an hour).
 */
export const migration: Migration = {
  id: 4,
  name: 'inbox',
  sql: `
CREATE TABLE inbox_notes (
  id INTEGER PRIMARY KEY,
  company TEXT NOT NULL,
  environment TEXT NOT NULL CHECK (environment IN ('demonstracao', 'sandbox', 'producao')),
  chave TEXT NOT NULL,
  nsu INTEGER,
  api_id TEXT,
  emitente_doc TEXT,
  emitente_nome TEXT,
  data_emissao TEXT,
  valor INTEGER,
  situacao TEXT,
  resumo INTEGER NOT NULL DEFAULT 1 CHECK (resumo IN (0, 1)),
  manifestacao TEXT,
  xml_codec TEXT CHECK (xml_codec IN ('identity', 'deflate', 'brotli')),
  xml BLOB,
  api_json TEXT,
  received_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (company, environment, chave)
) STRICT;
CREATE INDEX inbox_notes_browse ON inbox_notes (company, environment, data_emissao);

CREATE TABLE inbox_events (
  id INTEGER PRIMARY KEY,
  note_id INTEGER REFERENCES inbox_notes (id) ON DELETE CASCADE,
  company TEXT NOT NULL,
  environment TEXT NOT NULL,
  chave TEXT NOT NULL,
  nsu INTEGER,
  tipo_evento TEXT NOT NULL,
  sequence INTEGER NOT NULL DEFAULT 1,
  data_evento TEXT,
  xml_codec TEXT CHECK (xml_codec IN ('identity', 'deflate', 'brotli')),
  xml BLOB,
  api_json TEXT,
  received_at TEXT NOT NULL,
  UNIQUE (company, environment, chave, tipo_evento, sequence)
) STRICT;

CREATE TABLE inbox_manifestations (
  id INTEGER PRIMARY KEY,
  note_id INTEGER NOT NULL REFERENCES inbox_notes (id) ON DELETE CASCADE,
  tipo_evento TEXT NOT NULL,
  justificativa TEXT,
  state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'registered', 'rejected', 'failed')),
  api_id TEXT,
  protocolo TEXT,
  last_error TEXT,
  api_json TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX inbox_manifestations_note ON inbox_manifestations (note_id);

CREATE TABLE inbox_distribution_state (
  company TEXT NOT NULL,
  environment TEXT NOT NULL CHECK (environment IN ('demonstracao', 'sandbox', 'producao')),
  ultimo_nsu INTEGER NOT NULL DEFAULT 0,
  max_nsu INTEGER,
  last_empty_at TEXT,
  last_run_at TEXT,
  last_error TEXT,
  PRIMARY KEY (company, environment)
) STRICT;
`,
};
