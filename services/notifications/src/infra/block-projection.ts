import { blockKey } from '@tip/identity/contract';
import { insertOnce, type Collection, type DocumentStore } from '@tip/platform';
import { collectionName } from './collections.js';

interface BlockDocument {
  /** blockKey(blocker, blocked) */
  _id: string;
  blockerId: string;
  blockedId: string;
}

/** Blocks between members, from identity's events: nothing from or about one reaches the other, either way. */
export class BlockProjection {
  private constructor(private readonly blocks: Collection<BlockDocument>) {}

  static async open(store: DocumentStore): Promise<BlockProjection> {
    return new BlockProjection(
      await store.collection<BlockDocument>(collectionName('blocks'), [
        { fields: { blockerId: 1 } },
        { fields: { blockedId: 1 } },
      ]),
    );
  }

  async add(blockerId: string, blockedId: string): Promise<void> {
    await insertOnce(this.blocks, { _id: blockKey(blockerId, blockedId), blockerId, blockedId });
  }

  async remove(blockerId: string, blockedId: string): Promise<void> {
    await this.blocks.deleteOne({ _id: blockKey(blockerId, blockedId) });
  }

  /** Whether either member blocked the other. */
  async between(a: string, b: string): Promise<boolean> {
    return (await this.blocks.count({ _id: { $in: [blockKey(a, b), blockKey(b, a)] } })) > 0;
  }

  /** Erasure: the member's blocks, made and received, go (identity lifts them too). */
  async forgetMember(userId: string): Promise<void> {
    await this.blocks.deleteMany({ blockerId: userId });
    await this.blocks.deleteMany({ blockedId: userId });
  }
}
