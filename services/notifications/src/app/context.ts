import type { Logger } from '@tip/platform';
import type { Bells } from '../infra/bells.js';
import type { BlockProjection } from '../infra/block-projection.js';
import type { MemberDirectory } from '../infra/member-directory.js';
import type { NotificationStore } from '../infra/notification-store.js';
import type { PostDirectory } from '../infra/post-directory.js';

export interface NotificationsContext {
  entries: NotificationStore;
  bells: Bells;
  members: MemberDirectory;
  posts: PostDirectory;
  blocks: BlockProjection;
  logger: Logger;
}
