import type { Collection, Logger } from '@tip/platform';
import type { ConversationRepository } from './conversation-repository.js';
import type { MessageRepository } from './message-repository.js';

/** Messages read per page: the backfill runs beside the service's work and yields between pages. */
const PAGE = 1000;
const MIGRATION = 'conversations-from-messages';

/**
 * Inboxes list a member's conversations; before, a conversation's document was made on its first read, so a data
 * directory from then may hold pairs with messages and no conversation. This makes the missing ones once (recorded
 * in `migrations`), reading the messages in pages by id in the background after start; a stop interrupts it, and
 * the next start begins again.
 */
export async function backfillConversations(
  stores: { messages: MessageRepository; conversations: ConversationRepository },
  migrations: Collection<{ _id: string; doneAt: string }>,
  logger: Logger,
  signal: AbortSignal,
): Promise<void> {
  if (await migrations.findOne({ _id: MIGRATION })) return;
  let after = '';
  let made = 0;
  for (;;) {
    const page = await stores.messages.sentAfter(after, PAGE);
    const pairs = new Map(page.map((message) => [message.conversation, [message.senderId, message.recipientId]]));
    for (const [key, participants] of pairs) {
      if ((await stores.conversations.open(key, participants)).created) made += 1;
    }
    const last = page.at(-1);
    if (signal.aborted) return;
    if (!last || page.length < PAGE) break;
    after = last._id;
    await new Promise((resolve) => setImmediate(resolve));
  }
  await migrations.insertOne({ _id: MIGRATION, doneAt: new Date().toISOString() });
  if (made > 0)
    logger.info({ conversations: made }, 'made the conversations that earlier versions left to the first read');
}
