import { DuplicateKeyError, type BaseDocument, type Collection } from './documents.js';

/**
 * Sets `fields` on the document `id`, creating it from `created()` when missing. Two concurrent creators (two
 * deliveries about one aggregate) end with one document holding the fields.
 */
export async function upsert<T extends BaseDocument>(
  collection: Collection<T>,
  id: string,
  fields: Partial<T>,
  created: () => T,
): Promise<void> {
  if (await collection.updateOne({ _id: id }, { $set: fields })) return;
  try {
    await collection.insertOne({ ...created(), ...fields });
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
    await collection.updateOne({ _id: id }, { $set: fields });
  }
}

/** Inserts the document unless one with its id (or a unique field) is there already: a repeat changes nothing. */
export async function insertOnce<T extends BaseDocument>(collection: Collection<T>, document: T): Promise<void> {
  try {
    await collection.insertOne(document);
  } catch (error) {
    if (!(error instanceof DuplicateKeyError)) throw error;
  }
}
