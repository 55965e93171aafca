import { upsert, type Collection, type DocumentStore } from '@tip/platform';
import type { UserProfilePayload } from '@tip/identity/contract';
import { afterPremium, planPremium, type PremiumDue, type PremiumMoment } from '../domain/index.js';
import { collectionName } from './collections.js';

/** A member as notifications knows them from identity's events: how a notification names them, and the admins. */
export interface MemberDocument {
  _id: string;
  username: string | null;
  profileImageUrl: string | null;
  isAdmin: boolean;
  /** Erased: nothing of theirs is kept but this mark, so an event still on its way tells no one of them. */
  deleted?: boolean;
  /** When their premium ends, as identity last said (null: none); its moments are planned when it changes. */
  premiumExpiry?: string | null;
  /** What is next to tell of that expiry (premium.ts), and when: the sweep's index. Absent: nothing. */
  premiumDue?: PremiumMoment;
  premiumDueAt?: string;
}

/** A member with a moment of their premium to tell. */
export interface PremiumToTell extends PremiumDue {
  userId: string;
  expiry: string;
}

/** The fields that say what is next to tell of a premium, or that nothing is. */
const planned = (due: PremiumDue | null) =>
  due ? { $set: { premiumDue: due.moment, premiumDueAt: due.at } } : { $unset: { premiumDue: '', premiumDueAt: '' } };

/** The members notifications knows, kept from identity's events. */
export class MemberDirectory {
  private constructor(
    private readonly members: Collection<MemberDocument>,
    private readonly now: () => Date,
  ) {}

  /** `now` is the clock premium's moments are planned by (the sweep's). */
  static async open(store: DocumentStore, now: () => Date): Promise<MemberDirectory> {
    const members = await store.collection<MemberDocument>(collectionName('members'), [
      { fields: { isAdmin: 1 } },
      { fields: { premiumDueAt: 1 } },
    ]);
    return new MemberDirectory(members, now);
  }

  async getMany(ids: string[]): Promise<Map<string, MemberDocument>> {
    const found = ids.length > 0 ? await this.members.find({ _id: { $in: [...new Set(ids)] } }) : [];
    return new Map(found.map((member) => [member._id, member]));
  }

  /** Who hears of the admins' queues. */
  async admins(): Promise<string[]> {
    return (await this.members.find({ isAdmin: true })).map((member) => member._id);
  }

  /**
   * Sets what identity says of the member; a repeat changes nothing. A new premium expiry (granted, bought, extended,
   * revoked) plans its moments afresh; the same one again leaves what was told of it.
   */
  async remember(profile: UserProfilePayload): Promise<void> {
    const { userId, username, profileImageUrl, isAdmin, premiumSubscriptionExpiry: expiry } = profile;
    const fields = { username, profileImageUrl, isAdmin };
    await upsert(this.members, userId, fields, () => ({ _id: userId, ...fields }));
    const due = planPremium(expiry, this.now());
    const { $set, $unset } = planned(due);
    await this.members.updateOne(
      { _id: userId, premiumExpiry: { $ne: expiry } },
      { $set: { ...$set, premiumExpiry: expiry }, ...($unset && { $unset }) },
    );
  }

  /** Up to `limit` members with a moment of their premium due by `now`, the earliest first. */
  async premiumDue(now: Date, limit: number): Promise<PremiumToTell[]> {
    const due = await this.members.find(
      { premiumDueAt: { $lte: now.toISOString() } },
      { sort: { premiumDueAt: 1 }, limit },
    );
    return due.flatMap(({ _id, premiumExpiry, premiumDue, premiumDueAt }) =>
      premiumExpiry && premiumDue && premiumDueAt
        ? [{ userId: _id, expiry: premiumExpiry, moment: premiumDue, at: premiumDueAt }]
        : [],
    );
  }

  /**
   * Claims the moment for telling: moves the member on to what follows it, written only over the expiry and moment
   * read (a compare-and-set), so of two sweeps at once exactly one wins, and an expiry changed since wins nothing.
   */
  async claimPremium({ userId, expiry, moment }: PremiumToTell): Promise<boolean> {
    const claimed = await this.members.updateOne(
      { _id: userId, premiumExpiry: expiry, premiumDue: moment },
      planned(afterPremium(moment, expiry)),
    );
    return claimed !== null;
  }

  /** Erasure: the member's name, picture and premium go; the mark that they are gone stays. */
  async forget(userId: string): Promise<void> {
    const gone = { username: null, profileImageUrl: null, isAdmin: false, deleted: true };
    await upsert(this.members, userId, gone, () => ({ _id: userId, ...gone }));
    await this.members.updateOne({ _id: userId }, { $unset: { premiumExpiry: '', premiumDue: '', premiumDueAt: '' } });
  }
}
