import { ZodError, type z } from 'zod';
import type { EventDefinition, PayloadOf } from '../events/define-event.js';
import type { Logger } from '../logging/logger.js';
import type { DocumentStore } from '../ports/documents.js';
import type { DeliveredEvent, EventBus, Subscription } from '../ports/events.js';
import { eventHandlerFailures } from '../metrics/registry.js';
import { eventConsumerSpan, traced } from '../tracing/tracing.js';
import { idempotentHandler } from './idempotent-handler.js';

/** What to do with one event type of a followed topic. */
export interface EventReaction {
  definition: EventDefinition<z.ZodType>;
  /** Whether the event is one the handler acts on; one it passes over is not remembered as handled (`once`). */
  concerns?(payload: unknown): boolean;
  handle(payload: unknown, event: DeliveredEvent): Promise<void>;
}

/**
 * A reaction to one event type; what the handler returns (a promise, say) is awaited. `when` names the events of the
 * type it acts on, where it acts on a few: the others cost a consumer with `once` no record.
 */
export function on<S extends z.ZodType>(
  definition: EventDefinition<S>,
  handle: (payload: z.output<S>, event: DeliveredEvent) => unknown,
  when?: (payload: z.output<S>) => boolean,
): EventReaction {
  return {
    definition,
    ...(when && { concerns: (payload: unknown) => when(payload as z.output<S>) }),
    handle: async (payload, event) => {
      await handle(payload as z.output<S>, event);
    },
  };
}

/** The same reaction to each of several event types (every ledger entry, every identity event...). */
export function onEach<D extends EventDefinition<z.ZodType>>(
  definitions: readonly D[],
  handle: (payload: PayloadOf<D>, event: DeliveredEvent) => unknown,
): EventReaction[] {
  return definitions.map((definition) => ({
    definition,
    handle: async (payload, event) => {
      await handle(payload as PayloadOf<D>, event);
    },
  }));
}

/** What `followEvents` makes of an event that does not parse: nothing. */
const MALFORMED = Symbol('malformed');

/**
 * The one way a service or the BFF consumes events: the reactions' event types, on the topics they travel on, in one
 * consumer group (one offsets record). Other types are passed over; a malformed event is logged and skipped, since
 * delivering it again would never make it valid. Handlers that set what their event says are safe to repeat and need
 * nothing more; for others, `once` names the store where the group remembers each event it handled
 * (idempotentHandler), so that a redelivered one is skipped. Only the events the reactions act on are remembered (their
 * types, and of those what `when` names), so following a busy topic for a few of its events does not record every
 * event of it. Each event the reactions take is handled in a span that joins the trace of the request that wrote it.
 */
export function followEvents(options: {
  events: EventBus;
  group: string;
  logger: Logger;
  reactions: EventReaction[];
  once?: DocumentStore;
}): Promise<Subscription> {
  const { logger, reactions, group } = options;
  const failures = eventHandlerFailures();
  /** The event's payload, or MALFORMED (logged): delivering it again would never make it valid. */
  const parse = (reaction: EventReaction, event: DeliveredEvent): unknown => {
    try {
      return reaction.definition.parse(event);
    } catch (error) {
      if (!(error instanceof ZodError)) throw error;
      logger.error({ eventId: event.id, issues: error.issues }, `skipping a malformed ${event.type}`);
      return MALFORMED;
    }
  };
  const handleOnce = options.once && idempotentHandler(options.once, group);
  return options.events.subscribe({
    group,
    topics: [...new Set(reactions.map(({ definition }) => definition.topic))],
    handle: async (event) => {
      const reaction = reactions.find(({ definition }) => definition.matches(event));
      if (!reaction) return;
      const payload = parse(reaction, event);
      if (payload === MALFORMED || reaction.concerns?.(payload) === false) return;
      const react = async () => {
        try {
          await reaction.handle(payload, event);
        } catch (error) {
          failures.inc({ group, type: event.type });
          throw error;
        }
      };
      await traced(eventConsumerSpan(group, event), () => (handleOnce ? handleOnce(event, react) : react()));
    },
  });
}
