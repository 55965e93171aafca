import { Presentation } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '@/api/current-user';
import { useSetOnlineStatus } from '@/api/online-status';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { VerificationBadge } from '@/components/verification-badge';
import { mayInteract } from '@/lib/permissions';
import { displayName } from '@/lib/user-display';
import { BlockAuthorDialog, blockTargetOf, type BlockDialog, type PostAuthor } from '../components/block-author-dialog';
import { CategorySelector } from '../components/category-selector';
import { FeedList } from '../components/feed-list';
import { PendingApprovalCard } from '../components/pending-approval-card';
import { useCategoryFromAddress } from '../hooks/use-category-from-address';
import { useFeedCategory } from '../lib/feed-category';

// The composer checks content's rules (zod schemas): loaded on its own, it keeps them out of the first page's bundle.
const PostComposer = lazy(() =>
  import('../components/composer/post-composer').then((module) => ({ default: module.PostComposer })),
);

/**
 * The signed-in home: the feed, with the composer for members who may post. Entering it marks the user online. What
 * other areas add, the app gives (app/pages/home-screen.tsx): the testers' free-credits panel and the block dialog.
 */
export function HomePage({ testerPanel, blockDialog }: { testerPanel: ReactNode; blockDialog: BlockDialog }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const category = useFeedCategory();
  const { mutate: setOnline } = useSetOnlineStatus();
  const [blockTarget, setBlockTarget] = useState<PostAuthor | null>(null);
  useCategoryFromAddress();

  useEffect(() => setOnline(true), [setOnline]);

  if (!user) return null;

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('home.welcome', { name: displayName(user) })}
          </h1>
          <p className="mt-1 text-muted-foreground">{t('home.subtitle')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {user.isAdmin && (
            <Button asChild variant="outline" size="sm">
              <Link to="/demo-registrazione">
                <Presentation aria-hidden />
                {t('home.demoRegistration')}
              </Link>
            </Button>
          )}
          <VerificationBadge status={user.verificationStatus} />
        </div>
      </div>

      {user.isTester && testerPanel}
      <CategorySelector />
      {mayInteract(user) ? (
        <Suspense fallback={<Card className="h-64 animate-pulse" aria-hidden />}>
          <PostComposer user={user} />
        </Suspense>
      ) : (
        <PendingApprovalCard />
      )}
      <FeedList category={category} viewer={user} onBlock={(item) => setBlockTarget(blockTargetOf(item))} />
      <BlockAuthorDialog target={blockTarget} onClose={() => setBlockTarget(null)} dialog={blockDialog} />
    </div>
  );
}
