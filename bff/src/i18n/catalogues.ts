import { loadMessageCatalogues, PLATFORM_MESSAGES, type Language, type MessageCatalogue } from '@tip/platform';
import { CONTENT_MESSAGES } from '@tip/content/contract';
import { IDENTITY_MESSAGES } from '@tip/identity/contract';
import { MESSAGING_MESSAGES } from '@tip/messaging/contract';
import { MODERATION_MESSAGES } from '@tip/moderation/contract';
import { NOTIFICATIONS_MESSAGES } from '@tip/notifications/contract';
import { WALLET_MESSAGES } from '@tip/wallet/contract';

/** Where the texts the BFF says are: the kernel's (errors) and each service's, from its contract. */
export const MESSAGE_DIRS = [
  PLATFORM_MESSAGES,
  IDENTITY_MESSAGES,
  WALLET_MESSAGES,
  CONTENT_MESSAGES,
  MESSAGING_MESSAGES,
  MODERATION_MESSAGES,
  NOTIFICATIONS_MESSAGES,
];

/** Every text the BFF may say, per language. */
export function loadCatalogues(): Record<Language, MessageCatalogue> {
  return loadMessageCatalogues(MESSAGE_DIRS);
}
