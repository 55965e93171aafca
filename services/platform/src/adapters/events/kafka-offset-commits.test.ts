import { describe, expect, it } from '@jest/globals';
import { EventEmitter } from 'node:events';
import type { Consumer } from 'kafkajs';
import { OffsetCommits } from './kafka-offset-commits.js';

type Committed = { topic: string; partition: number; offset: string }[];

/** The part of a kafkajs consumer OffsetCommits uses: its commits recorded, a group join emitted on demand. */
function fakeConsumer(commit: (offsets: Committed) => Promise<void> = async () => undefined) {
  const emitter = new EventEmitter();
  const commits: Committed[] = [];
  const consumer = {
    events: { GROUP_JOIN: 'consumer.group_join' },
    on: (event: string, listener: (...args: unknown[]) => void) => emitter.on(event, listener),
    commitOffsets: async (offsets: Committed) => {
      await commit(offsets);
      commits.push(offsets);
    },
  } as unknown as Consumer;
  const join = (memberAssignment: Record<string, number[]>) =>
    emitter.emit('consumer.group_join', { payload: { memberAssignment } });
  return { consumer, commits, join };
}

describe('OffsetCommits', () => {
  it('commits the offset after the last handled event of each partition, once', async () => {
    const { consumer, commits } = fakeConsumer();
    const offsets = new OffsetCommits(consumer);
    offsets.handled('t', 0, '4');
    offsets.handled('t', 0, '5');
    offsets.handled('t', 1, '9');
    await offsets.flush();
    await offsets.flush();
    expect(commits).toEqual([
      [
        { topic: 't', partition: 0, offset: '6' },
        { topic: 't', partition: 1, offset: '10' },
      ],
    ]);
  });

  it('keeps an event handled while its partition was being committed for the next commit', async () => {
    let handledMeanwhile: () => void = () => undefined;
    const { consumer, commits } = fakeConsumer(async () => handledMeanwhile());
    const offsets = new OffsetCommits(consumer);
    offsets.handled('t', 0, '1');
    handledMeanwhile = () => offsets.handled('t', 0, '2');
    await offsets.flush();
    handledMeanwhile = () => undefined;
    await offsets.flush();
    expect(commits.map((commit) => commit[0]?.offset)).toEqual(['2', '3']);
  });

  it('drops the pending offset of a partition lost in a rebalance', async () => {
    const { consumer, commits, join } = fakeConsumer();
    const offsets = new OffsetCommits(consumer);
    offsets.handled('t', 0, '1');
    offsets.handled('t', 1, '1');
    join({ t: [1] });
    await offsets.flush();
    expect(commits).toEqual([[{ topic: 't', partition: 1, offset: '2' }]]);
  });

  it('tries a failed commit again at the next flush', async () => {
    let fail = true;
    const { consumer, commits } = fakeConsumer(async () => {
      if (fail) throw new Error('REBALANCE_IN_PROGRESS');
    });
    const offsets = new OffsetCommits(consumer);
    offsets.handled('t', 0, '7');
    await offsets.flush();
    fail = false;
    await offsets.flush();
    expect(commits).toEqual([[{ topic: 't', partition: 0, offset: '8' }]]);
  });
});
