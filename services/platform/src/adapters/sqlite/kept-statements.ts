import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './open-database.js';

/** Prepared statements kept per connection: queries are few shapes, compiled with their values as parameters. */
const KEPT_STATEMENTS = 500;

/**
 * `db.prepare` that answers the statement compiled before for the same text, keeping the `capacity` most recently
 * used (the oldest goes first).
 */
export function statementCache(db: SqliteDatabase, capacity = KEPT_STATEMENTS): (sql: string) => Statement {
  const kept = new Map<string, Statement>();
  return (sql) => {
    let prepared = kept.get(sql);
    if (prepared) {
      // Most recently used last, so that the oldest is the first to go.
      kept.delete(sql);
    } else {
      prepared = db.prepare(sql);
      if (kept.size >= capacity) kept.delete(kept.keys().next().value as string);
    }
    kept.set(sql, prepared);
    return prepared;
  };
}

/**
 * `db` for a library that prepares its SQL on every call (rate-limiter-flexible's SQLite store prepares its upsert
 * for each attempt it counts): the same connection, whose `prepare` is a statementCache. Compiling the upsert was a
 * twentieth of the platform's CPU at 300 paid messages a second (two limits count each send).
 */
export function keepingStatements(db: SqliteDatabase): SqliteDatabase {
  const prepare = statementCache(db);
  return new Proxy(db, {
    get(target, property) {
      if (property === 'prepare') return prepare;
      const value: unknown = Reflect.get(target, property, target);
      // The driver's methods must run on the connection itself (its native handle), not on this proxy.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
