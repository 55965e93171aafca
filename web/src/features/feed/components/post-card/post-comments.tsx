import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { UserAvatar } from '@/components/user-avatar';
import { displayName } from '@/lib/user-display';
import { useComments } from '../../api/get-comments';
import type { CommentItem, FeedItem } from '../../api/types';
import { CommentForm } from './comment-form';
import { PostTime } from './post-time';

function CommentRow({ item }: { item: CommentItem }) {
  const { t } = useTranslation();
  const { author } = item;
  return (
    <li className="flex gap-2.5">
      {author ? (
        <UserAvatar user={author} className="size-8" />
      ) : (
        <span className="size-8 shrink-0 rounded-full bg-muted" aria-hidden />
      )}
      <div className="min-w-0 flex-1 rounded-xl bg-muted/60 px-3 py-2">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold">
            {author
              ? displayName(author)
              : t(item.byPostAuthor ? 'feed.comments.postAuthor' : 'feed.comments.formerMember')}
          </span>
          <PostTime iso={item.comment.createdAt} className="text-xs text-muted-foreground" />
        </p>
        <p className="text-sm break-words whitespace-pre-line">{item.comment.content}</p>
      </div>
    </li>
  );
}

/** The newest comments (all of them on request) in a list that scrolls past 256 px, and the field to add one. */
export function PostComments({ item, mayInteract }: { item: FeedItem; mayInteract: boolean }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const all = useComments(item.post.id, expanded);
  const comments = expanded && all.data ? all.data : item.comments;
  const hidden = item.commentCount - comments.length;

  return (
    <section className="space-y-3" aria-label={t('feed.comments.title', { count: item.commentCount })}>
      {hidden > 0 && (
        <Button variant="link" size="sm" className="h-auto px-0" onClick={() => setExpanded(true)}>
          {expanded && all.isFetching && <Spinner />}
          {t('feed.comments.showAll', { count: item.commentCount })}
        </Button>
      )}
      {comments.length > 0 && (
        <ul className="max-h-64 space-y-2.5 overflow-y-auto pr-1" data-testid="post-comments">
          {comments.map((comment) => (
            <CommentRow key={comment.comment.id} item={comment} />
          ))}
        </ul>
      )}
      <CommentForm postId={item.post.id} mayInteract={mayInteract} />
    </section>
  );
}
