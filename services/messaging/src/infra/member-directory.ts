import { upsert, type Collection, type DocumentStore } from '@tip/platform';

/** A member as messaging knows them from identity's events: what a conversation shows, and who may write. */
export interface MemberDocument {
  _id: string;
  username: string | null;
  profileImageUrl: string | null;
  verificationStatus: string;
  isAdmin: boolean;
}

export type MemberProfile = Omit<MemberDocument, '_id'>;

/** The members messaging knows, kept from identity's events. */
export class MemberDirectory {
  private constructor(private readonly members: Collection<MemberDocument>) {}

  static async open(store: DocumentStore): Promise<MemberDirectory> {
    return new MemberDirectory(await store.collection<MemberDocument>('members'));
  }

  async getMany(ids: string[]): Promise<Map<string, MemberDocument>> {
    const found = ids.length > 0 ? await this.members.find({ _id: { $in: ids } }) : [];
    return new Map(found.map((member) => [member._id, member]));
  }

  /** Sets what identity says of the member; a repeat changes nothing. */
  async remember(id: string, profile: MemberProfile): Promise<void> {
    await upsert(this.members, id, profile, () => ({ _id: id, ...profile }));
  }

  async forget(id: string): Promise<void> {
    await this.members.deleteOne({ _id: id });
  }
}
