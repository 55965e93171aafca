import { upsert, type Collection, type DocumentStore } from '@tip/platform';
import type { UserProfilePayload } from '@tip/identity/contract';
import { collectionName } from './collections.js';

/** A member as notifications knows them from identity's events: how a notification names them, and the admins. */
export interface MemberDocument {
  _id: string;
  username: string | null;
  profileImageUrl: string | null;
  isAdmin: boolean;
  /** Erased: nothing of theirs is kept but this mark, so an event still on its way tells no one of them. */
  deleted?: boolean;
}

/** The members notifications knows, kept from identity's events. */
export class MemberDirectory {
  private constructor(private readonly members: Collection<MemberDocument>) {}

  static async open(store: DocumentStore): Promise<MemberDirectory> {
    return new MemberDirectory(
      await store.collection<MemberDocument>(collectionName('members'), [{ fields: { isAdmin: 1 } }]),
    );
  }

  async getMany(ids: string[]): Promise<Map<string, MemberDocument>> {
    const found = ids.length > 0 ? await this.members.find({ _id: { $in: [...new Set(ids)] } }) : [];
    return new Map(found.map((member) => [member._id, member]));
  }

  /** Who hears of the admins' queues. */
  async admins(): Promise<string[]> {
    return (await this.members.find({ isAdmin: true })).map((member) => member._id);
  }

  /** Sets what identity says of the member; a repeat changes nothing. */
  async remember({ userId, username, profileImageUrl, isAdmin }: UserProfilePayload): Promise<void> {
    const profile = { username, profileImageUrl, isAdmin };
    await upsert(this.members, userId, profile, () => ({ _id: userId, ...profile }));
  }

  /** Erasure: the member's name and picture go; the mark that they are gone stays. */
  async forget(userId: string): Promise<void> {
    const gone = { username: null, profileImageUrl: null, isAdmin: false, deleted: true };
    await upsert(this.members, userId, gone, () => ({ _id: userId, ...gone }));
  }
}
