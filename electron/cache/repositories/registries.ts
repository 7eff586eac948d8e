// The trip's registries: vehicles (tração and reboques) and drivers, per company, remembered from
// each MDF-e issued and edited by hand. Offline: the MDF-e form picks from here. See
// migrations/0012-mdfe-issuing.ts.
import type { Database } from '../db';

export interface VehicleOwner {
  cpfCnpj: string;
  nome: string;
  rntrc: string;
  ie: string | null;
  uf: string;
  /** tpProp: 0 TAC agregado, 1 TAC independente, 2 outros. */
  tpProp: '0' | '1' | '2';
}

export interface Vehicle {
  placa: string;
  tipo: 'tracao' | 'reboque';
  renavam: string | null;
  tara: number;
  capKg: number | null;
  capM3: number | null;
  /** tpRod (tração only): 01 truck … 06 outros. */
  tpRod: string | null;
  tpCar: string;
  uf: string;
  proprietario: VehicleOwner | null;
}

export interface StoredVehicle extends Vehicle {
  id: number;
  useCount: number;
  lastUsedAt: string | null;
}

export interface Driver {
  cpf: string;
  nome: string;
}

export interface StoredDriver extends Driver {
  id: number;
  useCount: number;
  lastUsedAt: string | null;
}

interface VehicleRow {
  id: number;
  placa: string;
  tipo: 'tracao' | 'reboque';
  renavam: string | null;
  tara: number;
  cap_kg: number | null;
  cap_m3: number | null;
  tp_rod: string | null;
  tp_car: string;
  uf: string;
  proprietario_json: string | null;
  use_count: number;
  last_used_at: string | null;
}

const toVehicle = (row: VehicleRow): StoredVehicle => ({
  id: row.id,
  placa: row.placa,
  tipo: row.tipo,
  renavam: row.renavam,
  tara: row.tara,
  capKg: row.cap_kg,
  capM3: row.cap_m3,
  tpRod: row.tp_rod,
  tpCar: row.tp_car,
  uf: row.uf,
  proprietario: row.proprietario_json ? (JSON.parse(row.proprietario_json) as VehicleOwner) : null,
  useCount: row.use_count,
  lastUsedAt: row.last_used_at,
});

/** Most used first, then by plate / name: what the clerk picks most sits on top. */
export class RegistryRepository {
  constructor(private readonly db: Database) {}

  /** Saves a vehicle (the plate is its identity within the company); `used` counts a use. */
  async saveVehicle(company: string, v: Vehicle, used = false): Promise<StoredVehicle> {
    const now = new Date().toISOString();
    const rows = await this.db.all<VehicleRow>(
      `INSERT INTO vehicles (company, placa, tipo, renavam, tara, cap_kg, cap_m3, tp_rod, tp_car, uf, proprietario_json,
         use_count, last_used_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (company, placa) DO UPDATE SET tipo = excluded.tipo, renavam = excluded.renavam,
         tara = excluded.tara, cap_kg = excluded.cap_kg, cap_m3 = excluded.cap_m3, tp_rod = excluded.tp_rod,
         tp_car = excluded.tp_car, uf = excluded.uf, proprietario_json = excluded.proprietario_json,
         use_count = use_count + excluded.use_count,
         last_used_at = coalesce(excluded.last_used_at, last_used_at), updated_at = excluded.updated_at
       RETURNING *`,
      [
        company,
        v.placa,
        v.tipo,
        v.renavam,
        v.tara,
        v.capKg,
        v.capM3,
        v.tpRod,
        v.tpCar,
        v.uf,
        v.proprietario ? JSON.stringify(v.proprietario) : null,
        used ? 1 : 0,
        used ? now : null,
        now,
      ],
    );
    return toVehicle(rows[0]!);
  }

  async vehicles(company: string, tipo?: 'tracao' | 'reboque'): Promise<StoredVehicle[]> {
    const rows = await this.db.all<VehicleRow>(
      `SELECT * FROM vehicles WHERE company = ? ${tipo ? 'AND tipo = ?' : ''}
       ORDER BY use_count DESC, placa`,
      tipo ? [company, tipo] : [company],
    );
    return rows.map(toVehicle);
  }

  async vehicle(company: string, placa: string): Promise<StoredVehicle | null> {
    const row = await this.db.get<VehicleRow>('SELECT * FROM vehicles WHERE company = ? AND placa = ?', [
      company,
      placa,
    ]);
    return row ? toVehicle(row) : null;
  }

  async removeVehicle(company: string, placa: string): Promise<boolean> {
    const rows = await this.db.all<{ id: number }>(
      'DELETE FROM vehicles WHERE company = ? AND placa = ? RETURNING id',
      [company, placa],
    );
    return rows.length > 0;
  }

  async saveDriver(company: string, d: Driver, used = false): Promise<StoredDriver> {
    const now = new Date().toISOString();
    const row = (
      await this.db.all<{
        id: number;
        cpf: string;
        nome: string;
        use_count: number;
        last_used_at: string | null;
      }>(
        `INSERT INTO drivers (company, cpf, nome, use_count, last_used_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (company, cpf) DO UPDATE SET nome = excluded.nome, use_count = use_count + excluded.use_count,
           last_used_at = coalesce(excluded.last_used_at, last_used_at), updated_at = excluded.updated_at
         RETURNING id, cpf, nome, use_count, last_used_at`,
        [company, d.cpf, d.nome, used ? 1 : 0, used ? now : null, now],
      )
    )[0]!;
    return {
      id: row.id,
      cpf: row.cpf,
      nome: row.nome,
      useCount: row.use_count,
      lastUsedAt: row.last_used_at,
    };
  }

  async drivers(company: string): Promise<StoredDriver[]> {
    const rows = await this.db.all<{
      id: number;
      cpf: string;
      nome: string;
      use_count: number;
      last_used_at: string | null;
    }>(
      'SELECT id, cpf, nome, use_count, last_used_at FROM drivers WHERE company = ? ORDER BY use_count DESC, nome',
      [company],
    );
    return rows.map((r) => ({
      id: r.id,
      cpf: r.cpf,
      nome: r.nome,
      useCount: r.use_count,
      lastUsedAt: r.last_used_at,
    }));
  }

  async removeDriver(company: string, cpf: string): Promise<boolean> {
    const rows = await this.db.all<{ id: number }>(
      'DELETE FROM drivers WHERE company = ? AND cpf = ? RETURNING id',
      [company, cpf],
    );
    return rows.length > 0;
  }
}
