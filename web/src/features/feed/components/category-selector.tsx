import { useTranslation } from 'react-i18next';
import { FEED_CATEGORIES, selectFeedCategory, useFeedCategory } from '../lib/feed-category';
import { CategoryPills } from './category-pills';

/** The feed's filter: every category, or one. */
export function CategorySelector() {
  const { t } = useTranslation();
  const category = useFeedCategory();
  return (
    <CategoryPills
      label={t('feed.categories.label')}
      options={FEED_CATEGORIES}
      value={category}
      onChange={selectFeedCategory}
    />
  );
}
