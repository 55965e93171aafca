import nedb from '@seald-io/nedb';
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  DuplicateKeyError,
  type BaseDocument,
  type Collection,
  type DocumentStore,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type Update,
} from '../../ports/documents.js';
import type { Logger } from '../../logging/logger.js';
import { claimDirectory } from '../fs/directory-claims.js';
import { dropTornTail } from '../fs/durable-files.js';
import { assertOperatorUpdate, toNedbFilter } from './mongo-semantics.js';
import { orderedScan, type NedbIndex } from './nedb-ordered-scan.js';

// The package is CommonJS (`module.exports = Datastore`) while its typings declare a default export.
const Datastore = nedb as unknown as typeof nedb.default;
type Datastore = InstanceType<typeof Datastore>;

/** nedb's own line format, so that what this adapter appends is what nedb reads back. */
const { serialize } = createRequire(import.meta.url)('@seald-io/nedb/lib/model.js') as {
  serialize(doc: unknown): string;
};

/** The parts of nedb's persistence this adapter takes over (see keepDatafileOpen). */
interface NedbPersistence {
  persistNewStateAsync(docs: unknown[]): Promise<void>;
  persistCachedDatabaseAsync(): Promise<void>;
}

const COLLECTION_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
/** nedb appends every write; compacting now and then keeps the files (and the next start-up) small. */
const AUTOCOMPACTION_MS = 10 * 60_000;

export interface NedbStoreOptions {
  logger?: Logger;
}

/**
 * The embedded document store: one nedb datafile per collection under `<dataDir>/db/`. nedb keeps every collection
 * in memory and appends each write to its file; close() compacts the files so that a restart reloads them whole.
 * One process owns the directory. Filters are rewritten to answer as Mongo does (mongo-semantics.ts). One difference
 * is kept because it is safe in the direction that matters (code that passes on nedb passes on Mongo): $pull on a
 * missing field fails here and is a no-op in Mongo.
 */
export class NedbDocumentStore implements DocumentStore {
  private readonly collections = new Map<string, Promise<NedbCollection<BaseDocument>>>();
  private closed = false;

  private constructor(
    private readonly directory: string,
    private readonly release: () => void,
    private readonly logger: Logger | undefined,
  ) {}

  static async open(dataDir: string, options: NedbStoreOptions = {}): Promise<NedbDocumentStore> {
    const directory = join(dataDir, 'db');
    await mkdir(directory, { recursive: true });
    return new NedbDocumentStore(directory, claimDirectory(directory, 'the nedb document store'), options.logger);
  }

  async collection<T extends BaseDocument>(name: string, indexes: IndexSpec[] = []): Promise<Collection<T>> {
    if (this.closed) throw new Error('the document store is closed');
    if (!COLLECTION_NAME.test(name)) throw new TypeError(`invalid collection name: ${name}`);
    let opened = this.collections.get(name);
    if (!opened) {
      opened = this.load(name);
      this.collections.set(name, opened);
      opened.catch(() => this.collections.delete(name));
    }
    const collection = await opened;
    await collection.ensureIndexes(indexes);
    return collection as unknown as Collection<T>;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const collections = await Promise.allSettled(this.collections.values());
    for (const result of collections) {
      if (result.status === 'fulfilled') await result.value.compact();
    }
    this.release();
  }

  private async load(name: string): Promise<NedbCollection<BaseDocument>> {
    const filename = join(this.directory, `${name}.db`);
    const { droppedBytes } = await dropTornTail(filename);
    if (droppedBytes > 0) {
      this.logger?.warn({ collection: name, droppedBytes }, 'dropped an interrupted write at the end of the datafile');
    }
    const datastore = new Datastore({ filename });
    const datafile = keepDatafileOpen(datastore, filename);
    await datastore.loadDatabaseAsync();
    datastore.setAutocompactionInterval(AUTOCOMPACTION_MS);
    return new NedbCollection(name, datastore, datafile);
  }
}

/**
 * nedb appends each write with fs.appendFile: an open, a write and a close on the thread pool, during which its
 * one-at-a-time executor waits and the collection does nothing else. Appending with one synchronous write to a
 * descriptor kept open costs a few microseconds of the event loop instead; what reaches the disk, and when, is the
 * same (neither syncs). nedb rewrites the file whole when it compacts (a new file renamed over the old one), so the
 * descriptor is let go then and the next append opens the new file. Both run inside nedb's executor, so an append
 * never meets a compaction halfway. Returns what closes the descriptor.
 */
function keepDatafileOpen(datastore: Datastore, filename: string): () => void {
  const persistence = (datastore as unknown as { persistence: NedbPersistence }).persistence;
  const rewrite = persistence.persistCachedDatabaseAsync.bind(persistence);
  let descriptor: number | undefined;
  const release = () => {
    if (descriptor !== undefined) closeSync(descriptor);
    descriptor = undefined;
  };
  persistence.persistNewStateAsync = async (docs) => {
    if (docs.length === 0) return;
    descriptor ??= openSync(filename, 'a');
    const bytes = Buffer.from(docs.map((doc) => `${serialize(doc)}\n`).join(''), 'utf8');
    for (let written = 0; written < bytes.length;) written += writeSync(descriptor, bytes, written);
  };
  persistence.persistCachedDatabaseAsync = async () => {
    await rewrite();
    release();
  };
  return release;
}

interface NedbUniqueViolation extends Error {
  errorType: 'uniqueViolated';
  key: unknown;
}

class NedbCollection<T extends BaseDocument> implements Collection<T> {
  /** Field lists of the unique indexes, `_id` first, in the order nedb checks them. */
  private readonly uniqueIndexes: string[][] = [['_id']];

  constructor(
    private readonly name: string,
    private readonly datastore: Datastore,
    private readonly releaseDatafile: () => void,
  ) {}

  async ensureIndexes(indexes: IndexSpec[]): Promise<void> {
    for (const index of indexes) {
      const fields = Object.keys(index.fields);
      await this.datastore.ensureIndexAsync({
        fieldName: fields.length === 1 ? (fields[0] as string) : fields,
        unique: index.unique ?? false,
        sparse: index.sparse ?? false,
      });
      if (index.unique && !this.uniqueIndexes.some((known) => sameFields(known, fields))) {
        this.uniqueIndexes.push(fields);
      }
    }
  }

  async insertOne(doc: T): Promise<void> {
    try {
      await this.datastore.insertAsync(doc as unknown as Record<string, unknown>);
    } catch (error) {
      throw await this.translate(error, doc._id);
    }
  }

  async findOne(filter: Filter): Promise<T | null> {
    return (await this.datastore.findOneAsync(toNedbFilter(filter))) as unknown as T | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const query = toNedbFilter(filter);
    const indexes = (this.datastore as unknown as { indexes: Record<string, NedbIndex> }).indexes;
    const page = orderedScan(indexes, query, options);
    if (page) return page as unknown as T[];
    let cursor = this.datastore.findAsync(query);
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip !== undefined) cursor = cursor.skip(options.skip);
    if (options.limit !== undefined) cursor = cursor.limit(options.limit);
    return (await cursor) as unknown as T[];
  }

  async count(filter: Filter): Promise<number> {
    return await this.datastore.countAsync(toNedbFilter(filter));
  }

  async updateOne(filter: Filter, update: Update): Promise<T | null> {
    assertOperatorUpdate(update);
    const nedbFilter = toNedbFilter(filter);
    try {
      const { affectedDocuments } = await this.datastore.updateAsync(nedbFilter, update, {
        multi: false,
        returnUpdatedDocs: true,
      });
      return (affectedDocuments ?? null) as unknown as T | null;
    } catch (error) {
      const target = await this.datastore.findOneAsync(nedbFilter);
      throw await this.translate(error, target?._id);
    }
  }

  async updateMany(filter: Filter, update: Update): Promise<number> {
    assertOperatorUpdate(update);
    const nedbFilter = toNedbFilter(filter);
    try {
      return (await this.datastore.updateAsync(nedbFilter, update, { multi: true })).numAffected;
    } catch (error) {
      const target = await this.datastore.findOneAsync(nedbFilter);
      throw await this.translate(error, target?._id);
    }
  }

  async deleteOne(filter: Filter): Promise<boolean> {
    return (await this.datastore.removeAsync(toNedbFilter(filter), { multi: false })) === 1;
  }

  deleteMany(filter: Filter): Promise<number> {
    return this.datastore.removeAsync(toNedbFilter(filter), { multi: true });
  }

  async compact(): Promise<void> {
    this.datastore.stopAutocompaction();
    await this.datastore.compactDatafileAsync();
    this.releaseDatafile();
  }

  /** Turns nedb's unique violation, which names only the clashing value, into the port's DuplicateKeyError. */
  private async translate(error: unknown, ownId: string | undefined): Promise<unknown> {
    if (!isUniqueViolation(error)) return error;
    return new DuplicateKeyError(this.name, await this.violatedIndex(error.key, ownId));
  }

  private async violatedIndex(key: unknown, ownId: string | undefined): Promise<string[]> {
    if (isPlainObject(key)) {
      // A compound index reports the whole key, so its field names identify it.
      const fields = Object.keys(key);
      return this.uniqueIndexes.find((index) => sameFields(index, fields)) ?? fields;
    }
    // A single-field index reports only the value: find the index under which another document holds it.
    for (const [field] of this.uniqueIndexes.filter((index) => index.length === 1) as [string][]) {
      const others = field === '_id' ? { _id: key } : { [field]: key, _id: { $ne: ownId } };
      if (await this.datastore.findOneAsync(others)) return [field];
    }
    return ['(unknown)'];
  }
}

function isUniqueViolation(error: unknown): error is NedbUniqueViolation {
  return error instanceof Error && (error as Partial<NedbUniqueViolation>).errorType === 'uniqueViolated';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}

function sameFields(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((field) => b.includes(field));
}
