import type { Migration } from '../migrations';

/**
 * Issuing, second step: numbers given back after a rejection (reused before the sequence
 * advances; an authorized número is never here), and the request variant of an outbox row
 * (`cte-simp` posts to /cte/simp but numbers with model 57, so `kind` stays 'cte').
 */
export const migration: Migration = {
  id: 5,
  name: 'issuing-numbers',
  sql: `
ALTER TABLE outbox ADD COLUMN variant TEXT;

CREATE TABLE released_numbers (
  company TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('cte', 'cteos', 'dce')),
  serie INTEGER NOT NULL,
  environment TEXT NOT NULL CHECK (environment IN ('demonstracao', 'sandbox', 'producao')),
  numero INTEGER NOT NULL CHECK (numero >= 1),
  released_at TEXT NOT NULL,
  PRIMARY KEY (company, kind, serie, environment, numero)
) STRICT;
`,
};
