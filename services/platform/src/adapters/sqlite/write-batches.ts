import type { SqliteDatabase } from './open-database.js';

interface Pending {
  body: () => unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Group commit. The writes asked for while the event loop runs one round commit together, in one IMMEDIATE
 * transaction, each in a savepoint of its own: a write that throws undoes only itself and rejects only its caller.
 * A commit costs SQLite about as much again as a small write (the lock, the WAL frames), so a busy service pays it
 * once for many writes; a lone write waits for no one (the batch goes at setImmediate, before the loop polls again).
 * A caller's promise resolves once its write is committed.
 */
export class WriteBatches {
  private queue: Pending[] = [];
  private scheduled = false;
  private readonly batch: (run: () => void) => void;
  private readonly savepoint: (body: () => unknown) => unknown;

  constructor(db: SqliteDatabase) {
    this.batch = db.transaction((run: () => void) => run()).immediate;
    // Called inside the batch's transaction, better-sqlite3 runs a transaction function as a savepoint.
    this.savepoint = db.transaction((body: () => unknown) => body());
  }

  run<R>(body: () => R): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ body, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits what is queued now (a close calls it before the database goes). */
  flush(): void {
    this.scheduled = false;
    const writes = this.queue.splice(0);
    if (writes.length === 0) return;
    const outcomes: ({ value: unknown } | { error: unknown })[] = [];
    try {
      this.batch(() => {
        for (const write of writes) {
          try {
            outcomes.push({ value: this.savepoint(write.body) });
          } catch (error) {
            outcomes.push({ error });
          }
        }
      });
    } catch (error) {
      // The transaction itself failed (the lock not had in time, the disk): none of the writes happened.
      for (const write of writes) write.reject(error);
      return;
    }
    writes.forEach((write, n) => {
      const outcome = outcomes[n] as { value: unknown } | { error: unknown };
      if ('error' in outcome) write.reject(outcome.error);
      else write.resolve(outcome.value);
    });
  }
}
