import type { BlockProjection } from '@tip/identity/contract';
import type { Logger, ServiceClient } from '@tip/platform';
import type { WalletDefinition } from '@tip/wallet/contract';
import type { AuthorDirectory } from '../infra/author-directory.js';
import type { Engagement } from '../infra/engagement.js';
import type { PostMediaStore } from '../infra/post-media.js';
import type { PostRepository } from '../infra/post-repository.js';

/** Whether a new post waits for a moderator or is published at once ('Post creato!'): docs/decisions.md#posts. */
export type PostApproval = 'moderated' | 'immediate';

/** What the use cases work with. */
export interface ContentContext {
  posts: PostRepository;
  authors: AuthorDirectory;
  blocks: BlockProjection;
  engagement: Engagement;
  media: PostMediaStore;
  approval: PostApproval;
  /** Where paid actions are charged: the wallet, called as `content`. */
  wallet: Pick<ServiceClient<WalletDefinition>, 'Debit'>;
  logger: Logger;
}

/** Per call: the request id, carried by the events the call causes. */
export interface CallInfo {
  correlationId: string;
}
