import { hostname } from 'node:os';
import { followEvents, type EventBus, type EventReaction, type Logger, type Subscription } from '@tip/platform';

/** What a replica's follower of the log needs; `group` replaces the per-host group (tests, several stacks a host). */
export interface FollowingHere {
  events: EventBus;
  logger: Logger;
  group?: string;
}

/**
 * Follows `reactions` for this replica alone. Each replica pushes to its own sockets and keeps its own caches, so each
 * consumes every event of them: the consumer group is per host, `bff-<name>-<host>` (a new group reads from the
 * start of the log).
 */
export function followHere(options: FollowingHere, name: string, reactions: EventReaction[]): Promise<Subscription> {
  return followEvents({
    events: options.events,
    group: options.group ?? `bff-${name}-${hostname()}`,
    logger: options.logger,
    reactions,
  });
}
