import { Crown, MessageCircle } from 'lucide-react';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@/api/types';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { mayInteract } from '@/lib/permissions';
import type { FeedItem } from '../../api/types';
import { ContactAuthor } from './contact-author';
import { LikeButton } from './like-button';
import { LockedPost } from './locked-post';
import { PostAuthor } from './post-author';
import { PostComments } from './post-comments';
import { PostMedia } from './post-media';
import { PostMenu } from './post-menu';
import { PostStatus } from './post-status';
import { PostTime } from './post-time';
import { TelegramContact } from './telegram-contact';

/**
 * One post of the feed, as `viewer` may see it. Memoised: a like changes one item of the cached feed (the others keep
 * their identity), so one card renders again, not the page's twenty (a like's interaction to next paint on a phone). `onBlock` is offered on other members' posts whose author the viewer
 * may know (an anonymous post names them to no one but admins). The `first` post's photo is fetched at once, before
 * the rest: it is what the screen shows largest when the feed opens.
 */
export const PostCard = memo(function PostCard({
  item,
  viewer,
  onBlock,
  first = false,
}: {
  item: FeedItem;
  viewer: User;
  onBlock?: (item: FeedItem) => void;
  first?: boolean;
}) {
  const { t } = useTranslation();
  const { post } = item;
  const own = post.authorId === viewer.id;
  const locked = post.locked && !item.unlocked;
  const interact = mayInteract(viewer);
  const contentId = useId();

  return (
    <Card className="gap-4 px-4 py-4 sm:px-6 sm:py-5" data-testid="post-card" data-post-id={post.id}>
      <header className="flex items-start justify-between gap-3">
        <PostAuthor author={item.author} />
        <div className="flex shrink-0 items-center gap-1">
          <PostTime iso={post.createdAt} className="text-xs text-muted-foreground" />
          <PostMenu
            postId={post.id}
            mayDelete={own || viewer.isAdmin}
            mayReport={!own}
            onBlock={!own && onBlock && post.authorId ? () => onBlock(item) : undefined}
          />
        </div>
      </header>

      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{t(`feed.categories.${post.category}`)}</Badge>
        {post.isPremium && (
          <Badge className="border-amber-400/50 bg-amber-100 text-amber-800">
            <Crown aria-hidden />
            {t('feed.post.premium', { cost: post.creditCost })}
          </Badge>
        )}
      </div>
      {own && <PostStatus post={post} />}

      {locked ? (
        <LockedPost post={post} balance={viewer.credits} />
      ) : (
        <>
          {post.content && (
            <p id={contentId} className="break-words whitespace-pre-line" data-testid="post-content">
              {post.content}
            </p>
          )}
          <PostMedia
            post={post}
            author={item.author}
            describedBy={post.content ? contentId : undefined}
            priority={first}
          />
          {!own && post.showTelegramUsername && item.hasTelegram && <TelegramContact postId={post.id} />}
        </>
      )}
      {!own && (
        <div>
          <ContactAuthor authorId={item.author?.id ?? null} postId={post.id} />
        </div>
      )}

      <div className="flex items-center gap-1 border-t pt-2">
        <LikeButton item={item} mayInteract={interact} />
        <span className="flex items-center gap-1.5 px-2 text-sm text-muted-foreground">
          <MessageCircle className="size-4" aria-hidden />
          <span aria-hidden>{item.commentCount}</span>
          <span className="sr-only">{t('feed.comments.title', { count: item.commentCount })}</span>
        </span>
      </div>
      <PostComments item={item} mayInteract={interact} />
    </Card>
  );
});
