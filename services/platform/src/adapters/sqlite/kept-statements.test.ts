import { describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { keepingStatements } from './kept-statements.js';

describe('keepingStatements', () => {
  it('answers the statement prepared before for the same SQL, and runs transactions on the connection', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE counts (key TEXT PRIMARY KEY, n INTEGER NOT NULL)');
    const kept = keepingStatements(db);
    const upsert = 'INSERT INTO counts VALUES (?, 1) ON CONFLICT(key) DO UPDATE SET n = n + 1 RETURNING n';
    expect(kept.prepare(upsert)).toBe(kept.prepare(upsert));
    expect(kept.prepare('SELECT 1')).not.toBe(kept.prepare(upsert));

    const count = (key: string) => kept.transaction(() => kept.prepare(upsert).get(key) as { n: number })();
    expect([count('a'), count('a'), count('b')]).toEqual([{ n: 1 }, { n: 2 }, { n: 1 }]);
    expect(db.prepare('SELECT n FROM counts WHERE key = ?').pluck().get('a')).toBe(2);
    expect(() => kept.transaction(() => kept.prepare("INSERT INTO counts VALUES ('c', NULL)").run())()).toThrow();
    expect(kept.inTransaction).toBe(false);
    db.close();
  });
});
