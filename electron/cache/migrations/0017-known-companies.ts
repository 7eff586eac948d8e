import type { Migration } from '../migrations';

/**
 * What the API last said about the companies and their certificates, per environment, so that
 * offline the company selector still names the company, the Painel's checklist does not ask for a
 * company or certificate the API already has, and the issuing previews know the emitter. Each row
 * keeps the DTO the command answered (validated again on reading). `known_lists` records when a
 * whole list was last read, which tells "the API had none" apart from "never asked".
 */
export const migration: Migration = {
  id: 17,
  name: 'known-companies',
  sql: `
CREATE TABLE known_companies (
  environment TEXT NOT NULL CHECK (environment IN ('demonstracao', 'sandbox', 'producao')),
  cpf_cnpj TEXT NOT NULL,
  company_json TEXT NOT NULL,
  saved_at TEXT NOT NULL,
  PRIMARY KEY (environment, cpf_cnpj)
) WITHOUT ROWID;

CREATE TABLE known_certificates (
  id INTEGER PRIMARY KEY,
  environment TEXT NOT NULL CHECK (environment IN ('demonstracao', 'sandbox', 'producao')),
  cpf_cnpj TEXT,
  certificate_json TEXT NOT NULL,
  saved_at TEXT NOT NULL
);
CREATE INDEX known_certificates_environment ON known_certificates (environment, cpf_cnpj);

CREATE TABLE known_lists (
  environment TEXT NOT NULL CHECK (environment IN ('demonstracao', 'sandbox', 'producao')),
  list TEXT NOT NULL CHECK (list IN ('companies', 'certificates')),
  saved_at TEXT NOT NULL,
  PRIMARY KEY (environment, list)
) WITHOUT ROWID;
`,
};
