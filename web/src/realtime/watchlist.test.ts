import { describe, expect, it } from '@jest/globals';
import { Watchlist } from './watchlist';

describe('Watchlist', () => {
  it('keeps a member while any component shows them, and forgets them with the last', () => {
    const list = new Watchlist();
    const header = list.add('bob');
    const profile = list.add('bob');
    const other = list.add('ada');
    expect(list.ids()).toEqual(['ada', 'bob']);
    header();
    header();
    expect(list.ids()).toEqual(['ada', 'bob']);
    profile();
    expect(list.ids()).toEqual(['ada']);
    other();
    expect(list.ids()).toEqual([]);
  });
});
