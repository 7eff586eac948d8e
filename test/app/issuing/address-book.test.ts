// The address book: parties of every sent CT-e are remembered once per send, found by any part of
// the name or of the CNPJ/CPF (with or without its mask), most used first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../../../electron/cache';
import { MEMORY, openCache } from '../../../electron/cache';
import type { Repositories } from '../../../electron/cache/repositories';
import { createRepositories } from '../../../electron/cache/repositories';
import { partiesOfPayload, rememberParties } from '../../../electron/app/issuing/address-book';
import { buildCtePayload } from '../../../electron/fiscal/payload';
import { cteFormSchema, partySchema } from '../../../electron/shared/schemas/cte-form';
import { company, cteForm } from '../../fiscal/payload/forms';

const ctx = {
  company,
  serie: 1,
  numero: 1,
  ambiente: 'homologacao' as const,
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
});
