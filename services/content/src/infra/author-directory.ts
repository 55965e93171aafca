import { upsert, type Collection, type DocumentStore } from '@tip/platform';

export const AUTHORS_COLLECTION = 'authors';

/**
 * What content keeps about a member, projected from identity's events: the public profile shown on posts, and what
 * its rules need (approval, role, gender, premium, whether there is a Telegram handle to sell).
 */
export interface AuthorDocument {
  _id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  verificationStatus: string;
  gender: 'male' | 'female' | null;
  isAdmin: boolean;
  /** Whether the author has a Telegram handle to reveal (the handle itself stays with identity). */
  hasTelegram: boolean;
  premiumSubscriptionExpiry: string | null;
}

/** The projection of identity's users, by id. */
export class AuthorDirectory {
  private constructor(readonly collection: Collection<AuthorDocument>) {}

  static async open(store: DocumentStore): Promise<AuthorDirectory> {
    return new AuthorDirectory(await store.collection<AuthorDocument>(AUTHORS_COLLECTION));
  }

  get(id: string): Promise<AuthorDocument | null> {
    return this.collection.findOne({ _id: id });
  }

  async many(ids: string[]): Promise<Map<string, AuthorDocument>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const found = await this.collection.find({ _id: { $in: unique } });
    return new Map(found.map((author) => [author._id, author]));
  }

  /** Sets the profile fields an event carries, creating the member when it is new. Safe to repeat. */
  async upsert(id: string, fields: Omit<Partial<AuthorDocument>, '_id'>): Promise<void> {
    await upsert(this.collection, id, fields, () => ({
      _id: id,
      username: null,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      verificationStatus: 'unverified',
      gender: null,
      isAdmin: false,
      hasTelegram: false,
      premiumSubscriptionExpiry: null,
    }));
  }

  async remove(id: string): Promise<void> {
    await this.collection.deleteOne({ _id: id });
  }
}
