import { describe, expect, it } from '@jest/globals';
import { FeedPages } from './feed-pages.js';

describe('rendered feed pages', () => {
  const page = (body: string) => ({ body: Buffer.from(body), nextCursor: '' });

  it('are served again until something changes, then rendered anew', async () => {
    const pages = new FeedPages();
    let renders = 0;
    const render = async () => page(`render ${++renders}`);
    expect((await pages.get('viewer|all', render)).body.toString()).toBe('render 1');
    expect((await pages.get('viewer|all', render)).body.toString()).toBe('render 1');
    expect((await pages.get('other|all', render)).body.toString()).toBe('render 2');
    pages.changed();
    expect((await pages.get('viewer|all', render)).body.toString()).toBe('render 3');
  });

  it('never keep a page rendered while a change happened', async () => {
    const pages = new FeedPages();
    let release = () => {};
    const slow = pages.get('viewer', () => new Promise((resolve) => (release = () => resolve(page('before')))));
    pages.changed();
    release();
    expect((await slow).body.toString()).toBe('before');
    expect((await pages.get('viewer', async () => page('after'))).body.toString()).toBe('after');
  });

  it('expire after their time even without a change', async () => {
    let now = 0;
    const pages = new FeedPages({ ttlMs: 1000, now: () => now });
    await pages.get('viewer', async () => page('first'));
    now = 999;
    expect((await pages.get('viewer', async () => page('second'))).body.toString()).toBe('first');
    now = 1000;
    expect((await pages.get('viewer', async () => page('third'))).body.toString()).toBe('third');
  });
});
