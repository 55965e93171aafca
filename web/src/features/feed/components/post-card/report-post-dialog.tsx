import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
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
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { isNetworkError } from '@/lib/errors';
import { isSessionError, reportFeedError } from '@/lib/report-error';
import { REPORT_DESCRIPTION_MAX, REPORT_REASONS, type ReportReason } from '@/lib/rules';
import { useReportPost } from '../../api/report-post';

/** Refusals whose server text tells the member something (already reported, their own post, not allowed). */
const TOLD_BY_SERVER = new Set([400, 403, 409]);

/**
 * 'Segnala': the member picks why (required: 'Devi selezionare un motivo per la segnalazione.'), may add a
 * description (at most 1,000 characters) and sends it to the moderators.
 */
export function ReportPostDialog({
  postId,
  open,
  onOpenChange,
}: {
  postId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [description, setDescription] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const report = useReportPost({
    onSuccess: () => {
      onOpenChange(false);
      toast({ variant: 'success', title: t('report.sent'), description: t('report.sentDescription') });
    },
    onError: (error) => {
      // A refusal gives the server's reason; a lost session or connection says so; anything else the form's own text.
      const told = error instanceof ApiError && TOLD_BY_SERVER.has(error.status);
      if (told && error.message)
        toast({ variant: 'destructive', title: t('common.error'), description: error.message });
      else if (isSessionError(error) || isNetworkError(error))
        reportFeedError(t, error, { title: t('common.error'), fallback: t('report.failed') });
      else toast({ variant: 'destructive', title: t('common.error'), description: t('report.failed') });
    },
  });

  const reasonError = `${id}-reason-error`;
  const descriptionId = `${id}-description`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    report.mutate({ postId, reason, description });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (report.isPending) return;
        if (next) {
          setReason(null);
          setDescription('');
          setMissingReason(false);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{t('report.title')}</DialogTitle>
          <DialogDescription>{t('report.description')}</DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} noValidate onSubmit={submit} className="grid gap-5">
          <fieldset className="grid gap-3">
            <legend className="mb-3 text-sm font-medium">{t('report.reasonLabel')}</legend>
            <RadioGroup
              value={reason ?? ''}
              onValueChange={(value) => {
                setReason(value as ReportReason);
                setMissingReason(false);
              }}
              aria-label={t('report.reasonLabel')}
              aria-invalid={missingReason || undefined}
              aria-describedby={missingReason ? reasonError : undefined}
            >
              {REPORT_REASONS.map((option) => (
                <div key={option} className="flex items-center gap-3">
                  <RadioGroupItem value={option} id={`${id}-${option}`} aria-invalid={missingReason || undefined} />
                  <Label htmlFor={`${id}-${option}`} className="font-normal">
                    {t(`report.reasons.${option}`)}
                  </Label>
                </div>
              ))}
            </RadioGroup>
            {missingReason && (
              <p id={reasonError} role="alert" className="text-xs font-medium text-destructive">
                {t('report.reasonRequired')}
              </p>
            )}
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={descriptionId}>{t('report.descriptionLabel')}</Label>
            <Textarea
              id={descriptionId}
              value={description}
              maxLength={REPORT_DESCRIPTION_MAX}
              placeholder={t('report.descriptionPlaceholder')}
              onChange={(event) => setDescription(event.target.value)}
            />
            <p className="text-right text-xs text-muted-foreground" aria-live="polite">
              {t('report.counter', { length: description.length, max: REPORT_DESCRIPTION_MAX })}
            </p>
          </div>
        </form>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={report.isPending}>
              {t('common.cancel')}
            </Button>
          </DialogClose>
          <Button type="submit" form={`${id}-form`} variant="destructive" disabled={report.isPending}>
            {report.isPending && <Spinner />}
            {t('report.submit')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
