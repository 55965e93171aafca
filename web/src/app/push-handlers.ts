import { pushHandlers as admin } from '@/features/admin';
import { pushHandlers as auth } from '@/features/auth';
import { pushHandlers as blocks } from '@/features/blocks';
import { pushHandlers as feed } from '@/features/feed';
import { pushHandlers as messages } from '@/features/messages';
import { pushHandlers as notifications } from '@/features/notifications';
import { pushHandlers as profile } from '@/features/profile';
import { pushHandlers as wallet } from '@/features/wallet';
import type { PushHandlers } from '@/realtime/push';

/**
 * Every feature's push handlers, in the order an event handled by several is applied: a block refreshes the blocks
 * list before the feeds, a deleted member's cached profile goes stale before their messages leave the conversations.
 */
export const pushHandlers: readonly PushHandlers[] = [
  auth,
  wallet,
  blocks,
  feed,
  profile,
  messages,
  notifications,
  admin,
];
