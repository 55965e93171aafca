import { ZodError, type z } from 'zod';
import type { EventDefinition } from '../events/define-event.js';
import type { Logger } from '../logging/logger.js';
import type { DeliveredEvent, EventBus, Subscription } from '../ports/events.js';

/** What to do with one event type of a followed topic. */
export interface EventReaction {
  definition: EventDefinition<z.ZodType>;
  handle(payload: unknown, event: DeliveredEvent): Promise<void>;
}

export function on<S extends z.ZodType>(
  definition: EventDefinition<S>,
  handle: (payload: z.output<S>, event: DeliveredEvent) => Promise<void>,
): EventReaction {
  return { definition, handle: (payload, event) => handle(payload as z.output<S>, event) };
}

/**
 * Follows several event types, on the topics they travel on, in one consumer group (one offsets record), with
 * handlers that are safe to repeat (they set what the event says), so no handled-event record is kept. Other types
 * are passed over; a malformed event is logged and skipped, since delivering it again would never make it valid.
 */
export function followEvents(options: {
  events: EventBus;
  group: string;
  logger: Logger;
  reactions: EventReaction[];
}): Promise<Subscription> {
  const { logger, reactions } = options;
  return options.events.subscribe({
    group: options.group,
    topics: [...new Set(reactions.map(({ definition }) => definition.topic))],
    async handle(event) {
      const reaction = reactions.find(({ definition }) => definition.matches(event));
      if (!reaction) return;
      let payload: unknown;
      try {
        payload = reaction.definition.parse(event);
      } catch (error) {
        if (!(error instanceof ZodError)) throw error;
        logger.error({ eventId: event.id, issues: error.issues }, `skipping a malformed ${event.type}`);
        return;
      }
      await reaction.handle(payload, event);
    },
  });
}
