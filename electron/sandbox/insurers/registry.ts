// What the averbadoras' doubles have registered, in the sandbox's SQLite (reset with it). AT&M keys
// a document by emitter, model, série and number (02-atm.md §10 item 5); AverbePorto by access key
// (03-porto.md §8) — the same columns serve both.
import { brasiliaWallTime } from '../../fiscal/brasilia';
import { randomInt } from 'node:crypto';

import type { SandboxStore } from '../store';
import type { ReceivedDoc } from './fiscal-doc';

export type DoubleName = 'atm' | 'porto';

export interface RegisteredDoc {
  id: number;
  averbadora: DoubleName;
  chave: string;
  cnpj: string;
  modelo: string;
  serie: number;
  numero: number;
  tpAmb: number;
  protocolo: string;
  numeroAverbacao: string;
  /** Brasília wall clock, `AAAA-MM-DDTHH:MM:SS` as AT&M writes it. */
  registradoEm: string;
  valor: number;
  canceladoEm: string | null;
  encerradoEm: string | null;
  envios: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS insurer_documents (
  id INTEGER PRIMARY KEY,
  averbadora TEXT NOT NULL,
  chave TEXT NOT NULL,
  cnpj TEXT NOT NULL,
  modelo TEXT NOT NULL,
  serie INTEGER NOT NULL,
  numero INTEGER NOT NULL,
  tp_amb INTEGER NOT NULL,
  protocolo TEXT NOT NULL,
  numero_averbacao TEXT NOT NULL,
  registrado_em TEXT NOT NULL,
  valor REAL NOT NULL DEFAULT 0,
  cancelado_em TEXT,
  encerrado_em TEXT,
  envios INTEGER NOT NULL DEFAULT 1,
  UNIQUE (averbadora, cnpj, modelo, serie, numero)
);
CREATE INDEX IF NOT EXISTS insurer_documents_chave ON insurer_documents (averbadora, chave);
CREATE INDEX IF NOT EXISTS insurer_documents_numero ON insurer_documents (averbadora, numero_averbacao);
`;

interface Row {
  id: number;
  averbadora: DoubleName;
  chave: string;
  cnpj: string;
  modelo: string;
  serie: number;
  numero: number;
  tp_amb: number;
  protocolo: string;
  numero_averbacao: string;
  registrado_em: string;
  valor: number;
  cancelado_em: string | null;
  encerrado_em: string | null;
  envios: number;
}

const toDoc = (r: Row): RegisteredDoc => ({
  id: r.id,
  averbadora: r.averbadora,
  chave: r.chave,
  cnpj: r.cnpj,
  modelo: r.modelo,
  serie: r.serie,
  numero: r.numero,
  tpAmb: r.tp_amb,
  protocolo: r.protocolo,
  numeroAverbacao: r.numero_averbacao,
  registradoEm: r.registrado_em,
  valor: r.valor,
  canceladoEm: r.cancelado_em,
  encerradoEm: r.encerrado_em,
  envios: r.envios,
});

/** Brasília wall clock of an instant, as AT&M writes dhAverbacao (no offset, REST manual §27.7). */
export function brasiliaWallClock(ms: number): string {
  return brasiliaWallTime(new Date(ms));
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** AT&M protocols seen are 29 or 38 upper-case letters and digits (02-atm.md §9). */
export function newProtocol(length = 29): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALNUM[randomInt(ALNUM.length)];
  return out;
}

/**
 * An averbação number in the 40-character layout every observed one has (02-atm.md §9 [I]):
 * prefix 5 | AAMM of the emission 4 | emitter 14 | model 2 | série 3 | number 9 | sequence 3.
 */
export function averbacaoNumber(
  prefix: string,
  doc: Pick<ReceivedDoc, 'chave' | 'cnpj' | 'modelo' | 'serie' | 'numero'>,
): string {
  const aamm = doc.chave.slice(2, 6);
  return [
    prefix.padStart(5, '0').slice(0, 5),
    aamm,
    doc.cnpj.padStart(14, '0').slice(0, 14),
    doc.modelo.padStart(2, '0'),
    String(doc.serie).padStart(3, '0'),
    String(doc.numero).padStart(9, '0'),
    '001',
  ].join('');
}

export class InsurerRegistry {
  private constructor(private readonly store: SandboxStore) {}

  static async open(store: SandboxStore): Promise<InsurerRegistry> {
    await store.migrate('insurer_documents', SCHEMA);
    return new InsurerRegistry(store);
  }

  async find(
    averbadora: DoubleName,
    doc: Pick<ReceivedDoc, 'cnpj' | 'modelo' | 'serie' | 'numero'>,
  ): Promise<RegisteredDoc | null> {
    const row = await this.store.get<Row>(
      'SELECT * FROM insurer_documents WHERE averbadora = ? AND cnpj = ? AND modelo = ? AND serie = ? AND numero = ?',
      [averbadora, doc.cnpj, doc.modelo, doc.serie, doc.numero],
    );
    return row ? toDoc(row) : null;
  }

  async byChave(averbadora: DoubleName, chave: string): Promise<RegisteredDoc | null> {
    const row = await this.store.get<Row>(
      'SELECT * FROM insurer_documents WHERE averbadora = ? AND chave = ?',
      [averbadora, chave],
    );
    return row ? toDoc(row) : null;
  }

  async byNumero(averbadora: DoubleName, numero: string): Promise<RegisteredDoc | null> {
    const row = await this.store.get<Row>(
      'SELECT * FROM insurer_documents WHERE averbadora = ? AND numero_averbacao = ?',
      [averbadora, numero],
    );
    return row ? toDoc(row) : null;
  }

  /** Registers a new document; a concurrent twin (same key) returns the one already stored. */
  async register(
    averbadora: DoubleName,
    doc: ReceivedDoc,
    values: { protocolo: string; numeroAverbacao: string; registradoEm: string },
  ): Promise<{ doc: RegisteredDoc; novo: boolean }> {
    return this.store.transaction(async () => {
      const existing = await this.find(averbadora, doc);
      if (existing) {
        await this.store.run('UPDATE insurer_documents SET envios = envios + 1 WHERE id = ?', [existing.id]);
        return { doc: { ...existing, envios: existing.envios + 1 }, novo: false };
      }
      await this.store.run(
        `INSERT INTO insurer_documents (averbadora, chave, cnpj, modelo, serie, numero, tp_amb, protocolo,
           numero_averbacao, registrado_em, valor) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          averbadora,
          doc.chave,
          doc.cnpj,
          doc.modelo,
          doc.serie,
          doc.numero,
          doc.tpAmb,
          values.protocolo,
          values.numeroAverbacao,
          values.registradoEm,
          doc.valor,
        ],
      );
      const stored = await this.find(averbadora, doc);
      if (!stored) throw new Error('registro da averbadora não gravado');
      return { doc: stored, novo: true };
    });
  }

  async markCancelled(id: number, at: string): Promise<void> {
    await this.store.run(
      'UPDATE insurer_documents SET cancelado_em = coalesce(cancelado_em, ?) WHERE id = ?',
      [at, id],
    );
  }

  async markClosed(id: number, at: string): Promise<void> {
    await this.store.run(
      'UPDATE insurer_documents SET encerrado_em = coalesce(encerrado_em, ?) WHERE id = ?',
      [at, id],
    );
  }

  async clear(): Promise<void> {
    await this.store.run('DELETE FROM insurer_documents');
  }

  async list(averbadora?: DoubleName): Promise<RegisteredDoc[]> {
    const rows = averbadora
      ? await this.store.all<Row>('SELECT * FROM insurer_documents WHERE averbadora = ? ORDER BY id', [
          averbadora,
        ])
      : await this.store.all<Row>('SELECT * FROM insurer_documents ORDER BY id');
    return rows.map(toDoc);
  }
}
