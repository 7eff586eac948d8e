import type sqlite3 from 'sqlite3';

import type { ConnectionGate } from './gate';

/**
 * Values SQLite can store. `bigint` is deliberately absent: node-sqlite3 binds it as NULL
 * without complaint, which would lose data silently. Booleans are stored as 0/1.
 */
export type SqlValue = string | number | boolean | null | Uint8Array;
/** Positional (`?`) values, or named values whose keys carry the prefix: `{ $chave: '…' }`. */
export type SqlParams = readonly SqlValue[] | Readonly<Record<string, SqlValue>>;

export interface RunResult {
  /** Rows changed by an INSERT/UPDATE/DELETE. */
  changes: number;
  /** Rowid of the last inserted row (meaningful after an INSERT only). */
  lastID: number;
}

const NO_PARAMS: readonly SqlValue[] = [];

/**
 * A statement compiled once and run many times (bulk ingestion). Obeys the same transaction
 * rules as the Database it came from. Finalize it when done; Database.close() finalizes leftovers.
 */
export class PreparedStatement {
  private finalized = false;

  constructor(
    private readonly raw: sqlite3.Statement,
    private readonly gate: ConnectionGate,
    private readonly forget: (statement: PreparedStatement) => void,
  ) {}

  run(params: SqlParams = NO_PARAMS): Promise<RunResult> {
    return this.gate.schedule(
      () =>
        new Promise<RunResult>((resolve, reject) => {
          this.raw.run(params, function (this: sqlite3.RunResult, error: Error | null) {
            if (error) reject(error);
            else resolve({ changes: this.changes, lastID: this.lastID });
          });
        }),
    );
  }

  get<T>(params: SqlParams = NO_PARAMS): Promise<T | undefined> {
    return this.gate.schedule(
      () =>
        new Promise<T | undefined>((resolve, reject) => {
          this.raw.get<T>(params, (error: Error | null, row?: T) => (error ? reject(error) : resolve(row)));
        }),
    );
  }

  all<T>(params: SqlParams = NO_PARAMS): Promise<T[]> {
    return this.gate.schedule(
      () =>
        new Promise<T[]>((resolve, reject) => {
          this.raw.all<T>(params, (error: Error | null, rows: T[]) =>
            error ? reject(error) : resolve(rows),
          );
        }),
    );
  }

  finalize(): Promise<void> {
    if (this.finalized) return Promise.resolve();
    this.finalized = true;
    this.forget(this);
    return new Promise<void>((resolve) => {
      // finalize() reports no meaningful error: a statement that failed to run is still released.
      this.raw.finalize(() => resolve());
    });
  }
}
