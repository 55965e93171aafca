import { Lock } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useOpenedOnce } from '@/lib/use-opened-once';
import type { Post } from '../../api/types';

// A chunk of its own, loaded when the member first opens it.
const UnlockDialog = lazy(() => import('./unlock-dialog').then((m) => ({ default: m.UnlockDialog })));

/** A premium post the viewer has not paid for: the blurred teaser (or a gradient) under the price and the balance. */
export function LockedPost({ post, balance }: { post: Post; balance: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <div className="relative isolate overflow-hidden rounded-xl" data-testid="premium-overlay">
      {post.teaserUrl ? (
        <img src={post.teaserUrl} alt="" aria-hidden className="h-64 w-full scale-110 object-cover blur-md" />
      ) : (
        <div aria-hidden className="h-64 w-full bg-gradient-to-br from-primary/70 via-brand-warm/60 to-amber-300/70" />
      )}
      <div className="absolute inset-0 grid place-items-center bg-black/45 p-4 text-center text-white">
        <div className="space-y-3">
          <span className="mx-auto grid size-12 place-items-center rounded-full bg-white/15 backdrop-blur">
            <Lock className="size-6" aria-hidden />
          </span>
          <p className="text-lg font-semibold">{t('feed.unlock.overlayTitle')}</p>
          <p className="text-sm text-white/85" data-testid="unlock-cost">
            {t('feed.unlock.cost', { cost: post.creditCost })}
          </p>
          <p className="text-xs text-white/70">{t('feed.unlock.balance', { credits: balance })}</p>
          <Button variant="gradient" onClick={() => setOpen(true)}>
            {t('feed.unlock.open')}
          </Button>
        </div>
      </div>
      {opened && (
        <Suspense fallback={null}>
          <UnlockDialog postId={post.id} cost={post.creditCost} balance={balance} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </div>
  );
}
