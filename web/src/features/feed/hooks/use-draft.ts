import { DEFAULT_CATEGORY, PREMIUM_COST_MIN } from '@tip/content/domain';
import { useState } from 'react';
import type { NewPost } from '../api/create-post';

/** A fresh composer: what a successful post resets to (docs/product.md#publishing). */
const EMPTY: NewPost = {
  content: '',
  category: DEFAULT_CATEGORY,
  showProfileData: true,
  showTelegramUsername: false,
  isPremium: false,
  creditCost: PREMIUM_COST_MIN,
  media: null,
};

/** The post being written; `set` changes some fields, `reset` starts over. */
export function useDraft() {
  const [draft, setDraft] = useState<NewPost>(EMPTY);
  return {
    draft,
    set: (change: Partial<NewPost>) => setDraft((current) => ({ ...current, ...change })),
    reset: () => setDraft(EMPTY),
  };
}
