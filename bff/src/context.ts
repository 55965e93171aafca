import type { Cache, Logger, ServiceClient } from '@tip/platform';
import type { ContentDefinition } from '@tip/content/contract';
import type { IdentityDefinition } from '@tip/identity/contract';
import type { MessagingDefinition } from '@tip/messaging/contract';
import type { ModerationDefinition } from '@tip/moderation/contract';
import type { NotificationsDefinition } from '@tip/notifications/contract';
import type { WalletDefinition } from '@tip/wallet/contract';
import type { BffConfig } from './config.js';
import type { GoogleOidc } from './google/google-oidc.js';
import type { RateLimits } from './http/rate-limits.js';
import type { Say } from './i18n/translator.js';
import type { Presence } from './realtime/presence.js';
import type { Push } from './realtime/push.js';
import type { Sessions } from './session/sessions.js';
import type { UserCache } from './session/user-cache.js';
import type { Balances } from './wallet/balances.js';
import type { FeedPages } from './content/feed-pages.js';

/** What the routes work with: built once by startBff. */
export interface BffContext {
  config: BffConfig;
  identity: ServiceClient<IdentityDefinition>;
  wallet: ServiceClient<WalletDefinition>;
  content: ServiceClient<ContentDefinition>;
  messaging: ServiceClient<MessagingDefinition>;
  moderation: ServiceClient<ModerationDefinition>;
  notifications: ServiceClient<NotificationsDefinition>;
  logger: Logger;
  say: Say;
  sessions: Sessions;
  users: UserCache;
  balances: Balances;
  /** Rendered feed pages, served again while nothing they show changed. */
  feedPages: FeedPages;
  limits: RateLimits;
  /** Whether the shared cache stands in for an unreachable Redis (readiness says so). */
  cache: Pick<Cache, 'degraded'>;
  push: Push;
  /** Who is online: the members' sockets and their online-status reports. */
  presence: Presence;
  /** Null when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set. */
  google: GoogleOidc | null;
  /** Where browsers reach us (PUBLIC_URL, else this server's own address), without a trailing slash. */
  publicUrl(): string;
  /** PUBLIC_URL is https: HSTS and every cookie Secure (a request that came over https gets Secure cookies anyway). */
  secureCookies: boolean;
}
