import mongoose from 'mongoose';
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
import { DomainError } from '../../errors/domain-error.js';
import { applyUpdate, assertOperatorUpdate, elementsToPull, isPullCondition } from './apply-update.js';
import { byId, listedIds } from './id-list.js';

type MongoCollection = mongoose.mongo.Collection<mongoose.mongo.Document>;
type MongoFilter = mongoose.mongo.Filter<mongoose.mongo.Document>;
type MongoUpdate = mongoose.mongo.UpdateFilter<mongoose.mongo.Document>;

const DUPLICATE_KEY = 11000;

export interface MongoStoreOptions {
  /** Defaults to the database named in the URL. */
  dbName?: string;
}

/**
 * MongoDB through a mongoose connection, using the driver's collection operations directly (no schemas, no models).
 * It keeps to what MongoDB and FerretDB (MongoDB's protocol over PostgreSQL, the engine the tests run here) both do:
 * a $pull by condition is sent as the $pullAll of the elements it matches, a duplicate key is traced to its
 * index by the adapter when the server does not name it (deploy/README.md, Real engines without Docker). On FerretDB
 * (its buildInfo says so), a list of ids (`_id: { $in: [...] }`, as outbox relays ask) is asked one id at a time,
 * which it answers from PostgreSQL instead of reading the whole collection; MongoDB answers the `$in` from its index in
 * one round trip (docs/decisions.md, FerretDB).
 */
export class MongoDocumentStore implements DocumentStore {
  private closed = false;

  private constructor(
    private readonly connection: mongoose.Connection,
    private readonly db: mongoose.mongo.Db,
    /** Whether a list of ids is asked one id at a time (FerretDB). */
    private readonly idsOneByOne: boolean,
  ) {}

  static async connect(url: string, options: MongoStoreOptions = {}): Promise<MongoDocumentStore> {
    // ignoreUndefined: the embedded store drops undefined fields (as JSON does); Mongo must not store them as null.
    const connection = await mongoose
      .createConnection(url, { ignoreUndefined: true, ...(options.dbName ? { dbName: options.dbName } : {}) })
      .asPromise();
    if (!connection.db) throw new Error('the MongoDB connection has no database');
    const build = await connection.db.admin().command({ buildInfo: 1 });
    return new MongoDocumentStore(connection, connection.db, 'ferretdbVersion' in build);
  }

  async collection<T extends BaseDocument>(name: string, indexes: IndexSpec[] = []): Promise<Collection<T>> {
    if (this.closed) throw new Error('the document store is closed');
    const collection = this.db.collection(name);
    for (const index of indexes) {
      // sparse (not a partial index): Mongo then leaves out of a compound index only documents missing all its fields.
      await collection.createIndex(index.fields, { unique: index.unique ?? false, sparse: index.sparse ?? false });
    }
    const unique: IndexSpec[] = [{ fields: { _id: 1 } }, ...indexes.filter((index) => index.unique)];
    return new MongoCollectionAdapter<T>(name, collection, unique, this.idsOneByOne);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.connection.close();
  }
}

class MongoCollectionAdapter<T extends BaseDocument> implements Collection<T> {
  constructor(
    private readonly name: string,
    private readonly collection: MongoCollection,
    /** The unique indexes, _id's first: to tell which one a duplicate hit when the server does not say. */
    private readonly uniqueIndexes: IndexSpec[],
    private readonly idsOneByOne: boolean,
  ) {}

  /** The ids a filter lists, to be asked one at a time, on FerretDB only. */
  private idsAskedOneByOne(filter: Filter) {
    return this.idsOneByOne ? listedIds(filter) : undefined;
  }

  async insertOne(doc: T): Promise<void> {
    try {
      // A copy: the driver would otherwise be free to decorate the caller's object.
      await this.collection.insertOne({ ...doc } as unknown as mongoose.mongo.OptionalId<mongoose.mongo.Document>);
    } catch (error) {
      throw await this.translate(error, doc);
    }
  }

  async findOne(filter: Filter): Promise<T | null> {
    return (await reachable(this.collection.findOne(filter as MongoFilter))) as unknown as T | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const ids = options.sort || options.skip !== undefined ? undefined : this.idsAskedOneByOne(filter);
    if (ids) {
      const found: (T | null)[] = await Promise.all(ids.map((id) => this.findOne(byId(filter, id))));
      return found.filter((doc) => doc !== null).slice(0, options.limit);
    }
    let cursor = this.collection.find(filter as MongoFilter);
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip !== undefined) cursor = cursor.skip(options.skip);
    if (options.limit !== undefined) cursor = cursor.limit(options.limit);
    return (await reachable(cursor.toArray())) as unknown as T[];
  }

  async count(filter: Filter, options: CountOptions = {}): Promise<number> {
    const ids = this.idsAskedOneByOne(filter);
    if (ids) {
      const counted = sum(await Promise.all(ids.map((id) => this.count(byId(filter, id)))));
      return Math.min(counted, options.limit ?? Infinity);
    }
    return await reachable(this.collection.countDocuments(filter as MongoFilter, options));
  }

  async updateOne(filter: Filter, update: Update): Promise<T | null> {
    assertOperatorUpdate(update);
    if (!pullsByCondition(update)) return this.findOneAndUpdate(filter, update);
    const found = await this.findOne(filter);
    if (!found) return null;
    return this.findOneAndUpdate({ ...filter, _id: found._id }, pullAsPullAll(found, update));
  }

  async updateMany(filter: Filter, update: Update): Promise<number> {
    assertOperatorUpdate(update);
    try {
      if (!pullsByCondition(update)) {
        const ids = this.idsAskedOneByOne(filter);
        if (!ids) return (await this.collection.updateMany(filter as MongoFilter, update as MongoUpdate)).matchedCount;
        const updated = ids.map((id) =>
          this.collection.updateOne(byId(filter, id) as MongoFilter, update as MongoUpdate),
        );
        return sum((await Promise.all(updated)).map((result) => result.matchedCount));
      }
      let matched = 0;
      for (const found of await this.find(filter)) {
        const { matchedCount } = await this.collection.updateOne(
          { ...filter, _id: found._id } as unknown as MongoFilter,
          pullAsPullAll(found, update) as MongoUpdate,
        );
        matched += matchedCount;
      }
      return matched;
    } catch (error) {
      throw await this.translate(error);
    }
  }

  private async findOneAndUpdate(filter: Filter, update: Update | MongoUpdate): Promise<T | null> {
    try {
      return (await this.collection.findOneAndUpdate(filter as MongoFilter, update as MongoUpdate, {
        returnDocument: 'after',
        includeResultMetadata: false,
      })) as unknown as T | null;
    } catch (error) {
      throw await this.translate(error, undefined, { filter, update });
    }
  }

  async deleteOne(filter: Filter): Promise<boolean> {
    return (await reachable(this.collection.deleteOne(filter as MongoFilter))).deletedCount === 1;
  }

  async deleteMany(filter: Filter): Promise<number> {
    const ids = this.idsAskedOneByOne(filter);
    if (ids) return sum(await Promise.all(ids.map(async (id) => ((await this.deleteOne(byId(filter, id))) ? 1 : 0))));
    return (await reachable(this.collection.deleteMany(filter as MongoFilter))).deletedCount;
  }

  private async translate(error: unknown, inserted?: T, updated?: { filter: Filter; update: Update | MongoUpdate }) {
    if (isUnreachable(error)) return unavailable(error);
    if (!isDuplicateKey(error)) return error;
    const keyPattern = (error as { keyPattern?: Record<string, unknown> }).keyPattern;
    if (keyPattern) return new DuplicateKeyError(this.name, Object.keys(keyPattern));
    // FerretDB names no index: the first unique index another document already holds these values in.
    const candidate = inserted ?? (updated ? await this.afterUpdate(updated.filter, updated.update) : undefined);
    const index = candidate ? await this.uniqueIndexHeldElsewhere(candidate, inserted !== undefined) : undefined;
    return new DuplicateKeyError(this.name, index ? Object.keys(index.fields) : ['(unknown)']);
  }

  /** The document the refused update would have made. */
  private async afterUpdate(filter: Filter, update: Update | MongoUpdate): Promise<T | undefined> {
    const current = await this.findOne(filter);
    if (!current) return undefined;
    const { $pullAll, ...rest } = update as Update & { $pullAll?: Record<string, unknown[]> };
    applyUpdate(current as Record<string, unknown>, rest);
    for (const [path, elements] of Object.entries($pullAll ?? {})) {
      applyUpdate(current as Record<string, unknown>, { $pull: { [path]: { $in: elements } } });
    }
    return current;
  }

  private async uniqueIndexHeldElsewhere(candidate: T, inserted: boolean): Promise<IndexSpec | undefined> {
    const fields = candidate as Record<string, unknown>;
    for (const index of this.uniqueIndexes) {
      const paths = Object.keys(index.fields);
      // An inserted document's _id clashes with itself; an updated one's other indexes with another document.
      if (paths.includes('_id') && !inserted) continue;
      const values = paths.map((path) => valueAt(fields, path));
      if (index.sparse && values.every((value) => value === undefined)) continue;
      const sameValues = Object.fromEntries(paths.map((path, i) => [path, values[i] ?? null]));
      const other = paths.includes('_id') ? {} : { _id: { $ne: candidate._id } };
      if (
        (await reachable(this.collection.countDocuments({ ...sameValues, ...other } as MongoFilter, { limit: 1 }))) > 0
      ) {
        return index;
      }
    }
    return undefined;
  }
}

/**
 * MongoDB's codes for a server that cannot serve now but will (a replica set electing, a node stopping): not primary
 * (10107, 13435, 13436), primary stepped down (189), interrupted at shutdown or by a state change (11600, 11602),
 * shutdown in progress (91), host unreachable or not found (6, 7), network timeout (89), socket exception (9001). The
 * driver tries such an operation once more itself; what reaches the store failed twice.
 */
const TRANSIENT_SERVER_CODES = new Set([6, 7, 89, 91, 189, 9001, 10107, 11600, 11602, 13435, 13436]);

/**
 * FerretDB's internal error when its PostgreSQL is out of reach: a new connection failed, or the one in use was cut
 * off by PostgreSQL's shutdown or crash (SQLSTATE class 08, connection exception; 57P01 to 57P03, shutting down or
 * starting up).
 */
const FERRETDB_POSTGRES_LOST = /failed to connect to|\(SQLSTATE (08...|57P0\d)\)/;

/**
 * Whether the error says the database cannot be reached now (a later try may succeed): the driver's network and
 * server selection errors, MongoDB's answers from a node that is not (or no longer) primary or is stopping, and
 * FerretDB's when its PostgreSQL is stopped or restarting.
 */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof mongoose.mongo.MongoNetworkError) return true;
  if (error instanceof mongoose.mongo.MongoServerSelectionError) return true;
  if (!(error instanceof mongoose.mongo.MongoServerError)) return false;
  return TRANSIENT_SERVER_CODES.has(Number(error.code)) || FERRETDB_POSTGRES_LOST.test(error.message);
}

/** What callers hear when the database is out of reach: UNAVAILABLE, which the BFF answers 503 with Retry-After. */
function unavailable(cause: unknown): DomainError {
  const error = new DomainError('UNAVAILABLE', 'errors.unavailable');
  error.cause = cause;
  return error;
}

/** The operation's result, or UNAVAILABLE when the database cannot be reached. */
async function reachable<R>(operation: Promise<R>): Promise<R> {
  try {
    return await operation;
  } catch (error) {
    throw isUnreachable(error) ? unavailable(error) : error;
  }
}

/**
 * MongoDB's duplicate key error; FerretDB answers an update's with PostgreSQL's unique violation (SQLSTATE 23505) as
 * the message of an internal error.
 */
function isDuplicateKey(error: unknown): error is mongoose.mongo.MongoServerError {
  if (!(error instanceof mongoose.mongo.MongoServerError)) return false;
  return error.code === DUPLICATE_KEY || /\(SQLSTATE 23505\)/.test(error.message);
}

/** Whether a $pull names a condition, which FerretDB ignores (it pulls only elements equal to its argument). */
function pullsByCondition(update: Update): boolean {
  return Object.values(update.$pull ?? {}).some(isPullCondition);
}

/** The update with its conditional $pulls made $pullAll of the elements they match in `found`. */
function pullAsPullAll(found: BaseDocument, update: Update): MongoUpdate {
  const { $pull, ...rest } = update;
  const byValue: Record<string, unknown> = {};
  const pullAll: Record<string, unknown[]> = {};
  for (const [path, condition] of Object.entries($pull ?? {})) {
    if (isPullCondition(condition))
      pullAll[path] = elementsToPull(found as unknown as Record<string, unknown>, path, condition);
    else byValue[path] = condition;
  }
  return {
    ...rest,
    ...(Object.keys(byValue).length > 0 ? { $pull: byValue } : {}),
    $pullAll: pullAll,
  } as MongoUpdate;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function valueAt(document: Record<string, unknown>, path: string): unknown {
  let value: unknown = document;
  for (const segment of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}
