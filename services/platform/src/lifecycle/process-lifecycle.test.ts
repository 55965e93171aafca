import { describe, expect, it } from '@jest/globals';
import { stopsWithin } from './process-lifecycle.js';

describe('a stop within its budget', () => {
  it('is true once the stop finished', async () => {
    let stopped = false;
    const stop = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      stopped = true;
    };
    await expect(stopsWithin(stop, 60_000)).resolves.toBe(true);
    expect(stopped).toBe(true);
  });

  it('is false when the budget runs out first, leaving the stop to run', async () => {
    let release: (() => void) | undefined;
    const hanging = new Promise<void>((resolve) => (release = resolve));
    await expect(stopsWithin(() => hanging, 20)).resolves.toBe(false);
    release?.();
  });

  it('fails as the stop does', async () => {
    await expect(stopsWithin(() => Promise.reject(new Error('the store would not flush')), 60_000)).rejects.toThrow(
      'the store would not flush',
    );
  });
});
