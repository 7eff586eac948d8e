// The address book: parties of every sent CT-e are remembered once per send, found by any part of
// the name (accents and case ignored) or of the CNPJ/CPF (with or without its mask), most used
// first; an edit in the catalogue is not a use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../../../electron/cache';
import { MEMORY, migrate, openCache, openDatabase } from '../../../electron/cache';
import { migrations as bundled } from '../../../electron/cache/migrations/index';
import type { Repositories } from '../../../electron/cache/repositories';
import { createRepositories } from '../../../electron/cache/repositories';
import { foldText } from '../../../electron/cache/repositories/issuing';
import { typedNames } from '../../../electron/app/commands/cte';
import { partiesOfPayload, rememberParties } from '../../../electron/app/issuing/address-book';
import { buildCtePayload } from '../../../electron/fiscal/payload';
import { cteFormSchema, partySchema } from '../../../electron/shared/schemas/cte-form';
import { company, cteForm } from '../../fiscal/payload/forms';

const ctx = {
  company,
  serie: 1,
  numero: 1,
  // Produção: in homologação the payload names every party by the MOC literal (see below).
  ambiente: 'producao' as const,
  referencia: 'carreta-agenda',
  dhEmi: '2026-11-22T10:00:00-03:00',
};
let db: Database;
let repos: Repositories;

beforeAll(async () => {
  db = await openCache(MEMORY);
  repos = createRepositories(db);
});
afterAll(async () => {
  await db.close();
});

describe('address book', () => {
  it('reads every party of a payload back in the form shape (tomador "outros" included)', () => {
    const form = cteFormSchema.parse(
      cteForm({
        geral: { ...cteForm().geral, toma: 4 },
        tomador: {
          cpfCnpj: '11.444.777/0001-61',
          xNome: 'Tomadora Outros S.A.',
          endereco: {
            xLgr: 'Av. Paulista',
            nro: '1',
            xBairro: 'Bela Vista',
            cMun: '3550308',
            xMun: 'São Paulo',
            uf: 'SP',
          },
        },
      }),
    );
    const parties = partiesOfPayload(buildCtePayload(form, ctx));
    expect(parties.map((p) => p.cpfCnpj)).toEqual(['04252011000110', '12345678909', '11444777000161']);
    expect(parties[0]).toMatchObject({
      xNome: 'Indústria Remetente Ltda',
      ie: '1234567850',
      endereco: { xLgr: 'Rua das Flores', cMun: '4106902', uf: 'PR', cep: '80010000' },
    });
    // What is remembered fills the form again: it passes the form's own party schema.
    for (const p of parties) expect(partySchema.safeParse(p).success).toBe(true);
  });

  it('remembers each party once per send and finds it by any part of name or document', async () => {
    const payload = buildCtePayload(cteFormSchema.parse(cteForm()), ctx);
    await rememberParties(repos, company.cpf_cnpj, payload);
    await rememberParties(repos, company.cpf_cnpj, payload);
    const byName = await repos.addressBook.find(company.cpf_cnpj, 'Remetente');
    expect(byName).toMatchObject([
      { cpfCnpj: '04252011000110', useCount: 2, municipio: 'Curitiba', uf: 'PR' },
    ]);
    expect(await repos.addressBook.find(company.cpf_cnpj, '04.252.011')).toHaveLength(1);
    expect(await repos.addressBook.find(company.cpf_cnpj, '011000110')).toHaveLength(1);
    expect((await repos.addressBook.find(company.cpf_cnpj, 'joana')).map((e) => e.cpfCnpj)).toEqual([
      '12345678909',
    ]);
    expect(await repos.addressBook.find(company.cpf_cnpj, 'ninguém')).toEqual([]);
    // Empty text lists everyone; another company's book stays apart.
    expect(await repos.addressBook.find(company.cpf_cnpj, '')).toHaveLength(2);
    expect(await repos.addressBook.find('99888777000166', '')).toEqual([]);
    // Wildcards typed by the clerk are text, not patterns.
    expect(await repos.addressBook.find(company.cpf_cnpj, '%')).toEqual([]);
  });

  it('a homologação payload (parties named by the MOC literal) teaches the book nothing', async () => {
    const owner = '44555666000172';
    const payload = buildCtePayload(cteFormSchema.parse(cteForm()), { ...ctx, ambiente: 'homologacao' });
    await rememberParties(repos, owner, payload);
    expect(await repos.addressBook.find(owner, '')).toEqual([]);
  });

  it('a homologação payload learns each party by the name the clerk typed (issue 26)', async () => {
    const owner = '44555666000173';
    const input = { kind: 'cte' as const, company: owner, form: cteFormSchema.parse(cteForm()) };
    const payload = buildCtePayload(input.form, { ...ctx, ambiente: 'homologacao' });
    await rememberParties(repos, owner, payload, typedNames(input));
    const learnt = await repos.addressBook.find(owner, '');
    expect(learnt.map((e) => e.nome).sort()).toEqual(
      [input.form.remetente?.xNome, input.form.destinatario?.xNome].sort(),
    );
    expect(learnt.map((e) => e.nome)).not.toContain(
      'CTE EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL',
    );
    // The entry fills a form with the typed name too.
    expect(learnt.every((e) => (e.data as { xNome?: string }).xNome === e.nome)).toBe(true);
  });

  it('an entry edited in the catalogue is saved without counting as one more use', async () => {
    const party = (nome: string) => ({
      cpfCnpj: '11222333000181',
      nome,
      inscricaoEstadual: null,
      uf: 'PR',
      municipio: 'Curitiba',
      data: { xNome: nome },
    });
    const owner = '33000167000101';
    await repos.addressBook.save(owner, party('Cliente Novo'));
    expect(await repos.addressBook.find(owner, 'novo')).toMatchObject([{ useCount: 0 }]);
    await repos.addressBook.remember(owner, party('Cliente Novo'));
    await repos.addressBook.save(owner, party('Cliente Renomeado'));
    await repos.addressBook.save(owner, party('Cliente Renomeado'));
    expect(await repos.addressBook.find(owner, 'renomeado')).toMatchObject([
      { nome: 'Cliente Renomeado', useCount: 1, data: { xNome: 'Cliente Renomeado' } },
    ]);
  });

  it('finds names ignoring accents and case, both ways', async () => {
    const owner = '33000167000102';
    const add = (cpfCnpj: string, nome: string) =>
      repos.addressBook.remember(owner, {
        cpfCnpj,
        nome,
        inscricaoEstadual: null,
        uf: 'SP',
        municipio: 'São Paulo',
        data: {},
      });
    await add('11444777000161', 'João Conceição Transportes');
    await add('04252011000110', 'ARMAZEM SAO JOSE');
    const names = async (text: string) => (await repos.addressBook.find(owner, text)).map((e) => e.nome);
    expect(await names('JOAO')).toEqual(['João Conceição Transportes']);
    expect(await names('conceicao')).toEqual(['João Conceição Transportes']);
    expect(await names('ÇÃO TRANS')).toEqual(['João Conceição Transportes']);
    expect(await names('armazém são')).toEqual(['ARMAZEM SAO JOSE']);
    expect(await names('josé')).toEqual(['ARMAZEM SAO JOSE']);
    expect(await names('joaquim')).toEqual([]);
  });

  it('migration 8 folds the names already in the book as the repository folds new ones', async () => {
    const old = await openDatabase(MEMORY);
    try {
      await migrate(
        old,
        bundled.filter((m) => m.id < 8),
      );
      const names = ['Ênio Álvares & Cia', 'AÇÚCAR GUARANI S/A', 'Müller Ñandú Ýves', 'plain ascii'];
      for (const [i, nome] of names.entries()) {
        await old.run(
          `INSERT INTO address_book (company, cpf_cnpj, nome, data_json, updated_at) VALUES ('c', ?, ?, '{}', 'x')`,
          [String(i), nome],
        );
      }
      await migrate(old, bundled);
      const rows = await old.all<{ nome: string; nome_folded: string }>(
        'SELECT nome, nome_folded FROM address_book ORDER BY cpf_cnpj',
      );
      expect(rows.map((r) => r.nome_folded)).toEqual(names.map(foldText));
      expect(rows[1]!.nome_folded).toBe('acucar guarani s/a');
      const found = await createRepositories(old).addressBook.find('c', 'ACUCAR');
      expect(found.map((e) => e.nome)).toEqual(['AÇÚCAR GUARANI S/A']);
    } finally {
      await old.close();
    }
  });
});
