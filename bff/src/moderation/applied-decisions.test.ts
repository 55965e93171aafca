import { describe, expect, it } from '@jest/globals';
import { AppliedDecisions } from './applied-decisions.js';

describe('waiting for a decision to apply', () => {
  it('resolves when its key is settled, and only then', async () => {
    const decisions = new AppliedDecisions(10_000);
    const { applied } = decisions.expect('verification:u1:approved');
    let done = false;
    void applied.then(() => (done = true));
    decisions.settle('verification:u1:rejected');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    decisions.settle('verification:u1:approved');
    await applied;
    expect(done).toBe(true);
  });

  it('gives up waiting after its timeout, and a cancelled wait ends at once', async () => {
    const decisions = new AppliedDecisions(30);
    const started = Date.now();
    await decisions.expect('post:p1:approved').applied;
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    const waiting = decisions.expect('post:p2:approved');
    waiting.cancel();
    await waiting.applied;
  });
});
