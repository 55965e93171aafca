import { describe, expect, it } from '@jest/globals';
import { MAX_BATCH_EVENTS, PublishBatches, type TopicRecords } from './kafka-publish-batches.js';

const record = (n: number) => ({ key: `k${n % 2}`, value: `${n}` });

/** A client whose sends wait until the test lets each one go (or fails it). */
function heldSends() {
  const sends: { topics: TopicRecords; done(): void; fail(error: Error): void }[] = [];
  const send = (topics: TopicRecords) =>
    new Promise<void>((done, fail) => {
      sends.push({ topics, done, fail });
    });
  return { sends, send };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('PublishBatches', () => {
  it('sends a lone publish at once, and what came during a send together in the next, in order per topic', async () => {
    const { sends, send } = heldSends();
    const batches = new PublishBatches(send);
    const first = batches.publish('a', [record(0)]);
    expect(sends).toHaveLength(1);
    const later = [
      batches.publish('a', [record(1)]),
      batches.publish('b', [record(2)]),
      batches.publish('a', [record(3)]),
    ];
    expect(sends).toHaveLength(1);
    sends[0]?.done();
    await first;
    await tick();
    expect(sends[1]?.topics).toEqual([
      { topic: 'a', messages: [record(1), record(3)] },
      { topic: 'b', messages: [record(2)] },
    ]);
    sends[1]?.done();
    await Promise.all(later);
    expect(sends).toHaveLength(2);
  });

  it(`sends at most ${MAX_BATCH_EVENTS} events at once unless one publish is larger`, async () => {
    const { sends, send } = heldSends();
    const batches = new PublishBatches(send);
    void batches.publish('a', [record(0)]);
    const many = Array.from({ length: MAX_BATCH_EVENTS + 1 }, (_, n) => batches.publish('a', [record(n)]));
    const large = batches.publish(
      'a',
      Array.from({ length: MAX_BATCH_EVENTS + 10 }, (_, n) => record(n)),
    );
    for (let n = 0; n < 4; n += 1) {
      sends[n]?.done();
      await tick();
    }
    await Promise.all([...many, large]);
    expect(sends.map(({ topics }) => topics[0]?.messages.length)).toEqual([
      1,
      MAX_BATCH_EVENTS,
      1,
      MAX_BATCH_EVENTS + 10,
    ]);
  });

  it('fails the publishes a failed send carried, and sends the next ones', async () => {
    const { sends, send } = heldSends();
    const batches = new PublishBatches(send);
    const refused = batches.publish('a', [record(0)]);
    const next = batches.publish('a', [record(1)]);
    sends[0]?.fail(new Error('NOT_ENOUGH_REPLICAS'));
    await expect(refused).rejects.toThrow('NOT_ENOUGH_REPLICAS');
    await tick();
    sends[1]?.done();
    await expect(next).resolves.toBeUndefined();
  });

  it('drains: resolves once what was accepted is sent', async () => {
    const { sends, send } = heldSends();
    const batches = new PublishBatches(send);
    const sent: number[] = [];
    void batches.publish('a', [record(0)]).then(() => sent.push(0));
    void batches.publish('a', [record(1)]).then(() => sent.push(1));
    const drained = batches.drain().then(() => [...sent]);
    sends[0]?.done();
    await tick();
    sends[1]?.done();
    expect(await drained).toEqual([0, 1]);
  });
});
