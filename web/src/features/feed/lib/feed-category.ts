import { useSyncExternalStore } from 'react';
import { CATEGORIES } from '@/lib/rules';
import type { PostCategory } from '../api/types';

/** What the feed shows: every category, or one. */
export type FeedCategory = PostCategory | 'all';
export const FEED_CATEGORIES: readonly FeedCategory[] = ['all', ...CATEGORIES];

/** A category named in the address (`?category=`), or null for anything else. */
export function parseFeedCategory(value: string | null): FeedCategory | null {
  return FEED_CATEGORIES.find((category) => category === value) ?? null;
}

// One selection for the whole app: the feed sets it, the top bar names it.
let selected: FeedCategory = 'all';
const listeners = new Set<() => void>();

export function selectFeedCategory(category: FeedCategory) {
  if (category === selected) return;
  selected = category;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFeedCategory(): FeedCategory {
  return useSyncExternalStore(
    subscribe,
    () => selected,
    () => selected,
  );
}
