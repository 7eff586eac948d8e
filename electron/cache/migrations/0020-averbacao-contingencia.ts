import type { Migration } from '../migrations';

/**
 * ANTT's contingency (Deliberação ANTT 325/2017): an MDF-e issued with 99999 in nAver because the
 * averbadora could not answer. Kept with the clerk's reason and the trip's CT-e keys, so the MDF-e's
 * screen says why and the queue keeps averbando those CT-e (07-open-questions Q-LEG-2).
 */
export const migration: Migration = {
  id: 20,
  name: 'averbacao-contingencia',
  sql: `
CREATE TABLE averbacao_contingencias (
  id INTEGER PRIMARY KEY,
  company TEXT NOT NULL,
  environment TEXT NOT NULL CHECK (environment IN ('demonstracao', 'sandbox', 'producao')),
  chaves_json TEXT NOT NULL,
  motivo TEXT NOT NULL,
  registrado_em TEXT NOT NULL,
  mdfe_chave TEXT
) STRICT;
CREATE INDEX averbacao_contingencias_company ON averbacao_contingencias (company, environment, registrado_em);
`,
};
