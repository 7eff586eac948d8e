import type { Migration } from '../migrations';

/**
 * Who receives the freight of the company's MDF-e and where (infPag/infBanc, NT 2025.001: banco and
 * agência, or a PIX key), remembered per payee from each MDF-e authorized, so the next payment block
 * starts from the company's last payee and picking a payee fills the bank data again.
 */
export const migration: Migration = {
  id: 22,
  name: 'mdfe-payees',
  sql: `
CREATE TABLE mdfe_payees (
  company TEXT NOT NULL,
  cpf_cnpj TEXT NOT NULL,
  nome TEXT NOT NULL DEFAULT '',
  banco TEXT NOT NULL DEFAULT '',
  agencia TEXT NOT NULL DEFAULT '',
  pix TEXT NOT NULL DEFAULT '',
  use_count INTEGER NOT NULL DEFAULT 0,
  last_used_at TEXT NOT NULL,
  PRIMARY KEY (company, cpf_cnpj)
) WITHOUT ROWID;
CREATE INDEX mdfe_payees_recent ON mdfe_payees (company, last_used_at DESC);
`,
};
