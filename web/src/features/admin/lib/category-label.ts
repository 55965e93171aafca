import type { TFunction } from 'i18next';

const CATEGORIES = ['melanzana', 'patate', 'trending'] as const;

/** A post's category as the feed names it; an unknown one as the server sent it. */
export function categoryLabel(t: TFunction, category: string): string {
  return (CATEGORIES as readonly string[]).includes(category) ? t(`feed.categories.${category}`) : category;
}
