// Migration 0017 and the known-companies repository: what the API last said about the companies
// and their certificates, per environment, for the offline answers.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Database } from '../../../electron/cache/db';
import { MEMORY, openDatabase } from '../../../electron/cache/db';
import { migrate } from '../../../electron/cache/migrations';
import { migrations } from '../../../electron/cache/migrations/index';
import { KnownCompaniesRepository } from '../../../electron/cache/repositories/known-companies';
import type { CompanyDto } from '../../../electron/shared/schemas/company';

const company = (cpf_cnpj: string, nome: string): CompanyDto => ({
  cpf_cnpj,
  nome_razao_social: nome,
  nome_fantasia: null,
  email: 'fiscal@example.com',
  endereco: {
    logradouro: 'Rua A',
    numero: '1',
    bairro: 'Centro',
    codigo_municipio: '3550308',
    cidade: 'São Paulo',
    uf: 'SP',
    cep: '01310100',
  },
});

const A = company('45723174000110', 'Carreta Demonstração Ltda');
const B = company('11222333000181', 'Transportes B Ltda');
const T1 = new Date('2026-11-20T13:00:00.000Z');
const T2 = new Date('2026-11-25T18:30:00.000Z');

describe('known companies (migration 0017)', () => {
  let db: Database;
  let repo: KnownCompaniesRepository;
  beforeEach(async () => {
    db = await openDatabase(MEMORY);
    await migrate(db, migrations);
    repo = new KnownCompaniesRepository(db);
  });
  afterEach(async () => {
    await db.close();
  });

  it('creates its tables, refusing an unknown environment', async () => {
    await expect(
      db.run(
        `INSERT INTO known_companies (environment, cpf_cnpj, company_json, saved_at) VALUES ('homologacao', '1', '{}', 'x')`,
      ),
    ).rejects.toThrow(/CHECK/);
    await expect(
      db.run(`INSERT INTO known_lists (environment, list, saved_at) VALUES ('sandbox', 'outra', 'x')`),
    ).rejects.toThrow(/CHECK/);
  });

  it('knows nothing before the API was asked, and an empty list once it answered none', async () => {
    expect(await repo.companies('sandbox')).toBeNull();
    expect(await repo.certificates('sandbox')).toBeNull();
    await repo.replaceCompanies('sandbox', [], T1);
    expect(await repo.companies('sandbox')).toEqual({ value: [], savedAt: T1.toISOString() });
  });

  it('a whole list replaces the last: a company gone at the API is forgotten', async () => {
    await repo.replaceCompanies('sandbox', [A, B], T1);
    expect((await repo.companies('sandbox'))?.value.map((c) => c.cpf_cnpj)).toEqual([
      '11222333000181',
      '45723174000110',
    ]);
    await repo.replaceCompanies('sandbox', [A], T2);
    expect(await repo.companies('sandbox')).toEqual({ value: [A], savedAt: T2.toISOString() });
    expect(await repo.company('sandbox', B.cpf_cnpj)).toBeNull();
  });

  it('keeps environments apart', async () => {
    await repo.replaceCompanies('demonstracao', [A], T1);
    await repo.replaceCompanies('producao', [B], T2);
    expect((await repo.companies('demonstracao'))?.value).toEqual([A]);
    expect((await repo.companies('producao'))?.value).toEqual([B]);
    expect(await repo.companies('sandbox')).toBeNull();
    expect(await repo.company('producao', A.cpf_cnpj)).toBeNull();
  });

  it('remembers and forgets one company; a single answer dates the list when no whole list was read', async () => {
    await repo.rememberCompany('sandbox', B, T2);
    expect(await repo.company('sandbox', B.cpf_cnpj)).toEqual({ value: B, savedAt: T2.toISOString() });
    expect(await repo.companies('sandbox')).toEqual({ value: [B], savedAt: T2.toISOString() });
    await repo.forgetCompany('sandbox', B.cpf_cnpj);
    expect(await repo.company('sandbox', B.cpf_cnpj)).toBeNull();
  });

  it('skips a stored row that no longer matches the contract instead of serving it', async () => {
    await repo.replaceCompanies('sandbox', [A], T1);
    await db.run(
      `INSERT INTO known_companies (environment, cpf_cnpj, company_json, saved_at) VALUES ('sandbox', '1', '{"cpf_cnpj": 1}', ?)`,
      [T1.toISOString()],
    );
    await db.run(
      `INSERT INTO known_companies (environment, cpf_cnpj, company_json, saved_at) VALUES ('sandbox', '2', 'não é json', ?)`,
      [T1.toISOString()],
    );
    expect((await repo.companies('sandbox'))?.value).toEqual([A]);
  });

  it('keeps the last whole certificate list per environment', async () => {
    const cert = {
      cpfCnpj: A.cpf_cnpj,
      nomeRazaoSocial: A.nome_razao_social,
      notAfter: '2027-11-30T00:00:00Z',
      daysLeft: 300,
    };
    await repo.replaceCertificates('demonstracao', [cert, { ...cert, thumbprint: 'B' }], T1);
    await repo.replaceCertificates('demonstracao', [cert], T2);
    expect(await repo.certificates('demonstracao')).toEqual({ value: [cert], savedAt: T2.toISOString() });
    expect(await repo.certificates('sandbox')).toBeNull();
  });
});
