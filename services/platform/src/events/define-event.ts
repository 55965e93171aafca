import type { z } from 'zod';
import { newEvent } from '../outbox/outbox.js';
import type { EventEnvelope } from '../ports/events.js';

/**
 * One event type at one version: the topic it travels on and its payload schema. Producers build envelopes with
 * `create`, which validates the payload (and, the schemas being zod objects, drops every field they do not name, so
 * a stray internal field such as a password hash cannot leak into an event). Consumers test with `matches` and
 * read with `parse`.
 */
export interface EventDefinition<S extends z.ZodType> {
  readonly type: string;
  readonly version: number;
  readonly topic: string;
  readonly schema: S;
  create(key: string, payload: z.input<S>, correlationId: string): EventEnvelope<z.output<S>>;
  matches(envelope: Pick<EventEnvelope, 'type' | 'version'>): boolean;
  /** Throws a ZodError when the payload does not match: a consumer's cue to log and skip a malformed event. */
  parse(envelope: Pick<EventEnvelope, 'payload'>): z.output<S>;
}

export function defineEvent<S extends z.ZodType>(spec: {
  type: string;
  version: number;
  topic: string;
  schema: S;
}): EventDefinition<S> {
  return {
    ...spec,
    create: (key, payload, correlationId) =>
      newEvent(spec.type, spec.version, key, spec.schema.parse(payload), correlationId),
    matches: (envelope) => envelope.type === spec.type && envelope.version === spec.version,
    parse: (envelope) => spec.schema.parse(envelope.payload),
  };
}

export type PayloadOf<D> = D extends EventDefinition<infer S> ? z.output<S> : never;
