import mongoose from 'mongoose';
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

type MongoCollection = mongoose.mongo.Collection<mongoose.mongo.Document>;
type MongoFilter = mongoose.mongo.Filter<mongoose.mongo.Document>;
type MongoUpdate = mongoose.mongo.UpdateFilter<mongoose.mongo.Document>;

const DUPLICATE_KEY = 11000;

export interface MongoStoreOptions {
  /** Defaults to the database named in the URL. */
  dbName?: string;
}

/** MongoDB through a mongoose connection, using the driver's collection operations directly (no schemas, no models). */
export class MongoDocumentStore implements DocumentStore {
  private closed = false;

  private constructor(
    private readonly connection: mongoose.Connection,
    private readonly db: mongoose.mongo.Db,
  ) {}

  static async connect(url: string, options: MongoStoreOptions = {}): Promise<MongoDocumentStore> {
    // ignoreUndefined: the embedded store drops undefined fields (as JSON does); Mongo must not store them as null.
    const connection = await mongoose
      .createConnection(url, { ignoreUndefined: true, ...(options.dbName ? { dbName: options.dbName } : {}) })
      .asPromise();
    if (!connection.db) throw new Error('the MongoDB connection has no database');
    return new MongoDocumentStore(connection, connection.db);
  }

  async collection<T extends BaseDocument>(name: string, indexes: IndexSpec[] = []): Promise<Collection<T>> {
    if (this.closed) throw new Error('the document store is closed');
    const collection = this.db.collection(name);
    for (const index of indexes) {
      // sparse (not a partial index): Mongo then leaves out of a compound index only documents missing all its fields.
      await collection.createIndex(index.fields, { unique: index.unique ?? false, sparse: index.sparse ?? false });
    }
    return new MongoCollectionAdapter<T>(name, collection);
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
  ) {}

  async insertOne(doc: T): Promise<void> {
    try {
      // A copy: the driver would otherwise be free to decorate the caller's object.
      await this.collection.insertOne({ ...doc } as unknown as mongoose.mongo.OptionalId<mongoose.mongo.Document>);
    } catch (error) {
      throw this.translate(error);
    }
  }

  async findOne(filter: Filter): Promise<T | null> {
    return (await this.collection.findOne(filter as MongoFilter)) as unknown as T | null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    let cursor = this.collection.find(filter as MongoFilter);
    if (options.sort) cursor = cursor.sort(options.sort);
    if (options.skip !== undefined) cursor = cursor.skip(options.skip);
    if (options.limit !== undefined) cursor = cursor.limit(options.limit);
    return (await cursor.toArray()) as unknown as T[];
  }

  async count(filter: Filter): Promise<number> {
    return await this.collection.countDocuments(filter as MongoFilter);
  }

  async updateOne(filter: Filter, update: Update): Promise<T | null> {
    try {
      return (await this.collection.findOneAndUpdate(filter as MongoFilter, update as MongoUpdate, {
        returnDocument: 'after',
        includeResultMetadata: false,
      })) as unknown as T | null;
    } catch (error) {
      throw this.translate(error);
    }
  }

  async updateMany(filter: Filter, update: Update): Promise<number> {
    try {
      return (await this.collection.updateMany(filter as MongoFilter, update as MongoUpdate)).matchedCount;
    } catch (error) {
      throw this.translate(error);
    }
  }

  async deleteOne(filter: Filter): Promise<boolean> {
    return (await this.collection.deleteOne(filter as MongoFilter)).deletedCount === 1;
  }

  async deleteMany(filter: Filter): Promise<number> {
    return (await this.collection.deleteMany(filter as MongoFilter)).deletedCount;
  }

  private translate(error: unknown): unknown {
    if (!(error instanceof mongoose.mongo.MongoServerError) || error.code !== DUPLICATE_KEY) return error;
    const keyPattern = (error as { keyPattern?: Record<string, unknown> }).keyPattern;
    return new DuplicateKeyError(this.name, keyPattern ? Object.keys(keyPattern) : ['(unknown)']);
  }
}
