import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { MEMORY, openCache } from '../../../electron/cache';
import type { Database } from '../../../electron/cache';
import type { Repositories } from '../../../electron/cache/repositories';
import { createRepositories } from '../../../electron/cache/repositories';
import { formPathOf, formPathsOf } from '../../../electron/app/issuing/field-paths';
import type { NumberingScope } from '../../../electron/app/issuing/kinds';
import { Numbering } from '../../../electron/app/issuing/numbering';

let db: Database;
let repos: Repositories;
let remote: number | null | Error;
let numbering: Numbering;
const scope = {
  company: '11222333000181',
  kind: 'cte',
  serie: 1,
  environment: 'sandbox',
} satisfies NumberingScope;

async function cached(numero: number, status: string) {
  await repos.documents.upsertBatch([
    { ...scope, record: { id: `doc-${numero}-${status}`, status, serie: 1, numero, modelo: 57 } },
  ]);
}

beforeEach(async () => {
  db = await openCache(MEMORY);
  repos = createRepositories(db);
  remote = null;
  numbering = new Numbering(
    () => repos,
    async () => {
      if (remote instanceof Error) throw remote;
      return remote;
    },
  );
});
afterEach(() => db.close());

describe('numbering', () => {
  it('starts at 1 and advances', async () => {
    expect((await numbering.reserve(scope)).numero).toBe(1);
    expect((await numbering.reserve(scope)).numero).toBe(2);
    expect((await numbering.reserve({ ...scope, serie: 2 })).numero).toBe(1);
    expect((await numbering.reserve({ ...scope, kind: 'cteos' })).numero).toBe(1);
  });

  it('reconciles with the API and with the cache before reserving', async () => {
    remote = 57;
    expect((await numbering.reserve(scope)).numero).toBe(58);
    remote = null;
    await cached(80, 'cancelado');
    await cached(95, 'rejeitado'); // a rejected número does not count as spent
    expect((await numbering.reserve(scope)).numero).toBe(81);
    remote = new Error('offline');
    expect((await numbering.reserve(scope)).numero).toBe(82);
  });

  it('reuses a released (rejected) número first, never one authorized meanwhile', async () => {
    const a = (await numbering.reserve(scope)).numero;
    const b = (await numbering.reserve(scope)).numero;
    await numbering.release(scope, a);
    await numbering.release(scope, b);
    await cached(a, 'autorizado'); // another workstation got `a` authorized
    const next = await numbering.reserve(scope);
    expect(next).toMatchObject({ numero: b, reused: true });
    expect((await numbering.reserve(scope)).numero).toBe(3);
    await numbering.release(scope, a); // an authorized número is never released
    expect((await numbering.state(scope)).released).toEqual([]);
  });

  it('skipPast moves beyond a duplicated número (539)', async () => {
    await numbering.reserve(scope);
    await numbering.release(scope, 1);
    await numbering.skipPast(scope, 5);
    expect((await numbering.reserve(scope)).numero).toBe(6);
  });

  it('setNext warns about gaps and spent números', async () => {
    remote = 10;
    expect((await numbering.setNext(scope, 5)).warnings[0]).toMatch(/já foi usado.*11/);
    expect((await numbering.setNext(scope, 20)).warnings[0]).toMatch(/de 11 a 19/);
    expect((await numbering.setNext(scope, 11)).warnings).toEqual([]);
    expect((await numbering.reserve(scope)).numero).toBe(11);
  });
});

describe('API paths → form paths', () => {
  it('maps parties, values, documents and rejection codes', () => {
    expect(formPathOf('infCte.rem.IE')).toBe('remetente.ie');
    expect(formPathOf('infCte.dest.enderDest.cMun')).toBe('destinatario.endereco.cMun');
    expect(formPathOf('infCte.ide.toma4.CNPJ')).toBe('tomador.cpfCnpj');
    expect(formPathOf('infCte.vPrest.Comp[1].vComp')).toBe('valores.componentes.1');
    expect(formPathOf('infCte.infCTeNorm.infDoc.infNFe.0.chave')).toBe('documentos.nfe.0');
    expect(formPathOf('infCte.ide.CFOP')).toBe('geral.cfop');
    expect(formPathOf('infCte.Id')).toBeNull();
    expect(formPathsOf('Validation failed: infCte.rem.IE: formato inválido', [], undefined)).toEqual([
      'remetente.ie',
    ]);
    expect(formPathsOf('Rejeição: CFOP inválido para operação', [], 519)).toEqual(['geral.cfop']);
  });
});
