import type { Migration } from '../migrations';

/**
 * What issuing needs to never lose a request: the outbox (committed before the POST, unique
 * `referencia` so a retry can never become a second document), autosaved drafts, the address
 * book of parties already used, and the next número per company, kind, série and environment.
 */
export const migration: Migration = {
  id: 3,
  name: 'issuing',
  sql: `
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  referencia TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('cte', 'cteos', 'dce')),
  company TEXT NOT NULL,
  environment TEXT NOT NULL CHECK (environment IN ('demonstracao', 'sandbox', 'producao')),
  serie INTEGER,
  numero INTEGER,
  payload_json TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'sent', 'failed', 'abandoned')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  api_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX outbox_open ON outbox (state, company, environment);

CREATE TABLE drafts (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  company TEXT NOT NULL,
  title TEXT,
  data_json TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX drafts_company ON drafts (company, kind, updated_at);

CREATE TABLE address_book (
  id INTEGER PRIMARY KEY,
  company TEXT NOT NULL,
  cpf_cnpj TEXT NOT NULL,
  nome TEXT NOT NULL,
  inscricao_estadual TEXT,
  uf TEXT,
  municipio TEXT,
  data_json TEXT NOT NULL,
  use_count INTEGER NOT NULL DEFAULT 0,
  last_used_at TEXT,
  updated_at TEXT NOT NULL,
  UNIQUE (company, cpf_cnpj)
) STRICT;
CREATE INDEX address_book_nome ON address_book (company, nome COLLATE NOCASE);

CREATE TABLE number_sequences (
  company TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('cte', 'cteos', 'dce')),
  serie INTEGER NOT NULL,
  environment TEXT NOT NULL CHECK (environment IN ('demonstracao', 'sandbox', 'producao')),
  next_numero INTEGER NOT NULL CHECK (next_numero >= 1),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (company, kind, serie, environment)
) STRICT;
`,
};
