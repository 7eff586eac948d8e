import type { KeyVault } from './key-vault';
import { isSealed } from './key-vault';
import type { Clock } from './clock';
import type { SandboxStore } from './store';

/** Body of `Empresa` as stored and answered (the description's shape). */
export interface Empresa {
  cpf_cnpj: string;
  created_at: string;
  updated_at: string;
  inscricao_estadual?: string;
  inscricao_municipal?: string;
  nome_razao_social: string;
  nome_fantasia?: string;
  fone?: string;
  email: string;
  endereco: {
    logradouro: string;
    numero: string;
    complemento?: string;
    bairro: string;
    codigo_municipio: string;
    cidade?: string;
    uf: string;
    codigo_pais: string;
    pais: string;
    cep: string;
  };
}
export type EmpresaInput = Omit<Empresa, 'created_at' | 'updated_at'>;

/** `EmpresaCertificado` as answered (README shape, which extends the 2.58 description). */
export interface EmpresaCertificado {
  id: string;
  created_at: string;
  serial_number: string;
  issuer_name: string;
  not_valid_before: string;
  not_valid_after: string;
  thumbprint: string;
  subject_name: string;
  cpf_cnpj: string;
  nome_razao_social: string;
}

export interface SigningCredentials {
  privateKeyPem: string;
  certificatePem: string;
  /** Start of validity (MOC Visão Geral D02 checks both ends). */
  notBefore: Date;
  notAfter: Date;
}

/** Per-company configuration documents (`/empresas/{cpf_cnpj}/{kind}`). */
export const CONFIG_KINDS = ['cte', 'cteos', 'dce', 'mdfe', 'distnfe', 'nfse'] as const;
export type ConfigKind = (typeof CONFIG_KINDS)[number];

export interface CompanyRegistry {
  get(cpfCnpj: string): Promise<Empresa | null>;
  /** Newest first. */
  list(filter: { cpfCnpj?: string; top: number; skip: number }): Promise<{ data: Empresa[]; count: number }>;
  /** Inserts; false when the CPF/CNPJ is already registered. */
  create(input: EmpresaInput): Promise<Empresa | null>;
  update(input: EmpresaInput): Promise<Empresa | null>;
  /** Deletes the company and everything hanging from it; false when unknown. */
  remove(cpfCnpj: string): Promise<boolean>;

  getConfig<T = Record<string, unknown>>(cpfCnpj: string, kind: ConfigKind): Promise<T | null>;
  setConfig(cpfCnpj: string, kind: ConfigKind, value: object): Promise<void>;

  setCertificate(cpfCnpj: string, info: EmpresaCertificado, credentials: SigningCredentials): Promise<void>;
  getCertificate(cpfCnpj: string): Promise<EmpresaCertificado | null>;
  removeCertificate(cpfCnpj: string): Promise<boolean>;
  /** Certificates expiring within `expiresInDays` (if given), expired ones only when asked. */
  listCertificates(filter: {
    expiresInDays?: number;
    includeExpired: boolean;
  }): Promise<EmpresaCertificado[]>;
  /** Key and certificate for signing documents of this company, or null without a certificate. */
  getSigningCredentials(cpfCnpj: string): Promise<SigningCredentials | null>;

  setLogo(cpfCnpj: string, contentType: string, data: Buffer): Promise<void>;
  getLogo(cpfCnpj: string): Promise<{ contentType: string; data: Buffer } | null>;
  removeLogo(cpfCnpj: string): Promise<boolean>;
}

export async function createCompanyRegistry(
  store: SandboxStore,
  clock: Clock,
  vault: KeyVault | null = null,
): Promise<CompanyRegistry> {
  await store.migrate(
    'companies',
    `CREATE TABLE IF NOT EXISTS sandbox_companies (
       cpf_cnpj TEXT PRIMARY KEY, seq INTEGER NOT NULL, json TEXT NOT NULL);
     CREATE TABLE IF NOT EXISTS sandbox_company_configs (
       cpf_cnpj TEXT NOT NULL, kind TEXT NOT NULL, json TEXT NOT NULL, PRIMARY KEY (cpf_cnpj, kind));
     CREATE TABLE IF NOT EXISTS sandbox_certificates (
       cpf_cnpj TEXT PRIMARY KEY, not_after INTEGER NOT NULL, json TEXT NOT NULL,
       private_key_pem TEXT NOT NULL, certificate_pem TEXT NOT NULL);
     CREATE TABLE IF NOT EXISTS sandbox_logos (
       cpf_cnpj TEXT PRIMARY KEY, content_type TEXT NOT NULL, data BLOB NOT NULL);`,
  );
  // With a vault, private keys are sealed at rest; keys stored in clear by an earlier version are
  // sealed now, and SQLite overwrites the freed pages (secure_delete) so the clear text is gone.
  const seal = (pem: string) => (vault ? vault.seal(pem) : pem);
  const unseal = (stored: string): string | null => {
    if (!vault || !isSealed(stored)) return stored;
    try {
      return vault.open(stored);
    } catch {
      // Sealed with a key this machine no longer has: as good as no certificate.
      return null;
    }
  };
  if (vault) {
    await store.run('PRAGMA secure_delete = ON');
    const clear = await store.all<{ cpf_cnpj: string; private_key_pem: string }>(
      'SELECT cpf_cnpj, private_key_pem FROM sandbox_certificates',
    );
    for (const row of clear.filter((r) => !isSealed(r.private_key_pem))) {
      await store.run('UPDATE sandbox_certificates SET private_key_pem = ? WHERE cpf_cnpj = ?', [
        vault.seal(row.private_key_pem),
        row.cpf_cnpj,
      ]);
    }
    // Sealed under a key this machine no longer has (the secret store was reset): unusable, so gone.
    for (const row of clear.filter((r) => isSealed(r.private_key_pem))) {
      try {
        vault.open(row.private_key_pem);
      } catch {
        await store.run('DELETE FROM sandbox_certificates WHERE cpf_cnpj = ?', [row.cpf_cnpj]);
      }
    }
    if (clear.some((r) => !isSealed(r.private_key_pem))) await store.run('PRAGMA wal_checkpoint(TRUNCATE)');
  }
  const parse = <T>(row: { json: string } | undefined) => (row ? (JSON.parse(row.json) as T) : null);
  const get = async (cpfCnpj: string) =>
    parse<Empresa>(
      await store.get<{ json: string }>('SELECT json FROM sandbox_companies WHERE cpf_cnpj = ?', [cpfCnpj]),
    );

  return {
    get,
    async list({ cpfCnpj, top, skip }) {
      const where = cpfCnpj ? 'WHERE cpf_cnpj = ?' : '';
      const params = cpfCnpj ? [cpfCnpj] : [];
      const count =
        (await store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM sandbox_companies ${where}`, params))?.n ??
        0;
      const rows = await store.all<{ json: string }>(
        `SELECT json FROM sandbox_companies ${where} ORDER BY seq DESC LIMIT ? OFFSET ?`,
        [...params, top, skip],
      );
      return { data: rows.map((r) => JSON.parse(r.json) as Empresa), count };
    },
    async create(input) {
      const now = clock.now().toISOString();
      const empresa: Empresa = { ...input, created_at: now, updated_at: now };
      const result = await store.run(
        `INSERT OR IGNORE INTO sandbox_companies (cpf_cnpj, seq, json)
         VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM sandbox_companies), ?)`,
        [input.cpf_cnpj, JSON.stringify(empresa)],
      );
      return result.changes ? empresa : null;
    },
    async update(input) {
      const current = await get(input.cpf_cnpj);
      if (!current) return null;
      const empresa: Empresa = {
        ...input,
        created_at: current.created_at,
        updated_at: clock.now().toISOString(),
      };
      await store.run('UPDATE sandbox_companies SET json = ? WHERE cpf_cnpj = ?', [
        JSON.stringify(empresa),
        input.cpf_cnpj,
      ]);
      return empresa;
    },
    async remove(cpfCnpj) {
      return store.transaction(async () => {
        const { changes } = await store.run('DELETE FROM sandbox_companies WHERE cpf_cnpj = ?', [cpfCnpj]);
        for (const table of ['sandbox_company_configs', 'sandbox_certificates', 'sandbox_logos']) {
          await store.run(`DELETE FROM ${table} WHERE cpf_cnpj = ?`, [cpfCnpj]);
        }
        return changes > 0;
      });
    },
    async getConfig<T>(cpfCnpj: string, kind: ConfigKind) {
      return parse<T>(
        await store.get<{ json: string }>(
          'SELECT json FROM sandbox_company_configs WHERE cpf_cnpj = ? AND kind = ?',
          [cpfCnpj, kind],
        ),
      );
    },
    async setConfig(cpfCnpj, kind, value) {
      await store.run(
        `INSERT INTO sandbox_company_configs (cpf_cnpj, kind, json) VALUES (?, ?, ?)
         ON CONFLICT (cpf_cnpj, kind) DO UPDATE SET json = excluded.json`,
        [cpfCnpj, kind, JSON.stringify(value)],
      );
    },
    async setCertificate(cpfCnpj, info, credentials) {
      await store.run(
        `INSERT INTO sandbox_certificates (cpf_cnpj, not_after, json, private_key_pem, certificate_pem) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (cpf_cnpj) DO UPDATE SET not_after = excluded.not_after, json = excluded.json,
           private_key_pem = excluded.private_key_pem, certificate_pem = excluded.certificate_pem`,
        [
          cpfCnpj,
          credentials.notAfter.getTime(),
          JSON.stringify(info),
          seal(credentials.privateKeyPem),
          credentials.certificatePem,
        ],
      );
    },
    async getCertificate(cpfCnpj) {
      return parse<EmpresaCertificado>(
        await store.get<{ json: string }>('SELECT json FROM sandbox_certificates WHERE cpf_cnpj = ?', [
          cpfCnpj,
        ]),
      );
    },
    async removeCertificate(cpfCnpj) {
      return (await store.run('DELETE FROM sandbox_certificates WHERE cpf_cnpj = ?', [cpfCnpj])).changes > 0;
    },
    async listCertificates({ expiresInDays, includeExpired }) {
      const now = clock.nowMs();
      const where: string[] = [];
      const params: number[] = [];
      if (!includeExpired) {
        where.push('not_after > ?');
        params.push(now);
      }
      if (expiresInDays !== undefined) {
        where.push('not_after <= ?');
        params.push(now + expiresInDays * 86_400_000);
      }
      const rows = await store.all<{ json: string }>(
        `SELECT json FROM sandbox_certificates ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY not_after`,
        params,
      );
      return rows.map((r) => JSON.parse(r.json) as EmpresaCertificado);
    },
    async getSigningCredentials(cpfCnpj) {
      const row = await store.get<{
        not_after: number;
        json: string;
        private_key_pem: string;
        certificate_pem: string;
      }>(
        'SELECT not_after, json, private_key_pem, certificate_pem FROM sandbox_certificates WHERE cpf_cnpj = ?',
        [cpfCnpj],
      );
      const privateKeyPem = row ? unseal(row.private_key_pem) : null;
      if (!row || !privateKeyPem) return null;
      // The start of validity is kept in the certificate's description (no column of its own).
      const info = JSON.parse(row.json) as Partial<EmpresaCertificado>;
      const notBefore = Date.parse(info.not_valid_before ?? '');
      return {
        privateKeyPem,
        certificatePem: row.certificate_pem,
        notBefore: new Date(Number.isFinite(notBefore) ? notBefore : 0),
        notAfter: new Date(row.not_after),
      };
    },
    async setLogo(cpfCnpj, contentType, data) {
      await store.run(
        `INSERT INTO sandbox_logos (cpf_cnpj, content_type, data) VALUES (?, ?, ?)
         ON CONFLICT (cpf_cnpj) DO UPDATE SET content_type = excluded.content_type, data = excluded.data`,
        [cpfCnpj, contentType, data],
      );
    },
    async getLogo(cpfCnpj) {
      const row = await store.get<{ content_type: string; data: Buffer }>(
        'SELECT content_type, data FROM sandbox_logos WHERE cpf_cnpj = ?',
        [cpfCnpj],
      );
      return row ? { contentType: row.content_type, data: row.data } : null;
    },
    async removeLogo(cpfCnpj) {
      return (await store.run('DELETE FROM sandbox_logos WHERE cpf_cnpj = ?', [cpfCnpj])).changes > 0;
    },
  };
}
