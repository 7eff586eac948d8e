import type { Migration } from '../migrations';

/**
 * The offline copy of every issued document (CT-e, CT-e OS, DC-e), its files and events, and
 * where each list sync stopped. Money is kept in centavos (INTEGER) so totals never drift.
 * `data_emissao` keeps the ISO text as issued (local time with offset): its first 10 characters
 * are the issuer's calendar day, so one index serves both the period filter and the date sort.
 */
export const migration: Migration = {
  id: 2,
  name: 'documents',
  sql: `
CREATE TABLE documents (
  id INTEGER PRIMARY KEY,
  api_id TEXT NOT NULL,
  environment TEXT NOT NULL CHECK (environment IN ('demonstracao', 'sandbox', 'producao')),
  ambiente TEXT NOT NULL CHECK (ambiente IN ('homologacao', 'producao')),
  company TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('cte', 'cteos', 'dce')),
  modelo INTEGER,
  serie INTEGER,
  numero INTEGER,
  chave TEXT,
  referencia TEXT,
  status TEXT NOT NULL,
  data_emissao TEXT,
  created_at TEXT,
  tomador_nome TEXT,
  tomador_doc TEXT,
  remetente_nome TEXT,
  remetente_doc TEXT,
  destinatario_nome TEXT,
  destinatario_doc TEXT,
  uf_inicio TEXT,
  municipio_inicio TEXT,
  uf_fim TEXT,
  municipio_fim TEXT,
  valor_prestacao INTEGER,
  valor_icms INTEGER,
  -- The API's record as JSON, raw-deflated with a preset dictionary (repositories/xml-dictionary.ts):
  -- ~500 bytes become ~135, on 100,000s of rows. Lookups by chave go through documents_fts.
  api_record BLOB NOT NULL,
  xml_state TEXT NOT NULL DEFAULT 'missing' CHECK (xml_state IN ('missing', 'present', 'unavailable')),
  missing_remote INTEGER NOT NULL DEFAULT 0 CHECK (missing_remote IN (0, 1)),
  seen_run INTEGER NOT NULL DEFAULT 0,
  synced_at TEXT NOT NULL,
  UNIQUE (environment, api_id)
) STRICT;

-- Covers the browse filters and sort keys, so a page is chosen from the index alone and only its
-- 50 rows are read from the table (see repositories/browse.ts).
CREATE INDEX documents_browse ON documents (
  company, environment, data_emissao, kind, status, uf_inicio, uf_fim, serie, numero,
  valor_prestacao, valor_icms, missing_remote, tomador_nome
);
CREATE INDEX documents_referencia ON documents (referencia) WHERE referencia IS NOT NULL;
CREATE INDEX documents_numero ON documents (company, environment, kind, serie, numero);
CREATE INDEX documents_tomador ON documents (tomador_doc, data_emissao) WHERE tomador_doc IS NOT NULL;
CREATE INDEX documents_remetente ON documents (remetente_doc, data_emissao) WHERE remetente_doc IS NOT NULL;
CREATE INDEX documents_destinatario ON documents (destinatario_doc, data_emissao) WHERE destinatario_doc IS NOT NULL;
CREATE INDEX documents_pending ON documents (company, environment, kind, status) WHERE xml_state = 'missing';

-- Contentless: the words live only in the index (the row text is already in documents), and
-- contentless_delete lets the triggers remove a row without repeating its old values.
CREATE VIRTUAL TABLE documents_fts USING fts5 (
  chave, numero, referencia, tomador, remetente, destinatario,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER documents_fts_insert AFTER INSERT ON documents BEGIN
  INSERT INTO documents_fts (rowid, chave, numero, referencia, tomador, remetente, destinatario) VALUES (
    new.id, new.chave, new.numero, new.referencia,
    concat_ws(' ', new.tomador_nome, new.tomador_doc),
    concat_ws(' ', new.remetente_nome, new.remetente_doc),
    concat_ws(' ', new.destinatario_nome, new.destinatario_doc)
  );
END;

CREATE TRIGGER documents_fts_update AFTER UPDATE OF
  chave, numero, referencia, tomador_doc, remetente_doc, destinatario_doc,
  tomador_nome, remetente_nome, destinatario_nome ON documents BEGIN
  DELETE FROM documents_fts WHERE rowid = old.id;
  INSERT INTO documents_fts (rowid, chave, numero, referencia, tomador, remetente, destinatario) VALUES (
    new.id, new.chave, new.numero, new.referencia,
    concat_ws(' ', new.tomador_nome, new.tomador_doc),
    concat_ws(' ', new.remetente_nome, new.remetente_doc),
    concat_ws(' ', new.destinatario_nome, new.destinatario_doc)
  );
END;

CREATE TRIGGER documents_fts_delete AFTER DELETE ON documents BEGIN
  DELETE FROM documents_fts WHERE rowid = old.id;
END;

CREATE TABLE document_events (
  id INTEGER PRIMARY KEY,
  doc_id INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  api_id TEXT,
  type TEXT NOT NULL CHECK (type IN ('cancelamento', 'carta_correcao', 'outro')),
  sequence INTEGER NOT NULL DEFAULT 1,
  status TEXT,
  protocolo TEXT,
  data_evento TEXT,
  api_json TEXT NOT NULL,
  synced_at TEXT NOT NULL,
  UNIQUE (doc_id, type, sequence)
) STRICT;

-- event_id 0 means the file belongs to the document itself.
CREATE TABLE document_files (
  id INTEGER PRIMARY KEY,
  doc_id INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  event_id INTEGER NOT NULL DEFAULT 0,
  kind TEXT NOT NULL CHECK (kind IN ('xml', 'xml_enviado', 'xml_protocolo', 'pdf')),
  codec TEXT NOT NULL CHECK (codec IN ('identity', 'deflate', 'deflate-d1', 'brotli')),
  -- 1 when certificate bodies were moved to file_parts (see repositories/files.ts).
  parts INTEGER NOT NULL DEFAULT 0 CHECK (parts IN (0, 1)),
  content BLOB NOT NULL,
  sha256 TEXT NOT NULL,
  size INTEGER NOT NULL,
  content_type TEXT NOT NULL,
  fetched_at TEXT NOT NULL,
  UNIQUE (doc_id, event_id, kind)
) STRICT;

-- Large pieces many files repeat (the signing certificate is in every XML of a company),
-- stored once by content hash.
CREATE TABLE file_parts (
  sha256 TEXT PRIMARY KEY NOT NULL,
  content BLOB NOT NULL
) STRICT;

CREATE TABLE sync_state (
  company TEXT NOT NULL,
  kind TEXT NOT NULL,
  environment TEXT NOT NULL,
  cursor_json TEXT,
  run INTEGER NOT NULL DEFAULT 0,
  last_sync TEXT,
  last_full_sync TEXT,
  last_error TEXT,
  PRIMARY KEY (company, kind, environment)
) STRICT;
`,
};
