import { followEvents, onEach, type EventBus, type Logger, type Subscription } from '@tip/platform';
import { IDENTITY_EVENTS } from '../contract/index.js';
import type { UserRepository } from './user-repository.js';

/**
 * The admin console's lists (UserRepository's totals and pages) read again once another process on the same data
 * wrote a user, as its event tells: each process keeps its own lists, so each hears identity's events in a consumer
 * group of its own (`group`; npm start's workers, one each). A write of this process stales them at once; the
 * event, a second time, which costs a read.
 */
export function followUserWritesForLists(options: {
  users: UserRepository;
  events: EventBus;
  group: string;
  logger: Logger;
}): Promise<Subscription> {
  const { users, events, group, logger } = options;
  return followEvents({ events, group, logger, reactions: onEach(IDENTITY_EVENTS, () => users.listsChanged()) });
}
