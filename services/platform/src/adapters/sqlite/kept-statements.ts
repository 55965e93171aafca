import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './open-database.js';

/**
 * `db` for a library that prepares its SQL on every call (rate-limiter-flexible's SQLite store prepares its upsert
 * for each attempt it counts): the same connection, whose `prepare` answers the statement compiled before for the same
 * text. Compiling the upsert was a twentieth of the platform's CPU at 300 paid messages a second (two limits count
 * each send). The library's SQL texts are few and fixed (its table's name in each), so the statements kept are too.
 */
export function keepingStatements(db: SqliteDatabase): SqliteDatabase {
  const kept = new Map<string, Statement>();
  const prepare = (sql: string) => {
    let statement = kept.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      kept.set(sql, statement);
    }
    return statement;
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'prepare') return prepare;
      const value: unknown = Reflect.get(target, property, target);
      // The driver's methods must run on the connection itself (its native handle), not on this proxy.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
