import { ArrowLeft, FileX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '@/api/client';
import { useCurrentUser } from '@/api/current-user';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { serverMessageOr } from '@/lib/errors';
import { usePost } from '../api/get-post';
import { PostCard } from '../components/post-card/post-card';

/**
 * /posts/:postId: one post as the member may see it (where a notification about it leads), with everything its card
 * offers in the feed. A post gone, or hidden from the member, says so.
 */
export function PostPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const { postId = '' } = useParams();
  const post = usePost(postId);
  const item = post.data?.pages[0]?.items[0];
  if (!user) return null;

  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <Button asChild variant="ghost" size="sm">
        <Link to="/">
          <ArrowLeft aria-hidden />
          {t('feed.post.backToFeed')}
        </Link>
      </Button>
      {item ? (
        <PostCard item={item} viewer={user} first />
      ) : post.isPending ? (
        <p role="status" className="flex items-center justify-center gap-2 py-12 text-sm text-muted-foreground">
          <Spinner />
          {t('common.loading')}
        </p>
      ) : (
        <Card className="items-center px-6 py-12 text-center">
          <CardContent className="flex flex-col items-center gap-3">
            <FileX className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-semibold">
              {post.error instanceof ApiError && post.error.status !== 404
                ? serverMessageOr(post.error, t('common.genericError'))
                : t('feed.post.gone')}
            </p>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
