// The companies and certificates as the API last answered them, kept per environment in the cache
// (cache/repositories/known-companies.ts). Online, every answer is stored; when the API cannot be
// reached, the stored answer is given instead, marked `fromCache` with when it was read, so the
// office still sees its company offline. Sending a document never uses these: it needs the API.
import type { EmitterCompany } from '../fiscal/payload';
import type { Empresa, EmpresaCertificado, NuvemFiscalClient } from '../nuvemfiscal';
import type { RegisteredCertificate } from '../shared/schemas/certificate';
import type { CompanyDto } from '../shared/schemas/company';
import type { Environment } from '../shared/schemas/app';
import type { AppContext } from './context';
import { isNotFound, isOffline } from './sync/source';

const DAY = 86_400_000;

/** How an answer came: omitted when it came from the API just now. */
export interface CacheMark {
  fromCache?: true;
  /** When the API gave the cached answer (ISO instant). */
  savedAt?: string;
  /** The cached answer came inside a restored backup; the API has not confirmed it since. */
  fromBackup?: true;
}

const backupMark = (known: { fromBackup?: true }): CacheMark =>
  known.fromBackup ? { fromBackup: true } : {};

type Deps = Pick<AppContext, 'api' | 'cache' | 'connectivity' | 'host'>;

export function toDto(empresa: Empresa): CompanyDto {
  return {
    cpf_cnpj: empresa.cpf_cnpj,
    nome_razao_social: empresa.nome_razao_social,
    nome_fantasia: empresa.nome_fantasia,
    inscricao_estadual: empresa.inscricao_estadual,
    inscricao_municipal: empresa.inscricao_municipal,
    fone: empresa.fone,
    email: empresa.email,
    endereco: {
      logradouro: empresa.endereco.logradouro,
      numero: empresa.endereco.numero,
      complemento: empresa.endereco.complemento,
      bairro: empresa.endereco.bairro,
      codigo_municipio: empresa.endereco.codigo_municipio,
      cidade: empresa.endereco.cidade,
      uf: empresa.endereco.uf,
      cep: empresa.endereco.cep,
    },
    created_at: empresa.created_at,
    updated_at: empresa.updated_at,
  };
}

export function toRegistered(value: EmpresaCertificado, now: number): RegisteredCertificate {
  const notAfter = value.not_valid_after ? Date.parse(value.not_valid_after) : NaN;
  return {
    cpfCnpj: value.cpf_cnpj,
    nomeRazaoSocial: value.nome_razao_social,
    subject: value.subject_name,
    issuer: value.issuer_name,
    serialNumber: value.serial_number,
    thumbprint: value.thumbprint,
    notBefore: value.not_valid_before,
    notAfter: value.not_valid_after,
    daysLeft: Number.isFinite(notAfter) ? Math.floor((notAfter - now) / DAY) : null,
  };
}

/** The emitter of a payload from a company as the contract carries it. */
export function emitterOf(company: CompanyDto): EmitterCompany {
  return {
    cpf_cnpj: company.cpf_cnpj,
    inscricao_estadual: company.inscricao_estadual,
    nome_razao_social: company.nome_razao_social,
    nome_fantasia: company.nome_fantasia,
    fone: company.fone,
    endereco: { ...company.endereco, cep: company.endereco.cep ?? null },
  };
}

/**
 * The API could not be reached: a network failure (no route, DNS, timeout) or the connectivity
 * monitor knows it is offline (the embedded sandbox that cannot start says so only through it).
 */
export function apiUnreachable(ctx: Pick<AppContext, 'connectivity'>, error: unknown): boolean {
  return isOffline(error) || ctx.connectivity.current()?.online === false;
}

export interface CompanyListFilter {
  /** Only letters and digits, upper case. */
  cpfCnpj?: string;
}

export class KnownCompanies {
  constructor(private readonly ctx: Deps) {}

  private environment(): Environment {
    return this.ctx.host.settings.get().environment;
  }

  private get repo() {
    return this.ctx.cache.repos?.knownCompanies ?? null;
  }

  /** Storing is a convenience: a cache that cannot write never fails the command that read the API. */
  private async store(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.ctx.host.logger.warn('não foi possível guardar as empresas no cache local', error);
    }
  }

  async list(
    fetch: (client: NuvemFiscalClient) => Promise<CompanyDto[]>,
    filter: CompanyListFilter = {},
  ): Promise<{ companies: CompanyDto[] } & CacheMark> {
    const environment = this.environment();
    try {
      const { client } = await this.ctx.api.client();
      const companies = await fetch(client);
      const repo = this.repo;
      if (repo) {
        await this.store(async () => {
          // Only the whole list says which companies are gone; a filtered one adds what it saw.
          if (!filter.cpfCnpj) await repo.replaceCompanies(environment, companies);
          else for (const company of companies) await repo.rememberCompany(environment, company);
        });
      }
      return { companies };
    } catch (error) {
      const known = apiUnreachable(this.ctx, error) ? await this.repo?.companies(environment) : null;
      if (!known) throw error;
      const wanted = filter.cpfCnpj;
      const companies = wanted
        ? known.value.filter((c) =>
            c.cpf_cnpj
              .toUpperCase()
              .replace(/[^0-9A-Z]/g, '')
              .startsWith(wanted),
          )
        : known.value;
      return { companies, fromCache: true, savedAt: known.savedAt, ...backupMark(known) };
    }
  }

  async get(cpfCnpj: string): Promise<CompanyDto & CacheMark> {
    const environment = this.environment();
    try {
      const { client } = await this.ctx.api.client();
      const company = toDto(await client.empresas.consultar(cpfCnpj));
      const repo = this.repo;
      if (repo) await this.store(() => repo.rememberCompany(environment, company));
      return company;
    } catch (error) {
      const repo = this.repo;
      if (isNotFound(error) && repo) await this.store(() => repo.forgetCompany(environment, cpfCnpj));
      const known = apiUnreachable(this.ctx, error) ? await repo?.company(environment, cpfCnpj) : null;
      if (!known) throw error;
      return { ...known.value, fromCache: true, savedAt: known.savedAt, ...backupMark(known) };
    }
  }

  /** A company the API just saved. */
  async remember(company: CompanyDto): Promise<void> {
    const repo = this.repo;
    if (repo) await this.store(() => repo.rememberCompany(this.environment(), company));
  }

  /**
   * The emitter of a preview (and only of a preview: the send asks the API, which signs with what
   * it has): from the API, or offline the company as the API last gave it.
   */
  async previewEmitter(cpfCnpj: string): Promise<EmitterCompany> {
    return emitterOf(await this.get(cpfCnpj));
  }

  async certificates(
    fetch: (client: NuvemFiscalClient) => Promise<RegisteredCertificate[]>,
    filter: { expiresInDays?: number; includeExpired?: boolean },
  ): Promise<{ certificates: RegisteredCertificate[] } & CacheMark> {
    const environment = this.environment();
    try {
      const { client } = await this.ctx.api.client();
      const certificates = await fetch(client);
      const repo = this.repo;
      // Only the whole list (expired included, no deadline) replaces what is known.
      if (repo && filter.includeExpired && filter.expiresInDays === undefined)
        await this.store(() => repo.replaceCertificates(environment, certificates));
      return { certificates };
    } catch (error) {
      const known = apiUnreachable(this.ctx, error) ? await this.repo?.certificates(environment) : null;
      if (!known) throw error;
      // Days left count from now, not from when the list was read.
      const now = Date.now();
      const certificates = known.value
        .map((c) => {
          const notAfter = c.notAfter ? Date.parse(c.notAfter) : NaN;
          return { ...c, daysLeft: Number.isFinite(notAfter) ? Math.floor((notAfter - now) / DAY) : null };
        })
        .filter((c) => filter.includeExpired || c.daysLeft === null || c.daysLeft >= 0)
        .filter(
          (c) =>
            filter.expiresInDays === undefined || (c.daysLeft !== null && c.daysLeft <= filter.expiresInDays),
        );
      return { certificates, fromCache: true, savedAt: known.savedAt, ...backupMark(known) };
    }
  }
}
