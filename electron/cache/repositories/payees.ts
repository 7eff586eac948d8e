// The payees of the MDF-e's freight payment (infPag/infBanc) per company: bank and branch or a PIX
// key, by the payee's CPF/CNPJ, most recently used first. See migrations/0022-mdfe-payees.ts.
import type { Database } from '../db';

export interface Payee {
  cpfCnpj: string;
  nome: string;
  banco: string;
  agencia: string;
  pix: string;
}

export interface StoredPayee extends Payee {
  useCount: number;
  lastUsedAt: string;
}

interface PayeeRow {
  cpf_cnpj: string;
  nome: string;
  banco: string;
  agencia: string;
  pix: string;
  use_count: number;
  last_used_at: string;
}

const toPayee = (r: PayeeRow): StoredPayee => ({
  cpfCnpj: r.cpf_cnpj,
  nome: r.nome,
  banco: r.banco,
  agencia: r.agencia,
  pix: r.pix,
  useCount: r.use_count,
  lastUsedAt: r.last_used_at,
});

export class PayeeRepository {
  constructor(private readonly db: Database) {}

  /** Remembers the payee's bank data (a PIX key replaces banco/agência and the other way round). */
  async save(company: string, p: Payee, at: Date = new Date()): Promise<StoredPayee> {
    const rows = await this.db.all<PayeeRow>(
      `INSERT INTO mdfe_payees (company, cpf_cnpj, nome, banco, agencia, pix, use_count, last_used_at)
       VALUES (?, ?, ?, ?, ?, ?, 1, ?)
       ON CONFLICT (company, cpf_cnpj) DO UPDATE SET
         nome = CASE WHEN excluded.nome <> '' THEN excluded.nome ELSE nome END,
         banco = excluded.banco, agencia = excluded.agencia, pix = excluded.pix,
         use_count = use_count + 1, last_used_at = excluded.last_used_at
       RETURNING cpf_cnpj, nome, banco, agencia, pix, use_count, last_used_at`,
      [company, p.cpfCnpj, p.nome, p.pix ? '' : p.banco, p.pix ? '' : p.agencia, p.pix, at.toISOString()],
    );
    return toPayee(rows[0]!);
  }

  /** The company's payees, the last one used first. */
  async list(company: string): Promise<StoredPayee[]> {
    const rows = await this.db.all<PayeeRow>(
      `SELECT cpf_cnpj, nome, banco, agencia, pix, use_count, last_used_at FROM mdfe_payees
       WHERE company = ? ORDER BY last_used_at DESC, cpf_cnpj`,
      [company],
    );
    return rows.map(toPayee);
  }

  async remove(company: string, cpfCnpj: string): Promise<boolean> {
    const rows = await this.db.all<{ cpf_cnpj: string }>(
      'DELETE FROM mdfe_payees WHERE company = ? AND cpf_cnpj = ? RETURNING cpf_cnpj',
      [company, cpfCnpj],
    );
    return rows.length > 0;
  }
}
