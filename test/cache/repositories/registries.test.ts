// Migration 0012 (outbox and numbering accept the MDF-e, old rows kept) and the trip registries.
import { describe, expect, it } from 'vitest';

import { MEMORY, openDatabase } from '../../../electron/cache/db';
import { migrate } from '../../../electron/cache/migrations';
import { migrations } from '../../../electron/cache/migrations/index';
import { RegistryRepository } from '../../../electron/cache/repositories/registries';

const NOW = '2026-11-25T12:00:00.000Z';

describe('migration 0012 and the registries', () => {
  it('keeps the outbox, sequences and released números of a version-11 cache and accepts mdfe', async () => {
    const db = await openDatabase(MEMORY);
    try {
      await migrate(
        db,
        migrations.filter((m) => m.id <= 11),
      );
      await db.run(
        `INSERT INTO outbox (referencia, kind, company, environment, serie, numero, payload_json, state, created_at, updated_at, variant)
         VALUES ('carreta-1', 'cte', '11222333000181', 'sandbox', 1, 7, '{}', 'failed', ?, ?, 'cte-simp')`,
        [NOW, NOW],
      );
      await db.run(`INSERT INTO number_sequences VALUES ('11222333000181', 'dce', 2, 'sandbox', 9, ?)`, [
        NOW,
      ]);
      await db.run(`INSERT INTO released_numbers VALUES ('11222333000181', 'cte', 1, 'sandbox', 5, ?)`, [
        NOW,
      ]);
      await expect(
        db.run(`INSERT INTO number_sequences VALUES ('11222333000181', 'mdfe', 1, 'sandbox', 1, ?)`, [NOW]),
      ).rejects.toThrow(/CHECK/);

      expect(
        await migrate(
          db,
          migrations.filter((m) => m.id <= 12),
        ),
      ).toMatchObject({ applied: [12] });
      expect(await db.get('SELECT referencia, kind, numero, state, variant FROM outbox')).toEqual({
        referencia: 'carreta-1',
        kind: 'cte',
        numero: 7,
        state: 'failed',
        variant: 'cte-simp',
      });
      expect(await db.get('SELECT kind, next_numero FROM number_sequences')).toEqual({
        kind: 'dce',
        next_numero: 9,
      });
      expect(await db.get('SELECT numero FROM released_numbers')).toEqual({ numero: 5 });
      await db.run(`INSERT INTO number_sequences VALUES ('11222333000181', 'mdfe', 1, 'sandbox', 1, ?)`, [
        NOW,
      ]);
      await expect(
        db.run(`INSERT INTO number_sequences VALUES ('11222333000181', 'nfe', 1, 'sandbox', 1, ?)`, [NOW]),
      ).rejects.toThrow(/CHECK/);
    } finally {
      await db.close();
    }
  });

  it('a vehicle is one per plate and company; uses are counted and the most used comes first', async () => {
    const db = await openDatabase(MEMORY);
    try {
      await migrate(db, migrations);
      const repo = new RegistryRepository(db);
      const base = {
        tipo: 'tracao' as const,
        renavam: '123456789',
        tara: 8500,
        capKg: 20000,
        capM3: null,
        tpRod: '03',
        tpCar: '02',
        uf: 'SP',
        proprietario: null,
      };
      await repo.saveVehicle('A', { ...base, placa: 'AAA1A11' });
      await repo.saveVehicle('A', { ...base, placa: 'BBB2B22' }, true);
      await repo.saveVehicle('A', { ...base, placa: 'BBB2B22', tara: 9000 }, true);
      await repo.saveVehicle('B', { ...base, placa: 'AAA1A11' });
      const list = await repo.vehicles('A');
      expect(list.map((v) => [v.placa, v.useCount, v.tara])).toEqual([
        ['BBB2B22', 2, 9000],
        ['AAA1A11', 0, 8500],
      ]);
      expect(await repo.vehicles('A', 'reboque')).toEqual([]);
      await repo.saveDriver('A', { cpf: '52998224725', nome: 'JOSE' });
      await repo.saveDriver('A', { cpf: '52998224725', nome: 'JOSE DA SILVA' }, true);
      expect((await repo.drivers('A')).map((d) => [d.nome, d.useCount])).toEqual([['JOSE DA SILVA', 1]]);
      expect(await repo.removeDriver('A', '52998224725')).toBe(true);
      expect(await repo.drivers('A')).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
