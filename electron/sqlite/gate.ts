import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * One open transaction (depth 0) or savepoint (depth ≥ 1) of one connection, as seen by the
 * async code running inside it.
 */
export interface TransactionScope {
  readonly owner: ConnectionGate;
  readonly depth: number;
  /** The scope that was current when this one started (possibly of another connection). */
  readonly outer: TransactionScope | undefined;
  open: boolean;
  /** The savepoint currently running inside this scope, if any. */
  child: TransactionScope | null;
}

const scopes = new AsyncLocalStorage<TransactionScope>();

/**
 * Serialises a single sqlite3 connection between "inside a transaction" and "everything else".
 *
 * node-sqlite3 shares one connection among every caller, so without this a query issued by an
 * unrelated caller while a transaction is open would silently become part of it (and be rolled
 * back with it). AsyncLocalStorage tells the two apart without making callers pass a handle
 * around: code running inside `transaction(fn)` goes straight to the connection, everything
 * else waits until the transaction ends.
 */
export class ConnectionGate {
  /** Resolves when the current exclusive holder (transaction, backup, close) is done. */
  private gate: Promise<void> | null = null;
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;
  private onDrained: (() => void) | null = null;

  /** The innermost open scope of this connection in the calling async context. */
  current(): TransactionScope | undefined {
    for (let scope = scopes.getStore(); scope !== undefined; scope = scope.outer) {
      if (scope.owner === this && scope.open) return scope;
    }
    return undefined;
  }

  newScope(parent: TransactionScope | undefined): TransactionScope {
    return {
      owner: this,
      depth: parent ? parent.depth + 1 : 0,
      outer: scopes.getStore(),
      open: true,
      child: null,
    };
  }

  runInScope<T>(scope: TransactionScope, fn: () => Promise<T>): Promise<T> {
    return scopes.run(scope, fn);
  }

  /** Runs one connection operation, waiting for any transaction it does not belong to. */
  schedule<T>(op: () => Promise<T>): Promise<T> {
    const scope = this.current();
    if (scope !== undefined) {
      if (scope.child !== null) {
        return Promise.reject(
          new Error(
            'A query ran on an outer transaction while a nested transaction was open; await it first.',
          ),
        );
      }
      return op();
    }
    if (this.gate === null) return this.track(op);
    return this.queued(op);
  }

  /**
   * Gives `body` the connection alone: later callers wait, callers already in flight finish
   * first. Transactions, backups and close go through here, one at a time, in call order.
   */
  async exclusive<T>(body: () => Promise<T>): Promise<T> {
    if (this.current() !== undefined) {
      throw new Error('This operation cannot run inside a transaction of the same database.');
    }
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    let reopen!: () => void;
    this.gate = new Promise<void>((resolve) => (reopen = resolve));
    try {
      await this.drain();
      return await body();
    } finally {
      this.gate = null;
      reopen();
      release();
    }
  }

  private async queued<T>(op: () => Promise<T>): Promise<T> {
    // Re-check after every wake-up: the next transaction in line may already hold the gate.
    while (this.gate !== null) await this.gate;
    return this.track(op);
  }

  private track<T>(op: () => Promise<T>): Promise<T> {
    this.pending++;
    let promise: Promise<T>;
    try {
      promise = op();
    } catch (error) {
      this.settle();
      return Promise.reject(error);
    }
    return promise.finally(() => this.settle());
  }

  private settle(): void {
    this.pending--;
    if (this.pending === 0 && this.onDrained !== null) {
      const resolve = this.onDrained;
      this.onDrained = null;
      resolve();
    }
  }

  private drain(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise<void>((resolve) => (this.onDrained = resolve));
  }
}
