import { createHash } from 'node:crypto';
import { upsert, type Collection, type DocumentStore } from '@tip/platform';
import { DEVICES_PER_MEMBER } from '../domain/index.js';
import { collectionName } from './collections.js';

/** A device's subscription to the member's notifications, as its browser's push service gave it. */
export interface PushSubscriptionDocument {
  /** A hash of the endpoint: an endpoint is one device's, so the same one again replaces it, whoever signs in. */
  _id: string;
  userId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The language the device's notifications are written in. */
  language: string;
  createdAt: string;
}

export type PushSubscriptionInput = Pick<PushSubscriptionDocument, 'userId' | 'endpoint' | 'keys' | 'language'>;

const idOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');

/** The members' devices that hear of their notifications. */
export class PushSubscriptions {
  private constructor(private readonly subscriptions: Collection<PushSubscriptionDocument>) {}

  static async open(store: DocumentStore): Promise<PushSubscriptions> {
    const subscriptions = await store.collection<PushSubscriptionDocument>(collectionName('push_subscriptions'), [
      { fields: { userId: 1 } },
    ]);
    return new PushSubscriptions(subscriptions);
  }

  /**
   * Subscribes the device, or replaces its subscription (another member's too: the endpoint moves to this one). Past
   * DEVICES_PER_MEMBER, the member's devices subscribed longest ago end: each push goes to every device, so a member
   * must not make one event into a flood of connections.
   */
  async put(subscription: PushSubscriptionInput, at: string): Promise<void> {
    const { userId, endpoint, keys, language } = subscription;
    const fields = { userId, endpoint, keys, language, createdAt: at };
    const _id = idOf(endpoint);
    await upsert(this.subscriptions, _id, fields, () => ({ _id, ...fields }));
    const others = (await this.ofMember(userId)).filter((device) => device._id !== _id);
    const ended = others.slice(0, Math.max(0, others.length - (DEVICES_PER_MEMBER - 1)));
    if (ended.length > 0) await this.subscriptions.deleteMany({ _id: { $in: ended.map((device) => device._id) } });
  }

  /** The member's device no longer hears anything (they signed out there, or turned push off); no one else's. */
  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await this.subscriptions.deleteOne({ _id: idOf(endpoint), userId });
  }

  /** The device's push service said the subscription is gone (404, 410). */
  async remove(endpoint: string): Promise<void> {
    await this.subscriptions.deleteOne({ _id: idOf(endpoint) });
  }

  /** The member's devices, the oldest subscribed first. */
  ofMember(userId: string): Promise<PushSubscriptionDocument[]> {
    return this.subscriptions.find({ userId }, { sort: { createdAt: 1 } });
  }

  /** Erasure: none of the member's devices hears anything more. */
  async removeOf(userId: string): Promise<void> {
    await this.subscriptions.deleteMany({ userId });
  }
}
