import { Send } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import type { User } from '@/api/types';
import { SwitchRow } from '@/components/forms/switch-row';
import { useErrorText } from '@/components/forms/use-error-text';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { isPremiumActive } from '@/lib/premium';
import { reportFeedError } from '@/lib/report-error';
import { CATEGORIES } from '@/lib/rules';
import { useCreatePost } from '../../api/create-post';
import { useDraft } from '../../hooks/use-draft';
import { CategoryPills } from '../category-pills';
import { MediaPicker } from './media-picker';
import { PremiumFields } from './premium-fields';

/**
 * The draft's rules check content's zod schemas: loaded once the member starts writing (focus anywhere in the form),
 * they keep zod out of the feed's first load, and are there by the time 'Pubblica' can be pressed.
 */
const loadDraftRules = () => import('../../lib/draft-rules');

/** The composer reloads 2 s after a lost session (elsewhere 1 s: docs/product.md#signing-in-and-out). */
const SESSION_RELOAD_MS = 2_000;

/** Writing a post: text, category, photo or video, what to show of the author, and (for premium members) a price. */
export function PostComposer({ user }: { user: User }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { draft, set, reset } = useDraft(user.gender);
  const create = useCreatePost({
    onSuccess: (answer) => {
      reset();
      toast({ variant: 'success', title: answer.message || t('feed.composer.created') });
    },
    onError: (error) =>
      reportFeedError(t, error, {
        title:
          error instanceof ApiError && error.status >= 500 ? t('feed.errors.systemTitle') : t('feed.composer.failed'),
        fallback: t('common.genericError'),
        reloadAfterMs: SESSION_RELOAD_MS,
      }),
  });
  const busy = create.isPending;
  const mayPublishPremium = user.isAdmin || isPremiumActive(user);
  const empty = !draft.content.trim() && !draft.media;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { draftProblem } = await loadDraftRules();
    const problem = draftProblem(draft, {
      gender: user.gender,
      approved: user.verificationStatus === 'approved',
      isAdmin: user.isAdmin,
      isPremium: isPremiumActive(user),
    });
    if (problem) {
      toast({
        variant: 'destructive',
        title: problem === 'content.photoRequired' ? t('feed.composer.photoRequiredTitle') : t('common.error'),
        description: errorText(problem),
      });
      return;
    }
    create.mutate(draft);
  };

  return (
    <Card data-testid="post-composer">
      <CardHeader>
        <CardTitle>{t('feed.composer.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-4"
          onSubmit={(event) => void submit(event)}
          onFocus={() => void loadDraftRules()}
          noValidate
        >
          <div className="space-y-2">
            <Label htmlFor="composer-content" className="sr-only">
              {t('feed.composer.contentLabel')}
            </Label>
            <Textarea
              id="composer-content"
              placeholder={t('feed.composer.placeholder')}
              value={draft.content}
              disabled={busy}
              onChange={(event) => set({ content: event.target.value })}
            />
          </div>
          <div className="space-y-2">
            <p className="text-sm font-medium" aria-hidden>
              {t('feed.composer.category')}
            </p>
            <CategoryPills
              label={t('feed.composer.category')}
              options={CATEGORIES}
              value={draft.category}
              onChange={(category) => set({ category })}
              disabled={busy}
              size="sm"
            />
          </div>
          <MediaPicker id="composer-media" file={draft.media} onChange={(media) => set({ media })} disabled={busy} />
          <div className="space-y-3">
            <SwitchRow
              id="composer-show-profile"
              label={t('feed.composer.showProfileData')}
              checked={draft.showProfileData}
              onChange={(showProfileData) => set({ showProfileData })}
              disabled={busy}
            />
            <SwitchRow
              id="composer-show-telegram"
              label={t('feed.composer.showTelegramUsername')}
              checked={draft.showTelegramUsername}
              onChange={(showTelegramUsername) => set({ showTelegramUsername })}
              disabled={busy}
            />
          </div>
          {mayPublishPremium && (
            <PremiumFields isPremium={draft.isPremium} creditCost={draft.creditCost} onChange={set} disabled={busy} />
          )}
          <div className="flex justify-end">
            <Button type="submit" variant="gradient" disabled={busy || empty}>
              {busy ? <Spinner /> : <Send aria-hidden />}
              {t('feed.composer.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
