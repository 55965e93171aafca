import type { Agent } from 'node:https';
import type { DocumentStore, Logger } from '@tip/platform';
import type { NotificationsContext } from '../app/context.js';
import { DEFAULT_VAPID_SUBJECT } from '../config.js';
import { PreferenceStore } from './preference-store.js';
import { PushSubscriptions } from './push-subscriptions.js';
import { pushTexts } from './push-texts.js';
import { vapidKeys } from './vapid-keys.js';
import { WebPushSender } from './web-push-sender.js';

/** How notifications reaches the members' devices (config VAPID_*, PUSH_HOLD_MS). */
export interface PushOptions {
  /** The VAPID keys (both or neither: then generated once and kept) and whom push services may contact. */
  vapid?: { publicKey?: string | undefined; privateKey?: string | undefined; subject?: string | undefined };
  /** How long a message's notification waits before it goes to the devices (DevicePushes). */
  pushHoldMs?: number;
  /** Only for a local push service's stand-in (tests, benches): an agent that trusts its certificate. */
  pushAgent?: Agent;
}

/** What the use cases need to tell devices: the members' preferences and subscriptions, the keys, the sentences. */
export async function openPushing(
  documents: DocumentStore,
  options: PushOptions,
  logger: Logger,
): Promise<Pick<NotificationsContext, 'preferences' | 'subscriptions' | 'pushKey' | 'sender' | 'texts'>> {
  const [preferences, subscriptions, vapid] = await Promise.all([
    PreferenceStore.open(documents),
    PushSubscriptions.open(documents),
    vapidKeys(documents, { ...options.vapid, subject: options.vapid?.subject ?? DEFAULT_VAPID_SUBJECT }),
  ]);
  return {
    preferences,
    subscriptions,
    pushKey: vapid.publicKey,
    sender: new WebPushSender(vapid, logger, options.pushAgent),
    texts: pushTexts(),
  };
}
