import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { numberFormat } from '@/lib/intl';
import { reportFeedError } from '@/lib/report-error';
import { cn } from '@/lib/utils';
import { useToggleLike } from '../../api/toggle-like';
import type { FeedItem } from '../../api/types';

/**
 * The heart and the count: it changes at once and goes back when the server refuses. A toggle: its name stays
 * 'Mi piace' and the count it shows (what the member sees is what voice control answers to), aria-pressed says
 * whether the member likes the post.
 */
export function LikeButton({ item, mayInteract }: { item: FeedItem; mayInteract: boolean }) {
  const { t, i18n } = useTranslation();
  const like = useToggleLike(item.post.id, {
    onError: (error) => reportFeedError(t, error, { title: t('common.error'), fallback: t('common.genericError') }),
  });
  const count = numberFormat(i18n.language).format(item.likeCount);
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-pressed={item.isLiked}
      onClick={() => {
        if (!mayInteract) {
          toast({ variant: 'destructive', title: t('common.error'), description: t('feed.post.likeNotApproved') });
          return;
        }
        like.mutate();
      }}
    >
      <Heart className={cn(item.isLiked && 'fill-rose-500 text-rose-500')} aria-hidden />
      <span className="sr-only">{t('feed.post.like')} </span>
      <span data-testid="like-count">{count}</span>
    </Button>
  );
}
