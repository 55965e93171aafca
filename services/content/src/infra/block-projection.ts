import { DuplicateKeyError, type Collection, type DocumentStore } from '@tip/platform';

interface BlockDocument {
  /** `<blocker>:<blocked>` */
  _id: string;
  blockerId: string;
  blockedId: string;
}

/** Blocks between members, projected from identity's events: content hides each side from the other. */
export class BlockProjection {
  private constructor(private readonly blocks: Collection<BlockDocument>) {}

  static async open(store: DocumentStore): Promise<BlockProjection> {
    return new BlockProjection(
      await store.collection<BlockDocument>('blocks', [{ fields: { blockerId: 1 } }, { fields: { blockedId: 1 } }]),
    );
  }

  async add(blockerId: string, blockedId: string): Promise<void> {
    try {
      await this.blocks.insertOne({ _id: `${blockerId}:${blockedId}`, blockerId, blockedId });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
  }

  async remove(blockerId: string, blockedId: string): Promise<void> {
    await this.blocks.deleteOne({ _id: `${blockerId}:${blockedId}` });
  }

  /** Whoever the member blocked and whoever blocked the member: blocking is mutual. */
  async hiddenFrom(userId: string): Promise<string[]> {
    const [blocked, blockers] = await Promise.all([
      this.blocks.find({ blockerId: userId }),
      this.blocks.find({ blockedId: userId }),
    ]);
    return [...new Set([...blocked.map((block) => block.blockedId), ...blockers.map((block) => block.blockerId)])];
  }
}
