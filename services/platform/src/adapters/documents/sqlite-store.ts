import type { Statement } from 'better-sqlite3';
import { join } from 'node:path';
import type { Logger } from '../../logging/logger.js';
import {
  DuplicateKeyError,
  type BaseDocument,
  type Collection,
  type CountOptions,
  type DocumentStore,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type Update,
} from '../../ports/documents.js';
import {
  keepCheckpointed,
  isUniqueViolation,
  openDatabase,
  quoteIdentifier,
  type SqliteDatabase,
} from '../sqlite/open-database.js';
import { statementCache } from '../sqlite/kept-statements.js';
import { WriteBatches } from '../sqlite/write-batches.js';
import { applyUpdate, assertOperatorUpdate } from './apply-update.js';
import { OUTBOX_FIELD } from '../../outbox/outbox.js';
import {
  arrayPathsOf,
  compileFilter,
  compileSort,
  indexStatements,
  OUTBOX_COLUMN,
  updatesOutboxOnly,
  type SqlValue,
} from './sql-filter.js';

const COLLECTION_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
/** The file under a service's data directory. */
export const DOCUMENTS_FILE = 'documents.sqlite';
/** Where the store remembers which paths have held arrays; `$` cannot appear in a collection's name. */
const ARRAY_PATHS = quoteIdentifier('tip$array_paths');

type Row = { id: string; doc: string; outbox: string | null };

/**
 * The embedded document store: one SQLite database per service (`<dataDir>/documents.sqlite`, WAL), one table per
 * collection holding each document as JSONB (its outbox in a column of its own, see OUTBOX_COLUMN), indexes as
 * expression indexes over the document's fields (see sql-filter.ts for how filters become SQL). SQLite keeps the data on disk and a bounded page cache in memory, so
 * memory and start-up do not grow with the data. better-sqlite3 is synchronous: a read-modify-write (updateOne) runs
 * without yielding inside a transaction (several writes of one event-loop round share one, see WriteBatches), so it
 * is atomic within the process and, by SQLite's write lock, across processes too.
 */
export class SqliteDocumentStore implements DocumentStore {
  private readonly collections = new Map<string, SqliteCollection<BaseDocument>>();
  /** A prepared statement for this SQL, kept for the next call with the same shape. */
  readonly statement: (sql: string) => Statement;
  private readonly arrayPaths = new Map<string, Set<string>>();
  /** Rows of ARRAY_PATHS this connection knows, and the database's data_version when it last looked for others. */
  private arrayPathsKnown = 0;
  private arrayPathsSeenAt: unknown;
  private readonly arrayPathStatements: Record<'all' | 'count' | 'dataVersion', Statement>;
  private closed = false;
  private readonly stopCheckpoints: () => void;
  readonly writes: WriteBatches;

  private constructor(
    readonly db: SqliteDatabase,
    logger: Logger | undefined,
  ) {
    this.writes = new WriteBatches(db);
    this.statement = statementCache(db);
    this.stopCheckpoints = keepCheckpointed(db, (error) =>
      logger?.error({ err: error }, 'could not checkpoint the document store'),
    );
    db.exec(
      `CREATE TABLE IF NOT EXISTS ${ARRAY_PATHS} (collection TEXT NOT NULL, path TEXT NOT NULL, PRIMARY KEY (collection, path)) WITHOUT ROWID`,
    );
    this.arrayPathStatements = {
      all: db.prepare(`SELECT collection, path FROM ${ARRAY_PATHS}`),
      count: db.prepare(`SELECT COUNT(*) FROM ${ARRAY_PATHS}`).pluck(),
      // Changes when another connection (another process on the file) commits; never for this one's own commits.
      dataVersion: db.prepare('PRAGMA data_version').pluck(),
    };
    this.loadArrayPaths();
    db.function('regexp', { deterministic: true }, (pattern: unknown, value: unknown) =>
      typeof value === 'string' && compiledPattern(String(pattern)).test(value) ? 1 : 0,
    );
  }

  /** Opens (creating) the store of one service in `dataDir`. */
  static async open(dataDir: string, options: { logger?: Logger } = {}): Promise<SqliteDocumentStore> {
    return new SqliteDocumentStore(openDatabase(join(dataDir, DOCUMENTS_FILE)), options.logger);
  }

  async collection<T extends BaseDocument>(name: string, indexes: IndexSpec[] = []): Promise<Collection<T>> {
    if (this.closed) throw new Error('the document store is closed');
    if (!COLLECTION_NAME.test(name)) throw new TypeError(`invalid collection name: ${name}`);
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new SqliteCollection(name, this);
      this.collections.set(name, collection);
    }
    collection.ensureIndexes(indexes);
    return collection as unknown as Collection<T>;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.writes.flush();
    this.stopCheckpoints();
    // Keeps the planner's statistics fresh for the next start, cheaply (SQLite's advice for long-lived connections).
    this.db.pragma('optimize');
    this.db.close();
  }

  /**
   * The paths known to have held arrays in `collection`, as a query is compiled: first taking in those another process
   * on the same file recorded since (npm start's workers share each store), or a filter on such a path would be
   * compiled as a scalar's and miss the documents that process wrote. Costs a pragma read while no one else writes;
   * a filter on ids alone never asks (compileFilter).
   */
  arraysToQuery(collection: string): Set<string> {
    const version = this.arrayPathStatements.dataVersion.get();
    if (version !== this.arrayPathsSeenAt) {
      this.arrayPathsSeenAt = version;
      if (this.arrayPathStatements.count.get() !== this.arrayPathsKnown) this.loadArrayPaths();
    }
    return this.arraysOf(collection);
  }

  private loadArrayPaths(): void {
    const rows = this.arrayPathStatements.all.all() as { collection: string; path: string }[];
    for (const { collection, path } of rows) this.arraysOf(collection).add(path);
    this.arrayPathsKnown = rows.length;
  }

  arraysOf(collection: string): Set<string> {
    let paths = this.arrayPaths.get(collection);
    if (!paths) {
      paths = new Set();
      this.arrayPaths.set(collection, paths);
    }
    return paths;
  }

  /** Records the paths of `document` that hold arrays and were not known to (inside the caller's transaction). */
  noteArrays(collection: string, document: Record<string, unknown>): void {
    const known = this.arraysOf(collection);
    for (const path of arrayPathsOf(document)) {
      if (known.has(path)) continue;
      const { changes } = this.statement(`INSERT OR IGNORE INTO ${ARRAY_PATHS} (collection, path) VALUES (?, ?)`).run(
        collection,
        path,
      );
      this.arrayPathsKnown += changes;
      known.add(path);
    }
  }
}

const patterns = new Map<string, RegExp>();

/** `flags/source`, as sql-filter.ts passes a pattern, compiled once. */
function compiledPattern(encoded: string): RegExp {
  let pattern = patterns.get(encoded);
  if (!pattern) {
    const slash = encoded.indexOf('/');
    pattern = new RegExp(encoded.slice(slash + 1), encoded.slice(0, slash));
    if (patterns.size > 1000) patterns.clear();
    patterns.set(encoded, pattern);
  }
  return pattern;
}

class SqliteCollection<T extends BaseDocument> implements Collection<T> {
  private readonly table: string;
  private readonly ensured = new Set<string>();

  constructor(
    private readonly name: string,
    private readonly store: SqliteDocumentStore,
  ) {
    this.table = quoteIdentifier(name);
    store.db.exec(
      `CREATE TABLE IF NOT EXISTS ${this.table} (id TEXT PRIMARY KEY NOT NULL, doc BLOB NOT NULL, ${OUTBOX_COLUMN} BLOB)`,
    );
    this.moveOutboxesOutOfDocuments();
  }

  /**
   * A table written before the outbox had its column kept each document's outbox in the document: moved into the
   * column, and the indexes over it dropped for ensureIndexes to make anew over the column. Once, in one write
   * transaction (another process may be opening the same table).
   */
  private moveOutboxesOutOfDocuments(): void {
    const { db } = this.store;
    const hasColumn = () =>
      (db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(this.name) as string[]).includes(OUTBOX_COLUMN);
    if (hasColumn()) return;
    db.transaction(() => {
      if (hasColumn()) return;
      const path = `'$.${OUTBOX_FIELD}'`;
      db.exec(`ALTER TABLE ${this.table} ADD COLUMN ${OUTBOX_COLUMN} BLOB`);
      db.exec(
        `UPDATE ${this.table} SET ${OUTBOX_COLUMN} = jsonb(doc -> ${path}), doc = jsonb_remove(doc, ${path})
         WHERE json_type(doc, ${path}) IS NOT NULL`,
      );
      const outboxIndexes = db
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql LIKE ?`)
        .pluck()
        .all(this.name, `%$.${OUTBOX_FIELD}%`) as string[];
      for (const index of outboxIndexes) db.exec(`DROP INDEX ${quoteIdentifier(index)}`);
    }).immediate();
  }

  ensureIndexes(indexes: IndexSpec[]): void {
    for (const index of indexes) {
      const key = JSON.stringify(index);
      if (this.ensured.has(key)) continue;
      // The name carries the fields, so that a unique violation names them (see duplicateKey).
      const name = (suffix: string) => quoteIdentifier(`${this.name}$${suffix}`);
      for (const sql of indexStatements(this.table, name, index)) this.store.db.exec(sql);
      this.ensured.add(key);
    }
  }

  async insertOne(doc: T): Promise<void> {
    const { _id: id, ...rest } = doc as BaseDocument & Record<string, unknown>;
    await this.write(() => {
      this.store.noteArrays(this.name, rest);
      const { [OUTBOX_FIELD]: outbox, ...body } = rest;
      this.store
        .statement(`INSERT INTO ${this.table} (id, doc, ${OUTBOX_COLUMN}) VALUES (?, jsonb(?), jsonb(?))`)
        .run(id, JSON.stringify(body), jsonOrNull(outbox));
    });
  }

  async findOne(filter: Filter): Promise<T | null> {
    return this.select(filter, { limit: 1 })[0] ?? null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    return this.select(filter, options);
  }

  async count(filter: Filter, { limit }: CountOptions = {}): Promise<number> {
    const { sql, params } = this.where(filter);
    const [query, limits] =
      limit === undefined
        ? [`SELECT count(*) FROM ${this.table} WHERE ${sql}`, []]
        : [`SELECT count(*) FROM (SELECT 1 FROM ${this.table} WHERE ${sql} LIMIT ?)`, [limit]];
    return this.store
      .statement(query)
      .pluck()
      .get(...params, ...limits) as number;
  }

  async updateOne(filter: Filter, update: Update): Promise<T | null> {
    assertOperatorUpdate(update);
    return this.write(() => {
      const [found] = this.select(filter, { limit: 1 });
      return found ? this.replace(found, update) : null;
    });
  }

  async updateMany(filter: Filter, update: Update): Promise<number> {
    assertOperatorUpdate(update);
    return this.write(() => {
      if (updatesOutboxOnly(update)) return this.updateOutboxes(filter, update);
      const found = this.select(filter, {});
      for (const doc of found) this.replace(doc, update);
      return found.length;
    });
  }

  async deleteOne(filter: Filter): Promise<boolean> {
    const { sql, params } = this.where(filter);
    const sqlText = `DELETE FROM ${this.table} WHERE id = (SELECT id FROM ${this.table} WHERE ${sql} LIMIT 1)`;
    return this.write(() => this.store.statement(sqlText).run(...params).changes === 1);
  }

  async deleteMany(filter: Filter): Promise<number> {
    const { sql, params } = this.where(filter);
    return this.write(() => this.store.statement(`DELETE FROM ${this.table} WHERE ${sql}`).run(...params).changes);
  }

  private where(filter: Filter) {
    return compileFilter(filter, () => this.store.arraysToQuery(this.name));
  }

  private select(filter: Filter, options: FindOptions): T[] {
    const { sql, params } = this.where(filter);
    const paging: SqlValue[] = [];
    let page = '';
    if (options.limit !== undefined || options.skip !== undefined) {
      page = ' LIMIT ? OFFSET ?';
      paging.push(options.limit ?? -1, options.skip ?? 0);
    }
    const sort = compileSort(options.sort);
    // A page far in (page 300 of a list) skips its rows by rowid alone, so that only the rows it answers are read
    // out as JSON: SQLite would otherwise build every skipped row before dropping it.
    const columns = `id, json(doc) AS doc, json(${OUTBOX_COLUMN}) AS ${OUTBOX_COLUMN}`;
    const query = options.skip
      ? `SELECT ${columns} FROM ${this.table} WHERE rowid IN (SELECT rowid FROM ${this.table} WHERE ${sql}${sort}${page})${sort}`
      : `SELECT ${columns} FROM ${this.table} WHERE ${sql}${sort}${page}`;
    const rows = this.store.statement(query).all(...params, ...paging) as Row[];
    return rows.map((row) => {
      const doc = { _id: row.id, ...(JSON.parse(row.doc) as object) } as Record<string, unknown>;
      if (row.outbox !== null) doc[OUTBOX_FIELD] = JSON.parse(row.outbox);
      return doc as T;
    });
  }

  /**
   * The relay's pull of what it published from many documents: their outboxes alone are read and written, the rest
   * of each document neither parsed nor serialised.
   */
  private updateOutboxes(filter: Filter, update: Update): number {
    const { sql, params } = this.where(filter);
    const rows = this.store
      .statement(`SELECT id, json(${OUTBOX_COLUMN}) AS ${OUTBOX_COLUMN} FROM ${this.table} WHERE ${sql}`)
      .all(...params) as Omit<Row, 'doc'>[];
    for (const row of rows) {
      const outboxOnly: Record<string, unknown> = row.outbox === null ? {} : { [OUTBOX_FIELD]: JSON.parse(row.outbox) };
      applyUpdate(outboxOnly, update);
      this.store.noteArrays(this.name, outboxOnly);
      this.writeOutbox(row.id, outboxOnly[OUTBOX_FIELD]);
    }
    return rows.length;
  }

  private replace(found: T, update: Update): T {
    const { _id: id, ...rest } = found as BaseDocument & Record<string, unknown>;
    applyUpdate(rest, update);
    this.store.noteArrays(this.name, rest);
    const { [OUTBOX_FIELD]: outbox, ...body } = rest;
    // The relay's pull: the rest of the document is neither serialised nor written again.
    if (updatesOutboxOnly(update)) {
      this.writeOutbox(id, outbox);
    } else {
      this.store
        .statement(`UPDATE ${this.table} SET doc = jsonb(?), ${OUTBOX_COLUMN} = jsonb(?) WHERE id = ?`)
        .run(JSON.stringify(body), jsonOrNull(outbox), id);
    }
    return { _id: id, ...rest } as T;
  }

  /** Rewrites a document's outbox column alone: its indexes, all over `doc`, are not written again. */
  private writeOutbox(id: string, outbox: unknown): void {
    this.store
      .statement(`UPDATE ${this.table} SET ${OUTBOX_COLUMN} = jsonb(?) WHERE id = ?`)
      .run(jsonOrNull(outbox), id);
  }

  /** Runs a write atomically in the store's next batch (WriteBatches), turning unique violations into the port's error. */
  private async write<R>(body: () => R): Promise<R> {
    try {
      return await this.store.writes.run(body);
    } catch (error) {
      throw isUniqueViolation(error) ? this.duplicateKey(error.message) : error;
    }
  }

  /**
   * SQLite names the violated index ("UNIQUE constraint failed: index 'users$email'") or, for the primary key, the
   * column ("UNIQUE constraint failed: users.id"); index names carry their fields after the `$`.
   */
  private duplicateKey(message: string): DuplicateKeyError {
    const index = /index '([^']*)'/.exec(message)?.[1];
    const fields = index?.includes('$') ? index.slice(index.indexOf('$') + 1).split(',') : ['_id'];
    return new DuplicateKeyError(this.name, fields);
  }
}

/** The outbox column's value: the outbox's JSON, or null for a document without one. */
function jsonOrNull(outbox: unknown): string | null {
  return outbox === undefined ? null : JSON.stringify(outbox);
}
