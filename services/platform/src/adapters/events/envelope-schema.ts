import { z } from 'zod';
import type { EventEnvelope } from '../../ports/events.js';

/** The envelope as it crosses the log (a file line or a Kafka message); the payload is checked by its consumer. */
export const envelopeSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  key: z.string().min(1),
  correlationId: z.string(),
  payload: z.unknown(),
  traceparent: z.string().optional(),
  tracestate: z.string().optional(),
}) satisfies z.ZodType<EventEnvelope>;

/** Kafka's rule for topic names, kept by the embedded log too so that a name valid in one is valid in the other. */
const TOPIC_NAME = /^[A-Za-z0-9._-]{1,249}$/;

export function assertTopicName(topic: string): void {
  if (!TOPIC_NAME.test(topic) || topic === '.' || topic === '..') throw new TypeError(`invalid topic name: ${topic}`);
}
