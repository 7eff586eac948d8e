import type { Migration } from '../migrations';

/**
 * MDF-e issuing: the outbox, the número sequences and the released números accept `mdfe` (SQLite
 * cannot alter a CHECK, so the three tables are rebuilt with their rows), and the registries the
 * trip needs — vehicles (tração and reboques, with the owner when third-party) and drivers —
 * remembered per company from each MDF-e issued. Weights in kg, volume in m³, as in the MDF-e
 * `veicTracao`/`veicReboque` (MOC MDF-e 3.00, modal rodoviário).
 */
export const migration: Migration = {
  id: 12,
  name: 'mdfe-issuing',
  sql: `
CREATE TABLE outbox_new (
  id INTEGER PRIMARY KEY,
  referencia TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('cte', 'cteos', 'dce', 'mdfe')),
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
  updated_at TEXT NOT NULL,
  variant TEXT
) STRICT;
INSERT INTO outbox_new (id, referencia, kind, company, environment, serie, numero, payload_json, state, attempts,
  last_error, api_id, created_at, updated_at, variant)
  SELECT id, referencia, kind, company, environment, serie, numero, payload_json, state, attempts,
    last_error, api_id, created_at, updated_at, variant FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_open ON outbox (state, company, environment);

CREATE TABLE number_sequences_new (
  company TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('cte', 'cteos', 'dce', 'mdfe')),
  serie INTEGER NOT NULL,
  environment TEXT NOT NULL CHECK (environment IN ('demonstracao', 'sandbox', 'producao')),
  next_numero INTEGER NOT NULL CHECK (next_numero >= 1),
  updated_at TEXT NOT NULL,
  PRIMARY KEY (company, kind, serie, environment)
) STRICT;
INSERT INTO number_sequences_new SELECT company, kind, serie, environment, next_numero, updated_at FROM number_sequences;
DROP TABLE number_sequences;
ALTER TABLE number_sequences_new RENAME TO number_sequences;

CREATE TABLE released_numbers_new (
  company TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('cte', 'cteos', 'dce', 'mdfe')),
  serie INTEGER NOT NULL,
  environment TEXT NOT NULL CHECK (environment IN ('demonstracao', 'sandbox', 'producao')),
  numero INTEGER NOT NULL CHECK (numero >= 1),
  released_at TEXT NOT NULL,
  PRIMARY KEY (company, kind, serie, environment, numero)
) STRICT;
INSERT INTO released_numbers_new SELECT company, kind, serie, environment, numero, released_at FROM released_numbers;
DROP TABLE released_numbers;
ALTER TABLE released_numbers_new RENAME TO released_numbers;

CREATE TABLE vehicles (
  id INTEGER PRIMARY KEY,
  company TEXT NOT NULL,
  placa TEXT NOT NULL,
  tipo TEXT NOT NULL CHECK (tipo IN ('tracao', 'reboque')),
  renavam TEXT,
  tara INTEGER NOT NULL CHECK (tara >= 0),
  cap_kg INTEGER,
  cap_m3 INTEGER,
  tp_rod TEXT,
  tp_car TEXT NOT NULL,
  uf TEXT NOT NULL,
  -- The owner when the vehicle is not the company's (prop): {cpfCnpj, nome, rntrc, ie, uf, tpProp}.
  proprietario_json TEXT,
  use_count INTEGER NOT NULL DEFAULT 0,
  last_used_at TEXT,
  updated_at TEXT NOT NULL,
  UNIQUE (company, placa)
) STRICT;

CREATE TABLE drivers (
  id INTEGER PRIMARY KEY,
  company TEXT NOT NULL,
  cpf TEXT NOT NULL,
  nome TEXT NOT NULL,
  use_count INTEGER NOT NULL DEFAULT 0,
  last_used_at TEXT,
  updated_at TEXT NOT NULL,
  UNIQUE (company, cpf)
) STRICT;
CREATE INDEX drivers_nome ON drivers (company, nome COLLATE NOCASE);
`,
};
