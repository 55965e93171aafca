import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { joinReasons, OTHER_REASON, POST_REJECTION_REASONS, USER_REJECTION_REASONS } from '../lib/rejection-reasons';

/** The longest free text for 'other' (the server keeps at most 2,000 characters for the whole reason). */
const OTHER_MAX = 500;

/**
 * The rejection reason picker (one for verifications, one for posts): ten reasons, several may be chosen, 'other'
 * asks for the admin's own words, and confirming stays disabled until the reason can be sent.
 */
export function RejectionDialog({
  kind,
  name,
  open,
  onOpenChange,
  onConfirm,
}: {
  kind: 'user' | 'post';
  /** The member whose verification is rejected. */
  name?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [otherText, setOtherText] = useState('');
  const reasons = kind === 'user' ? USER_REJECTION_REASONS : POST_REJECTION_REASONS;
  const textOf = (reason: string) =>
    kind === 'user' ? t(`admin.rejection.userReasons.${reason}`) : t(`admin.rejection.postReasons.${reason}`);
  const reason = joinReasons(reasons, chosen, textOf, otherText);

  const toggle = (key: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(key);
    else next.delete(key);
    setChosen(next);
  };

  const changeOpen = (next: boolean) => {
    if (next) {
      setChosen(new Set());
      setOtherText('');
    }
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent closeLabel={t('common.close')} className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{kind === 'user' ? t('admin.rejection.userTitle') : t('admin.rejection.postTitle')}</DialogTitle>
          <DialogDescription>
            {kind === 'user'
              ? t('admin.rejection.userDescription', { name: name ?? '' })
              : t('admin.rejection.postDescription')}
          </DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t('admin.rejection.reasonsLabel')}</legend>
          {reasons.map((key) => (
            <label
              key={key}
              className="flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2 text-sm has-checked:border-primary has-checked:bg-primary/5"
            >
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary"
                checked={chosen.has(key)}
                onChange={(event) => toggle(key, event.target.checked)}
              />
              <span>{textOf(key)}</span>
            </label>
          ))}
        </fieldset>
        {chosen.has(OTHER_REASON) && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-other`}>{t('admin.rejection.otherLabel')}</Label>
            <Textarea
              id={`${id}-other`}
              value={otherText}
              maxLength={OTHER_MAX}
              onChange={(event) => setOtherText(event.target.value)}
              placeholder={t('admin.rejection.otherPlaceholder')}
              autoFocus
            />
          </div>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('common.cancel')}</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={reason === null}
            onClick={() => {
              if (reason === null) return;
              onOpenChange(false);
              onConfirm(reason);
            }}
          >
            {t('admin.rejection.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
