import type { BlockProjection } from '@tip/identity/contract';
import type { Logger } from '@tip/platform';
import type { NotificationKind, Translate } from '../domain/index.js';
import type { Bells } from '../infra/bells.js';
import type { MemberDirectory } from '../infra/member-directory.js';
import type { NotificationStore } from '../infra/notification-store.js';
import type { PostDirectory } from '../infra/post-directory.js';
import type { PreferenceStore } from '../infra/preference-store.js';
import type { PushSubscriptions } from '../infra/push-subscriptions.js';
import type { WebPushSender } from '../infra/web-push-sender.js';

export interface NotificationsContext {
  entries: NotificationStore;
  bells: Bells;
  members: MemberDirectory;
  posts: PostDirectory;
  blocks: BlockProjection;
  preferences: PreferenceStore;
  subscriptions: PushSubscriptions;
  /** The VAPID public key browsers subscribe with (base64url). */
  pushKey: string;
  /** The push services' hosts a device's subscription may name (config PUSH_SERVICE_HOSTS). */
  pushServiceHosts: readonly string[];
  sender: WebPushSender;
  pushes: DeviceNotifier;
  /** The sentences in a device's language. */
  texts: (language: string) => Translate;
  /**
   * The text of the conversation's latest message to the member, for their devices (previews), from messaging; null
   * when it cannot be had.
   */
  previews: (conversation: string, recipientId: string) => Promise<string | null>;
  logger: Logger;
}

/**
 * Tells a member's devices of a new entry once the handler is done (app/push.ts's DevicePushes): what a use case needs
 * of it, so that this module does not import push.ts, which imports it.
 */
export interface DeviceNotifier {
  tell(userId: string, entryId: string, kind: NotificationKind): void;
}
