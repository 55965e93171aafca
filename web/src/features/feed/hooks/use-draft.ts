import { useState } from 'react';
import type { Gender } from '@/api/types';
import { composerCategoryFor, PREMIUM_COST_MIN } from '@/lib/rules';
import type { NewPost } from '../api/create-post';

/**
 * A fresh composer (docs/product.md#publishing), on a category the member may post in: melanzana, patate for a
 * woman. A successful post starts over from it.
 */
const emptyDraft = (gender: Gender | null): NewPost => ({
  content: '',
  category: composerCategoryFor(gender),
  showProfileData: true,
  showTelegramUsername: false,
  isPremium: false,
  creditCost: PREMIUM_COST_MIN,
  media: null,
});

/** The post `gender`'s member is writing; `set` changes some fields, `reset` starts over. */
export function useDraft(gender: Gender | null) {
  const [draft, setDraft] = useState<NewPost>(() => emptyDraft(gender));
  return {
    draft,
    set: (change: Partial<NewPost>) => setDraft((current) => ({ ...current, ...change })),
    reset: () => setDraft(emptyDraft(gender)),
  };
}
