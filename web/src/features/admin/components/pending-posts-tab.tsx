import { CheckCircle2, FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useCreateTestPosts } from '../api/create-test-posts';
import { useDecidePost } from '../api/decide-post';
import { useAdminDeletePost } from '../api/delete-post';
import { usePendingPosts } from '../api/get-pending-posts';
import { useTestDataOffered } from '../api/get-stats';
import type { PendingPostItem } from '../api/types';
import { categoryLabel } from '../lib/category-label';
import { formatAdminDate } from '../lib/format';
import { notifyDeleteFailure, notifyFailure, notifySuccess } from '../lib/notify';
import { DeleteButton } from './confirm-button';
import { ListEmpty, QueryList } from './list-state';
import { PostMedia } from './post-media';
import { ReviewActions } from './review-actions';

/** 'Post in Attesa': posts waiting for a decision, oldest first, each approved, rejected with reasons or deleted. */
export function PendingPostsTab() {
  const { t } = useTranslation();
  const posts = usePendingPosts();
  const testDataOffered = useTestDataOffered();
  const createTestPosts = useCreateTestPosts({
    onSuccess: (answer) => notifySuccess(t('admin.posts.testCreated'), answer.message),
    onError: (failure) => notifyFailure(t, t('admin.errors.testPosts'), failure),
  });

  return (
    <section className="space-y-4" aria-label={t('admin.tabs.pendingPosts')}>
      {testDataOffered && (
        <div className="flex justify-end">
          <Button variant="outline" onClick={() => createTestPosts.mutate()} disabled={createTestPosts.isPending}>
            {createTestPosts.isPending ? <Spinner /> : <FlaskConical aria-hidden />}
            {t('admin.posts.createTest')}
          </Button>
        </div>
      )}
      <QueryList
        query={posts}
        empty={<ListEmpty icon={CheckCircle2} text={t('admin.posts.empty')} />}
        className="grid gap-4 lg:grid-cols-2"
        itemKey={(item) => item.post.id}
      >
        {(item) => <PendingPostCard item={item} />}
      </QueryList>
    </section>
  );
}

function PendingPostCard({ item }: { item: PendingPostItem }) {
  const { t } = useTranslation();
  const { post, author } = item;
  const decide = useDecidePost({
    onSuccess: (answer) => notifySuccess(t('admin.posts.approved'), answer.message),
    onError: (error) => notifyFailure(t, t('admin.errors.post'), error),
  });
  const reject = useDecidePost({
    onSuccess: (answer) => notifySuccess(t('admin.posts.rejected'), answer.message),
    onError: (error) => notifyFailure(t, t('admin.errors.post'), error),
  });
  const remove = useAdminDeletePost({
    onSuccess: (answer) => notifySuccess(t('admin.posts.deleted'), answer.message),
    onError: (error) => notifyDeleteFailure(t, t('admin.errors.deletePost'), error),
  });
  const busy = decide.isPending || reject.isPending || remove.isPending;

  return (
    <Card className="h-full gap-4 py-5" data-testid="pending-post">
      <CardContent className="space-y-3 px-5">
        {post.title && <h3 className="font-semibold">{post.title}</h3>}
        <p className="text-sm break-words whitespace-pre-wrap">
          {post.content || <span className="text-muted-foreground italic">{t('admin.posts.noText')}</span>}
        </p>
        <PostMedia post={post} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t('admin.posts.author')}</dt>
          <dd className="font-medium break-all">@{author.username ?? t('admin.users.unnamed')}</dd>
          <dt className="text-muted-foreground">{t('admin.posts.category')}</dt>
          <dd>{categoryLabel(t, post.category)}</dd>
          <dt className="text-muted-foreground">{t('admin.posts.date')}</dt>
          <dd>{formatAdminDate(post.createdAt)}</dd>
        </dl>
        {post.isPremium && <Badge variant="warning">{t('admin.posts.premium', { cost: post.creditCost })}</Badge>}
      </CardContent>
      <CardFooter className="mt-auto flex-wrap px-5">
        <ReviewActions
          kind="post"
          busy={busy}
          onApprove={() => decide.mutate({ postId: post.id, status: 'approved' })}
          onReject={(reason) => reject.mutate({ postId: post.id, status: 'rejected', reason })}
        />
        <DeleteButton
          label={t('admin.actions.delete')}
          title={t('admin.posts.deleteTitle')}
          description={t('admin.posts.deleteDescription')}
          disabled={busy}
          onConfirm={() => remove.mutate(post.id)}
        />
      </CardFooter>
    </Card>
  );
}
