// What the API last answered about the companies and their certificates, per environment: the
// offline answer of companies:list / companies:get / certificates:list and the emitter of the
// issuing previews. See migrations/0017-known-companies.ts.
import type { CompanyDto } from '../../shared/schemas/company';
import { companySchema } from '../../shared/schemas/company';
import type { RegisteredCertificate } from '../../shared/schemas/certificate';
import { registeredCertificateSchema } from '../../shared/schemas/certificate';
import type { Database } from '../db';
import type { Environment } from './types';

/** A remembered answer and when it was read from the API (ISO instant). */
export interface Known<T> {
  value: T;
  savedAt: string;
  /** It came inside a restored backup and the API has not confirmed it since (absent otherwise). */
  fromBackup?: true;
}

const backupMark = (fromBackup: boolean): { fromBackup?: true } => (fromBackup ? { fromBackup: true } : {});

interface Row {
  json: string;
  saved_at: string;
  from_backup: number;
}

const KNOWN_TABLES = ['known_companies', 'known_certificates', 'known_lists'] as const;

/** Rows that no longer match the contract (an older version wrote them) are skipped, not served. */
function parseRows<T>(
  rows: Row[],
  parse: (value: unknown) => T | null,
): Array<{ value: T; savedAt: string; fromBackup: boolean }> {
  const out: Array<{ value: T; savedAt: string; fromBackup: boolean }> = [];
  for (const row of rows) {
    let value: T | null;
    try {
      value = parse(JSON.parse(row.json) as unknown);
    } catch {
      value = null;
    }
    if (value !== null) out.push({ value, savedAt: row.saved_at, fromBackup: row.from_backup === 1 });
  }
  return out;
}

const company = (value: unknown): CompanyDto | null => {
  const parsed = companySchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};
const certificate = (value: unknown): RegisteredCertificate | null => {
  const parsed = registeredCertificateSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

export class KnownCompaniesRepository {
  constructor(private readonly db: Database) {}

  /** The whole list as the API answered it: companies no longer there are forgotten. */
  async replaceCompanies(environment: Environment, companies: CompanyDto[], now = new Date()): Promise<void> {
    const at = now.toISOString();
    await this.db.transaction(async (tx) => {
      await tx.run('DELETE FROM known_companies WHERE environment = ?', [environment]);
      for (const item of companies) {
        await tx.run(
          'INSERT OR REPLACE INTO known_companies (environment, cpf_cnpj, company_json, saved_at) VALUES (?, ?, ?, ?)',
          [environment, item.cpf_cnpj, JSON.stringify(companySchema.parse(item)), at],
        );
      }
      await tx.run('INSERT OR REPLACE INTO known_lists (environment, list, saved_at) VALUES (?, ?, ?)', [
        environment,
        'companies',
        at,
      ]);
    });
  }

  /** One company as the API answered it (read, filtered list or saved). */
  async rememberCompany(environment: Environment, item: CompanyDto, now = new Date()): Promise<void> {
    await this.db.run(
      'INSERT OR REPLACE INTO known_companies (environment, cpf_cnpj, company_json, saved_at) VALUES (?, ?, ?, ?)',
      [environment, item.cpf_cnpj, JSON.stringify(companySchema.parse(item)), now.toISOString()],
    );
  }

  /** The API answered 404 for it: it no longer exists there. */
  async forgetCompany(environment: Environment, cpfCnpj: string): Promise<void> {
    await this.db.run('DELETE FROM known_companies WHERE environment = ? AND cpf_cnpj = ?', [
      environment,
      cpfCnpj,
    ]);
  }

  /**
   * The remembered companies, by name; null when the API was never asked in this environment.
   * `savedAt` is when the whole list was last read (or, before any, the newest single answer).
   */
  async companies(environment: Environment): Promise<Known<CompanyDto[]> | null> {
    const list = await this.listSavedAt(environment, 'companies');
    const rows = parseRows(
      await this.db.all<Row>(
        'SELECT company_json AS json, saved_at, from_backup FROM known_companies WHERE environment = ? ORDER BY cpf_cnpj',
        [environment],
      ),
      company,
    );
    if (list === null && rows.length === 0) return null;
    const savedAt =
      list?.savedAt ??
      rows
        .map((r) => r.savedAt)
        .sort()
        .at(-1) ??
      '';
    const fromBackup = (list?.fromBackup ?? false) || rows.some((r) => r.fromBackup);
    return { value: rows.map((r) => r.value), savedAt, ...backupMark(fromBackup) };
  }

  async company(environment: Environment, cpfCnpj: string): Promise<Known<CompanyDto> | null> {
    const rows = parseRows(
      await this.db.all<Row>(
        'SELECT company_json AS json, saved_at, from_backup FROM known_companies WHERE environment = ? AND cpf_cnpj = ?',
        [environment, cpfCnpj],
      ),
      company,
    );
    const [row] = rows;
    return row ? { value: row.value, savedAt: row.savedAt, ...backupMark(row.fromBackup) } : null;
  }

  /** The whole certificate list as the API answered it (expired ones included). */
  async replaceCertificates(
    environment: Environment,
    certificates: RegisteredCertificate[],
    now = new Date(),
  ): Promise<void> {
    const at = now.toISOString();
    await this.db.transaction(async (tx) => {
      await tx.run('DELETE FROM known_certificates WHERE environment = ?', [environment]);
      for (const item of certificates) {
        await tx.run(
          'INSERT INTO known_certificates (environment, cpf_cnpj, certificate_json, saved_at) VALUES (?, ?, ?, ?)',
          [environment, item.cpfCnpj ?? null, JSON.stringify(registeredCertificateSchema.parse(item)), at],
        );
      }
      await tx.run('INSERT OR REPLACE INTO known_lists (environment, list, saved_at) VALUES (?, ?, ?)', [
        environment,
        'certificates',
        at,
      ]);
    });
  }

  /** The last whole certificate list; null when it was never read in this environment. */
  async certificates(environment: Environment): Promise<Known<RegisteredCertificate[]> | null> {
    const list = await this.listSavedAt(environment, 'certificates');
    if (list === null) return null;
    const rows = parseRows(
      await this.db.all<Row>(
        'SELECT certificate_json AS json, saved_at, from_backup FROM known_certificates WHERE environment = ? ORDER BY id',
        [environment],
      ),
      certificate,
    );
    const fromBackup = list.fromBackup || rows.some((r) => r.fromBackup);
    return { value: rows.map((r) => r.value), savedAt: list.savedAt, ...backupMark(fromBackup) };
  }

  /**
   * Marks every remembered answer as coming from a restored backup and brings its date back to
   * `ceiling` when it is later (or unreadable): a backup says nothing newer than when it was made,
   * and a date in the future would keep the offline list looking fresh for ever.
   */
  async markFromBackup(ceiling: Date): Promise<void> {
    const at = ceiling.toISOString();
    await this.db.transaction(async (tx) => {
      for (const table of KNOWN_TABLES) {
        // julianday() reads ISO instants with their offset (null for anything that is not a date);
        // what stays is rewritten as a UTC instant, the form the offline answers promise.
        await tx.run(
          `UPDATE ${table} SET from_backup = 1, saved_at = CASE
             WHEN julianday(saved_at) IS NULL OR julianday(saved_at) > julianday(?) THEN ?
             ELSE strftime('%Y-%m-%dT%H:%M:%fZ', saved_at) END`,
          [at, at],
        );
      }
    });
  }

  private async listSavedAt(
    environment: Environment,
    list: 'companies' | 'certificates',
  ): Promise<{ savedAt: string; fromBackup: boolean } | null> {
    const row = await this.db.get<{ saved_at: string; from_backup: number }>(
      'SELECT saved_at, from_backup FROM known_lists WHERE environment = ? AND list = ?',
      [environment, list],
    );
    return row ? { savedAt: row.saved_at, fromBackup: row.from_backup === 1 } : null;
  }
}
