import type { BlockProjection } from '@tip/identity/contract';
import type { Logger, ServiceClient } from '@tip/platform';
import type { WalletDefinition } from '@tip/wallet/contract';
import type { ConversationRepository } from '../infra/conversation-repository.js';
import type { MemberDirectory } from '../infra/member-directory.js';
import type { MessageRepository } from '../infra/message-repository.js';

export interface MessagingContext {
  members: MemberDirectory;
  messages: MessageRepository;
  conversations: ConversationRepository;
  /** Blocks as identity's events say: neither member of a blocked pair writes to or sees the other here. */
  blocks: BlockProjection;
  /** Where a message's credits are taken: the wallet, called as `messaging`. */
  wallet: Pick<ServiceClient<WalletDefinition>, 'Debit'>;
  logger: Logger;
}

/** Per call: the request id, carried by the events the call causes. */
export interface CallInfo {
  correlationId: string;
}
