import type { LookupFunction } from 'node:net';
import type { DocumentStore, Logger } from '@tip/platform';
import type { NotificationsContext } from '../app/context.js';
import { DEFAULT_VAPID_SUBJECT } from '../config.js';
import { KNOWN_PUSH_SERVICE_HOSTS } from '../domain/index.js';
import { PreferenceStore } from './preference-store.js';
import { PushSubscriptions } from './push-subscriptions.js';
import { PushServiceAgent } from './push-service-agent.js';
import { pushTexts } from './push-texts.js';
import { vapidKeys } from './vapid-keys.js';
import { WebPushSender } from './web-push-sender.js';

/** How notifications reaches the members' devices (config VAPID_*, PUSH_HOLD_MS, PUSH_SERVICE_HOSTS). */
export interface PushOptions {
  /** The VAPID keys (both or neither: then generated once and kept) and whom push services may contact. */
  vapid?: { publicKey?: string | undefined; privateKey?: string | undefined; subject?: string | undefined };
  /** How long a message's notification waits before it goes to the devices (DevicePushes). */
  pushHoldMs?: number;
  /** The push services' hosts a subscription may name (the known browsers' services unless told otherwise). */
  pushServiceHosts?: readonly string[];
  /** Only for a local push service's stand-in (tests): its certificate, trusted besides the system's. */
  pushServiceCa?: string;
  /** Only for tests: how push services' names resolve, instead of DNS. */
  pushLookup?: LookupFunction;
  /** Only for tests: the first wait before a push that failed for a moment is tried again (1 s). */
  pushRetryWaitMs?: number;
}

/** What the use cases need to tell devices: the members' preferences and subscriptions, the keys, the sentences. */
export async function openPushing(
  documents: DocumentStore,
  options: PushOptions,
  logger: Logger,
): Promise<
  Pick<NotificationsContext, 'preferences' | 'subscriptions' | 'pushKey' | 'pushServiceHosts' | 'sender' | 'texts'>
> {
  const [preferences, subscriptions, vapid] = await Promise.all([
    PreferenceStore.open(documents),
    PushSubscriptions.open(documents),
    vapidKeys(documents, { ...options.vapid, subject: options.vapid?.subject ?? DEFAULT_VAPID_SUBJECT }),
  ]);
  const pushServiceHosts = options.pushServiceHosts ?? KNOWN_PUSH_SERVICE_HOSTS;
  const agent = new PushServiceAgent({
    admittedAddresses: pushServiceHosts,
    ...(options.pushServiceCa && { ca: options.pushServiceCa }),
    ...(options.pushLookup && { lookup: options.pushLookup }),
  });
  return {
    preferences,
    subscriptions,
    pushKey: vapid.publicKey,
    pushServiceHosts,
    sender: new WebPushSender({
      vapid,
      logger,
      agent,
      pushServiceHosts,
      firstRetryWaitMs: options.pushRetryWaitMs,
    }),
    texts: pushTexts(),
  };
}
