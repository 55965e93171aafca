import { describe, expect, it } from '@jest/globals';
import { OffsetCommits, type PartitionOffset } from './kafka-offset-commits.js';

/** A group's commits recorded, each after `commit` (which may fail it) has run. */
function recorder(commit: (offsets: PartitionOffset[]) => Promise<void> = async () => undefined) {
  const commits: PartitionOffset[][] = [];
  const commitOffsets = async (offsets: PartitionOffset[]) => {
    await commit(offsets);
    commits.push(offsets);
  };
  return { commitOffsets, commits };
}

describe('OffsetCommits', () => {
  it('commits the offset after the last handled event of each partition, once', async () => {
    const { commitOffsets, commits } = recorder();
    const offsets = new OffsetCommits(commitOffsets);
    offsets.handled('t', 0, 4n);
    offsets.handled('t', 0, 5n);
    offsets.handled('t', 1, 9n);
    await offsets.flush();
    await offsets.flush();
    expect(commits).toEqual([
      [
        { topic: 't', partition: 0, offset: 6n },
        { topic: 't', partition: 1, offset: 10n },
      ],
    ]);
  });

  it('keeps an event handled while its partition was being committed for the next commit', async () => {
    let handledMeanwhile: () => void = () => undefined;
    const { commitOffsets, commits } = recorder(async () => handledMeanwhile());
    const offsets = new OffsetCommits(commitOffsets);
    offsets.handled('t', 0, 1n);
    handledMeanwhile = () => offsets.handled('t', 0, 2n);
    await offsets.flush();
    handledMeanwhile = () => undefined;
    await offsets.flush();
    expect(commits.map((commit) => commit[0]?.offset)).toEqual([2n, 3n]);
  });

  it('drops the pending offset of a partition lost in a rebalance', async () => {
    const { commitOffsets, commits } = recorder();
    const offsets = new OffsetCommits(commitOffsets);
    offsets.handled('t', 0, 1n);
    offsets.handled('t', 1, 1n);
    offsets.keepOnly({ t: [1] });
    await offsets.flush();
    expect(commits).toEqual([[{ topic: 't', partition: 1, offset: 2n }]]);
  });

  it('tries a failed commit again at the next flush', async () => {
    let fail = true;
    const { commitOffsets, commits } = recorder(async () => {
      if (fail) throw new Error('REBALANCE_IN_PROGRESS');
    });
    const offsets = new OffsetCommits(commitOffsets);
    offsets.handled('t', 0, 7n);
    await offsets.flush();
    fail = false;
    await offsets.flush();
    expect(commits).toEqual([[{ topic: 't', partition: 0, offset: 8n }]]);
  });
});
