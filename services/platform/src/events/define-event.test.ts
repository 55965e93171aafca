import { describe, expect, it } from '@jest/globals';
import { z, ZodError } from 'zod';
import { defineEvent } from './define-event.js';

/** Events of the tests' own, shaped as a service's are. */
const ThingRenamed = defineEvent({
  type: 'ThingRenamed',
  version: 1,
  topic: 'test.things',
  schema: z.object({ thingId: z.string(), name: z.string(), status: z.enum(['draft', 'published']) }),
});
const ThingRemoved = defineEvent({
  type: 'ThingRemoved',
  version: 1,
  topic: 'test.things',
  schema: z.object({ thingId: z.string(), removedAt: z.string() }),
});

describe('event definitions', () => {
  it('build an envelope of their type, version and key around a validated payload', () => {
    const event = ThingRemoved.create('t1', { thingId: 't1', removedAt: '2024-01-02T00:00:00.000Z' }, 'req-1');
    expect(event).toMatchObject({ type: 'ThingRemoved', version: 1, key: 't1', correlationId: 'req-1' });
    expect(event.payload).toEqual({ thingId: 't1', removedAt: '2024-01-02T00:00:00.000Z' });
    expect(ThingRemoved.topic).toBe('test.things');
  });

  it('drop fields their schema does not name, so internal fields never leak into an event', () => {
    const withSecrets = { thingId: 't1', name: 'lamp', status: 'draft' as const, passwordHash: '$argon2id$...' };
    const event = ThingRenamed.create('t1', withSecrets, 'req-1');
    expect(event.payload).toEqual({ thingId: 't1', name: 'lamp', status: 'draft' });
  });

  it('refuse to build an event whose payload is wrong', () => {
    expect(() => ThingRenamed.create('t1', { thingId: 't1', name: 'lamp', status: 'maybe' as 'draft' }, 'r')).toThrow(
      ZodError,
    );
  });

  it('let a consumer recognise and read its events', () => {
    const renamed = ThingRenamed.create('t1', { thingId: 't1', name: 'lamp', status: 'published' }, 'r');
    expect(ThingRenamed.matches(renamed)).toBe(true);
    expect(ThingRenamed.matches({ type: 'ThingRenamed', version: 2 })).toBe(false);
    expect(ThingRemoved.matches(renamed)).toBe(false);
    expect(ThingRenamed.parse(renamed)).toEqual({ thingId: 't1', name: 'lamp', status: 'published' });
    expect(() => ThingRenamed.parse({ payload: { thingId: 't1', status: 'maybe' } })).toThrow(ZodError);
  });
});
