import { ZodError, type z } from 'zod';
import type { EventDefinition } from '../events/define-event.js';
import type { Logger } from '../logging/logger.js';
import type { DocumentStore } from '../ports/documents.js';
import type { DeliveredEvent, EventBus, Subscription } from '../ports/events.js';
import { idempotentHandler } from './idempotent-handler.js';

/**
 * Consumes one event type of its topic. The topic's other events are passed over, and not remembered; each event
 * of this type is handled once per group (idempotentHandler); a malformed one is logged and skipped, since
 * delivering it again would never make it valid.
 */
export function consumeEvent<S extends z.ZodType>(options: {
  events: EventBus;
  documents: DocumentStore;
  group: string;
  event: EventDefinition<S>;
  logger: Logger;
  handle(payload: z.output<S>, event: DeliveredEvent): Promise<void>;
}): Promise<Subscription> {
  const { event: definition, logger } = options;
  const handle = idempotentHandler(options.documents, options.group, async (event) => {
    let payload: z.output<S>;
    try {
      payload = definition.parse(event);
    } catch (error) {
      if (!(error instanceof ZodError)) throw error;
      logger.error({ eventId: event.id, issues: error.issues }, `skipping a malformed ${definition.type}`);
      return;
    }
    await options.handle(payload, event);
  });
  return options.events.subscribe({
    group: options.group,
    topics: [definition.topic],
    handle: async (event) => (definition.matches(event) ? handle(event) : undefined),
  });
}
