import { counter, DomainError, parseInput } from '@tip/platform';
import { MessageSent } from '../contract/index.js';
import { conversationKey, MESSAGE_COST, messageSchema, postConversationKey } from '../domain/index.js';
import type { MessageDocument } from '../infra/message-repository.js';
import type { CallInfo, MessagingContext } from './context.js';
import { messageView } from './views.js';

/** Messages sent (committed, once each). */
const messagesSent = counter('tip_messages_sent_total', 'Messages sent');

const messageId = (id: string) => {
  if (!/^[A-Za-z0-9-]{8,64}$/.test(id))
    throw new DomainError('INVALID_ARGUMENT', 'errors.invalidInput', { field: 'id' });
  return id;
};

/** An anonymous post a message is about, as content answered it: the post and its author. */
export interface AnonymousPost {
  postId: string;
  authorId: string;
}

/**
 * The conversation a message goes to. Through an anonymous post, a member writes to its author, in a conversation of
 * their own; the author answers only where a member wrote to them (the post is no cover to start one).
 */
async function conversationOf(
  context: MessagingContext,
  senderId: string,
  recipientId: string,
  post: AnonymousPost | null,
): Promise<string> {
  if (!post) return conversationKey(senderId, recipientId);
  if (senderId !== post.authorId) {
    if (recipientId !== post.authorId) {
      throw new DomainError('INVALID_ARGUMENT', 'errors.invalidInput', { field: 'recipientId' });
    }
    return postConversationKey(post.postId, senderId);
  }
  const key = postConversationKey(post.postId, recipientId);
  if (!(await context.messages.hasSent(key, recipientId)))
    throw new DomainError('NOT_FOUND', 'messaging.recipientUnavailable');
  return key;
}

export interface SendInput {
  messageId: string;
  userId: string;
  recipientId: string;
  content: string;
  anonymousPost: AnonymousPost | null;
}

/**
 * Sends a message and charges its sender: the rules and the message kept pending, the wallet's debit keyed by the
 * message (a retried send is charged once), then the commit. A refused debit drops the pending message. Should this
 * process stop between the debit and the commit, the debit's CreditsDebited commits it (commitPaidMessages).
 */
export async function send(context: MessagingContext, input: SendInput, call: CallInfo) {
  const { cost, pending } = await prepareSend(context, input);
  const { messageId, userId } = input;
  let debited: { balance: number; entry: { sequence: number } | null } | undefined;
  if (cost > 0) {
    debited = await context.wallet
      .Debit({
        userId,
        amount: cost,
        reference: { type: 'message', id: messageId },
        idempotencyKey: `message:${messageId}`,
        actorId: userId,
      })
      .catch(async (error: unknown) => {
        if (error instanceof DomainError && error.code === 'PAYMENT_REQUIRED') {
          await abortSend(context, { messageId, userId });
        }
        throw error;
      });
  }
  const message = await commitSend(context, { messageId, userId }, call, pending);
  return {
    message,
    debited: debited !== undefined,
    balance: debited?.balance ?? 0,
    sequence: debited?.entry?.sequence ?? 0,
  };
}

/**
 * The rules of writing (docs/product.md#private-messages: approved members and admins; not to oneself; to a member
 * who exists, is not deleted and neither blocked nor blocking; 1 to 2,000 characters once trimmed), then the message
 * kept pending under the client's id. A retry of the same message finds it; the same id for another message is
 * refused. Answers what the wallet must take, and the message as kept.
 */
async function prepareSend(context: MessagingContext, input: SendInput) {
  const id = messageId(input.messageId);
  // Both members and the pair's blocks in one round of reads: each is a round trip to the store, on a paid send's path.
  const [members, blocked] = await Promise.all([
    context.members.getMany([input.userId, input.recipientId]),
    // Messaging's own projection of identity's blocks decides, whatever the caller knows of them.
    context.blocks.between(input.userId, input.recipientId),
  ]);
  const sender = members.get(input.userId);
  if (!sender || (sender.verificationStatus !== 'approved' && !sender.isAdmin)) {
    throw new DomainError('PERMISSION_DENIED', 'errors.notApproved');
  }
  if (input.recipientId === input.userId) throw new DomainError('INVALID_ARGUMENT', 'messaging.contactSelf');
  const recipient = members.get(input.recipientId);
  if (!recipient || blocked) throw new DomainError('NOT_FOUND', 'messaging.recipientUnavailable');
  const { content } = parseInput(messageSchema, { content: input.content });
  const post = input.anonymousPost?.postId ? input.anonymousPost : null;
  const conversation = await conversationOf(context, sender._id, recipient._id, post);
  const message: MessageDocument = {
    _id: id,
    conversation,
    senderId: sender._id,
    recipientId: recipient._id,
    content,
    status: 'pending',
    createdAt: new Date().toISOString(),
    ...(post && { postId: post.postId, postAuthorId: post.authorId }),
  };
  const cost = sender.isAdmin ? 0 : MESSAGE_COST;
  if (await context.messages.insertPending(message)) return { cost, pending: message };
  const existing = await context.messages.get(id);
  const same =
    existing?.conversation === conversation &&
    existing.senderId === sender._id &&
    existing.recipientId === recipient._id &&
    existing.content === content;
  if (!same) throw new DomainError('ALREADY_EXISTS', 'messaging.idReused');
  return { cost, pending: existing };
}

/**
 * Makes a paid message visible, once, with its MessageSent: after the debit, or on the wallet's CreditsDebited should
 * the send have stopped in between; `userId`, when given, must be the sender. `known` is the message as the send
 * kept it, which spares reading it again (should it have been committed since, the commit finds it so). Answers the
 * message as its sender is shown it.
 */
export async function commitSend(
  context: MessagingContext,
  input: { messageId: string; userId?: string },
  call: CallInfo,
  known?: MessageDocument,
) {
  const pending = known ?? (await context.messages.get(input.messageId));
  if (!pending || (input.userId !== undefined && pending.senderId !== input.userId)) {
    throw new DomainError('NOT_FOUND', 'errors.notFound');
  }
  if (pending.status === 'sent') return messageView(pending, undefined, pending.senderId);
  const event = MessageSent.create(
    pending.conversation,
    {
      messageId: pending._id,
      conversation: pending.conversation,
      senderId: pending.senderId,
      recipientId: pending.recipientId,
      // When the member sent it: the thread orders by it, and a push must agree.
      sentAt: pending.createdAt,
      ...(pending.postId &&
        pending.postAuthorId && { post: { postId: pending.postId, authorId: pending.postAuthorId } }),
    },
    call.correlationId,
  );
  // The pair's conversation exists from its first message on: the members' inboxes list conversations, not messages.
  // Opened beside the commit, not after it: neither waits for the other, and the call returns once both are done.
  const [marked] = await Promise.all([
    context.messages.markSent(pending._id, [event]),
    context.conversations.open(pending.conversation, [pending.senderId, pending.recipientId]),
  ]);
  if (marked) messagesSent.inc();
  const sent = marked ?? (await context.messages.get(pending._id));
  return messageView(sent ?? pending, undefined, pending.senderId);
}

/** The debit was refused: the pending message goes, so nothing of it is stored. A sent message stays. */
async function abortSend(context: MessagingContext, input: { messageId: string; userId: string }) {
  await context.messages.dropPending(input.messageId, input.userId);
}
