import type { DocumentStore } from '@tip/platform';

/**
 * Content kept a copy of identity's blocks of its own in `blocks` before the services shared one projection
 * (BlockProjection, rebuilt from identity's compacted topic by the group `content.blocks`). That copy goes: nothing
 * keeps it true any more. Its documents are told from identity's own by their lack of `active`, since a store shared
 * by every service (the BFF's test stack) holds both in one collection.
 */
export async function dropEarlierBlocks(store: DocumentStore): Promise<void> {
  const earlier = await store.collection<{ _id: string; active?: boolean }>('blocks');
  await earlier.deleteMany({ active: { $exists: false } });
}
