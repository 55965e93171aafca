import type { Logger, ServiceClient } from '@tip/platform';
import type { MessagingDefinition } from '@tip/messaging/contract';
import { previewOf } from '../domain/index.js';

/** Messaging as notifications calls it: the text of a conversation's latest message to a member. */
export type MessagePreviewClient = Pick<ServiceClient<MessagingDefinition>, 'Preview'>;

/**
 * The preview a member's devices show of a conversation's latest message to them, asked of messaging when the push
 * is sent (events carry no text). A failed call leaves the push without it: who wrote is still worth telling.
 */
export function messagePreviews(messaging: MessagePreviewClient, logger: Logger) {
  return async (conversation: string, recipientId: string): Promise<string | null> => {
    try {
      const { content } = await messaging.Preview({ conversation, recipientId });
      return content ? previewOf(content) : null;
    } catch (error) {
      logger.warn({ err: error }, 'no preview of a message for the devices: messaging did not answer');
      return null;
    }
  };
}
