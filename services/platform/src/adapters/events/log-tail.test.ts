import { LogTail } from './log-tail.js';

const row = (seq: number, topic: string) => ({ seq, topic, envelope: `{"n":${seq}}` });
const seqs = (rows: { seq: number }[] | undefined) => rows?.map((held) => held.seq);

describe('LogTail', () => {
  it("answers a topic's events past a position, oldest first, at most the limit", () => {
    const tail = new LogTail(10, 100);
    tail.extend([row(11, 'a'), row(12, 'b'), row(13, 'a'), row(14, 'a')], 14);

    expect(seqs(tail.read('a', 10, 10))).toEqual([11, 13, 14]);
    expect(seqs(tail.read('a', 11, 10))).toEqual([13, 14]);
    expect(seqs(tail.read('a', 12, 2))).toEqual([13, 14]);
    expect(seqs(tail.read('a', 10, 2))).toEqual([11, 13]);
    expect(seqs(tail.read('b', 12, 10))).toEqual([]);
    expect(seqs(tail.read('c', 10, 10))).toEqual([]);
    expect(tail.read('a', 10, 10)?.[0]?.envelope).toBe('{"n":11}');
  });

  it('cannot answer for a position before it started', () => {
    const tail = new LogTail(10, 100);
    tail.extend([row(11, 'a')], 11);

    expect(tail.read('a', 9, 10)).toBeUndefined();
    expect(tail.read('c', 0, 10)).toBeUndefined();
  });

  it('moves its newest offset past events deleted from the log', () => {
    const tail = new LogTail(10, 100);
    tail.extend([row(11, 'a')], 15);
    expect(tail.newest).toBe(15);
    tail.extend([row(16, 'a')], 15);
    expect(tail.newest).toBe(16);
  });

  it('forgets its oldest events past its capacity, and answers for a topic only from where it has them all', () => {
    const tail = new LogTail(0, 3);
    tail.extend([row(1, 'a'), row(2, 'b'), row(3, 'a')], 3);
    tail.extend([row(4, 'b'), row(5, 'b')], 5);

    // 1 (a) and 2 (b) are forgotten.
    expect(tail.read('a', 0, 10)).toBeUndefined();
    expect(seqs(tail.read('a', 1, 10))).toEqual([3]);
    expect(tail.read('b', 1, 10)).toBeUndefined();
    expect(seqs(tail.read('b', 2, 10))).toEqual([4, 5]);
    // A topic it never held lost nothing.
    expect(seqs(tail.read('c', 0, 10))).toEqual([]);

    for (let seq = 6; seq < 20; seq++) tail.extend([row(seq, 'a')], seq);
    expect(tail.read('b', 4, 10)).toBeUndefined();
    expect(seqs(tail.read('a', 16, 10))).toEqual([17, 18, 19]);
    expect(tail.read('a', 15, 10)).toBeUndefined();
  });
});
