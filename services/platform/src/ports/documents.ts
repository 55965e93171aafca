/**
 * The documents port: a Mongo-shaped subset that both the embedded store (SQLite, sqlite-store.ts) and MongoDB serve
 * identically. Repository code is written once against it.
 */
export type Filter = Record<string, unknown>;
/** Mongo update operators: $set, $unset, $inc, $push, $pull. A plain object is not accepted (no whole-document replace). */
export type Update = Partial<Record<'$set' | '$unset' | '$inc' | '$push' | '$pull', Record<string, unknown>>>;

export interface FindOptions {
  sort?: Record<string, 1 | -1>;
  skip?: number;
  limit?: number;
}

export interface CountOptions {
  /** Counts no further than this. */
  limit?: number;
}

export interface IndexSpec {
  fields: Record<string, 1 | -1>;
  unique?: boolean;
  /** Unique only among documents that have the field (Mongo: partial index on $exists). */
  sparse?: boolean;
}

/** Every document has a string `_id` chosen by the caller. */
export interface BaseDocument {
  _id: string;
}

export interface Collection<T extends BaseDocument> {
  insertOne(doc: T): Promise<void>;
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  count(filter: Filter, options?: CountOptions): Promise<number>;
  /** Applies the update to the first match; returns the updated document, or null when nothing matched. */
  updateOne(filter: Filter, update: Update): Promise<T | null>;
  /** Applies the update to every match in one write; returns how many documents matched. */
  updateMany(filter: Filter, update: Update): Promise<number>;
  deleteOne(filter: Filter): Promise<boolean>;
  /** Deletes every match; returns how many there were. */
  deleteMany(filter: Filter): Promise<number>;
}

export interface DocumentStore {
  collection<T extends BaseDocument>(name: string, indexes?: IndexSpec[]): Promise<Collection<T>>;
  /** Flushes what is pending and releases files or connections. */
  close(): Promise<void>;
}

/** Thrown by insertOne/updateOne when a unique index would be violated, the same way by every adapter. */
export class DuplicateKeyError extends Error {
  constructor(
    readonly collection: string,
    readonly fields: string[],
  ) {
    super(`duplicate key in ${collection} on ${fields.join(', ')}`);
    this.name = 'DuplicateKeyError';
  }
}
