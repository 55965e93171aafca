import { BlockProjection } from '@tip/identity/contract';
import { startService, type RunningService, type ServiceClient, type ServiceRuntime } from '@tip/platform';
import type { WalletDefinition } from '@tip/wallet/contract';
import {
  MESSAGING_MESSAGES_TOPIC,
  MESSAGING_CALLERS,
  MESSAGING_SERVICE_NAME,
  messagingDefinition,
  type MessagingDefinition,
} from './contract/index.js';
import type { MessagingContext } from './app/context.js';
import { messagingHandlers } from './grpc/handlers.js';
import { commitPaidMessages, projectBlocks, projectMembers } from './infra/consumers.js';
import { backfillConversations } from './infra/conversation-backfill.js';
import { ConversationRepository } from './infra/conversation-repository.js';
import { MemberDirectory } from './infra/member-directory.js';
import { MessageRepository } from './infra/message-repository.js';

export type MessagingServiceOptions = Omit<ServiceRuntime, 'objects'> & {
  /** The wallet, which takes a message's credits; its token names `messaging` as the caller. */
  wallet: Pick<ServiceClient<WalletDefinition>, 'Debit'>;
};

export type RunningMessagingService = RunningService<MessagingDefinition>;

/**
 * Starts messaging: its gRPC server, the relays of messages and read marks on `messaging.messages`, its projections
 * of identity's members and blocks, and the send's safety net on the wallet's debits.
 */
export async function startMessagingService(options: MessagingServiceOptions): Promise<RunningMessagingService> {
  const { documents, events, logger } = options;
  const [members, messages, conversations, blocks] = await Promise.all([
    MemberDirectory.open(documents),
    MessageRepository.open(documents),
    ConversationRepository.open(documents),
    BlockProjection.open(documents),
  ]);
  const context: MessagingContext = { members, messages, conversations, blocks, wallet: options.wallet, logger };
  const migrations = await documents.collection<{ _id: string; doneAt: string }>('migrations');
  return startService({
    address: options.address,
    serviceTokenSecret: options.serviceTokenSecret,
    acceptedServiceTokenSecret: options.acceptedServiceTokenSecret,
    service: {
      name: MESSAGING_SERVICE_NAME,
      definition: messagingDefinition(),
      handlers: messagingHandlers(context),
      callers: MESSAGING_CALLERS,
    },
    events,
    logger,
    outboxes: [messages.outbox(MESSAGING_MESSAGES_TOPIC), conversations.outbox(MESSAGING_MESSAGES_TOPIC)],
    consumers: [
      () => projectMembers(context, events),
      () => projectBlocks(context, events),
      () => commitPaidMessages(context, events),
    ],
    startupPasses: [
      {
        what: 'make the conversations of earlier messages',
        run: (signal) => backfillConversations({ messages, conversations }, migrations, logger, signal),
      },
    ],
  });
}
