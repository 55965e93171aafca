import { Newspaper, RotateCcw } from 'lucide-react';
import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { serverMessageOr } from '@/lib/errors';
import { useFeed } from '../api/get-feed';
import type { FeedItem } from '../api/types';
import { selectFeedCategory, type FeedCategory } from '../lib/feed-category';
import { PostCard } from './post-card/post-card';

/** Cards in the feed's first render (see FeedList). */
const FIRST_RENDER = 3;

function Empty({ category }: { category: FeedCategory }) {
  const { t } = useTranslation();
  return (
    <Card className="items-center px-6 py-12 text-center" data-testid="feed-empty">
      <span className="grid size-14 place-items-center rounded-2xl bg-gradient-to-br from-primary to-brand-warm text-white shadow-lg shadow-primary/25">
        <Newspaper className="size-7" aria-hidden />
      </span>
      <CardContent className="space-y-2">
        <p className="font-semibold">{t(category === 'all' ? 'feed.empty.all' : 'feed.empty.category')}</p>
      </CardContent>
      {category !== 'all' && (
        <Button variant="outline" onClick={() => selectFeedCategory('all')}>
          {t('feed.empty.viewAll')}
        </Button>
      )}
    </Card>
  );
}

/** The posts of the chosen category, newest first, a page at a time. */
export function FeedList({
  category,
  viewer,
  onBlock,
}: {
  category: FeedCategory;
  viewer: User;
  onBlock?: (item: FeedItem) => void;
}) {
  const { t } = useTranslation();
  const feed = useFeed(category);
  // The first render shows the cards a phone's screen holds, and the rest follow at once in a transition: the first
  // post's photo (the page's largest paint) is asked for a render of twenty cards earlier.
  const [allShown, setAllShown] = useState(false);
  const loaded = feed.data !== undefined;
  useEffect(() => {
    if (loaded && !allShown) startTransition(() => setAllShown(true));
  }, [loaded, allShown]);

  if (feed.isPending)
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-12 text-sm text-muted-foreground">
        <Spinner />
        {t('common.loading')}
      </p>
    );
  if (feed.isError)
    return (
      <Card className="items-center px-6 py-12 text-center">
        <CardContent className="space-y-2">
          <p className="font-semibold">{t('feed.loadError')}</p>
          <p className="text-sm text-muted-foreground">{serverMessageOr(feed.error, t('common.genericError'))}</p>
        </CardContent>
        <Button variant="outline" onClick={() => void feed.refetch()}>
          <RotateCcw aria-hidden />
          {t('feed.retry')}
        </Button>
      </Card>
    );

  const items = feed.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <Empty category={category} />;
  const shown = allShown ? items : items.slice(0, FIRST_RENDER);
  return (
    <div className="space-y-4">
      <ul className="space-y-4" aria-label={t('feed.listLabel')}>
        {shown.map((item, index) => (
          <li key={item.post.id}>
            <PostCard item={item} viewer={viewer} onBlock={onBlock} first={index === 0} />
          </li>
        ))}
      </ul>
      {feed.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
            {feed.isFetchingNextPage && <Spinner />}
            {t('feed.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
