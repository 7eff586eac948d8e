import type { Database } from '../db';
import type { Scope } from './types';

/** Where an interrupted run of the list stands; committed with every batch. */
export interface SyncCursor {
  mode: 'full' | 'incremental';
  skip: number;
  run: number;
}

export interface SyncStateRow {
  cursor: SyncCursor | null;
  run: number;
  lastSync: string | null;
  lastFullSync: string | null;
  lastError: string | null;
}

function parseCursor(text: string | null): SyncCursor | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<SyncCursor>;
    if (
      (value.mode === 'full' || value.mode === 'incremental') &&
      Number.isInteger(value.skip) &&
      Number.isInteger(value.run)
    ) {
      return { mode: value.mode, skip: value.skip as number, run: value.run as number };
    }
  } catch {
    // A cursor that does not parse only costs a restart of the list from the top.
  }
  return null;
}

export class SyncStateRepository {
  constructor(private readonly db: Database) {}

  async get(scope: Scope): Promise<SyncStateRow> {
    const row = await this.db.get<{
      cursor_json: string | null;
      run: number;
      last_sync: string | null;
      last_full_sync: string | null;
      last_error: string | null;
    }>(
      'SELECT cursor_json, run, last_sync, last_full_sync, last_error FROM sync_state WHERE company = ? AND kind = ? AND environment = ?',
      [scope.company, scope.kind, scope.environment],
    );
    return {
      cursor: parseCursor(row?.cursor_json ?? null),
      run: row?.run ?? 0,
      lastSync: row?.last_sync ?? null,
      lastFullSync: row?.last_full_sync ?? null,
      lastError: row?.last_error ?? null,
    };
  }

  private async ensure(scope: Scope): Promise<void> {
    await this.db.run('INSERT OR IGNORE INTO sync_state (company, kind, environment) VALUES (?, ?, ?)', [
      scope.company,
      scope.kind,
      scope.environment,
    ]);
  }

  async setCursor(scope: Scope, cursor: SyncCursor | null): Promise<void> {
    await this.ensure(scope);
    await this.db.run(
      'UPDATE sync_state SET cursor_json = ?, run = max(run, ?) WHERE company = ? AND kind = ? AND environment = ?',
      [
        cursor ? JSON.stringify(cursor) : null,
        cursor?.run ?? 0,
        scope.company,
        scope.kind,
        scope.environment,
      ],
    );
  }

  async finish(scope: Scope, full: boolean): Promise<void> {
    await this.ensure(scope);
    const now = new Date().toISOString();
    await this.db.run(
      `UPDATE sync_state SET cursor_json = NULL, last_sync = ?, last_error = NULL,
         last_full_sync = CASE WHEN ? THEN ? ELSE last_full_sync END
       WHERE company = ? AND kind = ? AND environment = ?`,
      [now, full ? 1 : 0, now, scope.company, scope.kind, scope.environment],
    );
  }

  async fail(scope: Scope, message: string): Promise<void> {
    await this.ensure(scope);
    await this.db.run(
      'UPDATE sync_state SET last_error = ? WHERE company = ? AND kind = ? AND environment = ?',
      [message, scope.company, scope.kind, scope.environment],
    );
  }

  async lastSync(company: string, environment: string): Promise<string | null> {
    const row = await this.db.get<{ at: string | null }>(
      'SELECT max(last_sync) AS at FROM sync_state WHERE company = ? AND environment = ?',
      [company, environment],
    );
    return row?.at ?? null;
  }
}
