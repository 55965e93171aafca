import { CircleCheckBig, MessageSquareHeart, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { useCurrentUser } from '@/api/current-user';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOr } from '@/lib/errors';
import { DEFAULT_FEEDBACK_TYPE, FEEDBACK_MAX_CHARACTERS, FEEDBACK_TYPES, type FeedbackType } from '@/lib/rules';
import { displayName } from '@/lib/user-display';
import { useSubmitFeedback } from '../api/submit-feedback';

/** After 'You are logged out' the browser goes to /api/login after 500 ms. */
const RELOGIN_AFTER_MS = 500;

/**
 * /feedback: the member picks a type (default 'other'), writes a message (trimmed, 1 to 1,000 characters, with a
 * counter) and sends it ('Invia Feedback'); a thanks screen then offers to send another.
 */
export function FeedbackPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [type, setType] = useState<FeedbackType>(DEFAULT_FEEDBACK_TYPE);
  const [message, setMessage] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [sent, setSent] = useState(false);
  const submit = useSubmitFeedback({
    onSuccess: () => {
      toast({
        variant: 'success',
        title: t('feedback.thanksToast'),
        description: t('feedback.thanksToastDescription'),
      });
      setSent(true);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) {
        toast({ variant: 'destructive', title: t('feedback.unauthorized'), description: t('feedback.loggedOut') });
        setTimeout(() => window.location.assign('/api/login'), RELOGIN_AFTER_MS);
        return;
      }
      toast({
        variant: 'destructive',
        title: t('common.error'),
        description: serverMessageOr(error, t('feedback.failed')),
      });
    },
  });

  if (!user) return null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = message.trim();
    if (!text || text.length > FEEDBACK_MAX_CHARACTERS) {
      setInvalid(true);
      toast({
        variant: 'destructive',
        title: t('feedback.messageRequired'),
        description: t('feedback.messageRequiredDescription'),
      });
      return;
    }
    submit.mutate({ type, message: text });
  };

  const again = () => {
    setType(DEFAULT_FEEDBACK_TYPE);
    setMessage('');
    setInvalid(false);
    submit.reset();
    setSent(false);
  };

  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('nav.feedback')}</h1>
      <p className="mt-2 text-pretty text-muted-foreground">{t('feedback.subtitle')}</p>
      {sent ? (
        <Card className="mt-6 items-center px-6 py-12 text-center" data-testid="feedback-thanks">
          <span className="grid size-16 place-items-center rounded-2xl bg-success/12 text-success">
            <CircleCheckBig className="size-8" aria-hidden />
          </span>
          <CardContent className="space-y-2">
            <h2 className="text-lg font-semibold">{t('feedback.thanksTitle')}</h2>
            <p className="text-muted-foreground">{t('feedback.thanksDescription')}</p>
          </CardContent>
          <Button variant="outline" onClick={again}>
            {t('feedback.sendAnother')}
          </Button>
        </Card>
      ) : (
        <Card className="mt-6">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <MessageSquareHeart className="size-5 text-primary" aria-hidden />
              {t('feedback.formTitle')}
            </CardTitle>
            <CardDescription>{t('feedback.sentBy', { name: displayName(user) })}</CardDescription>
          </CardHeader>
          <CardContent>
            <form noValidate onSubmit={onSubmit} className="grid gap-5" data-testid="feedback-form">
              <div className="grid gap-2">
                <Label htmlFor="feedback-type">{t('feedback.typeLabel')}</Label>
                <Select value={type} onValueChange={(value) => setType(value as FeedbackType)}>
                  <SelectTrigger id="feedback-type">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {FEEDBACK_TYPES.map((option) => (
                      <SelectItem key={option} value={option}>
                        {t(`feedback.types.${option}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <div className="grid gap-2">
                <Label htmlFor="feedback-message">{t('feedback.messageLabel')}</Label>
                <Textarea
                  id="feedback-message"
                  value={message}
                  maxLength={FEEDBACK_MAX_CHARACTERS}
                  rows={6}
                  placeholder={t('feedback.messagePlaceholder')}
                  aria-invalid={invalid || undefined}
                  aria-describedby="feedback-counter"
                  onChange={(event) => {
                    setMessage(event.target.value);
                    if (event.target.value.trim()) setInvalid(false);
                  }}
                />
                <p
                  id="feedback-counter"
                  className="text-right text-xs text-muted-foreground"
                  data-testid="feedback-counter"
                >
                  {t('feedback.counter', { length: message.length, max: FEEDBACK_MAX_CHARACTERS })}
                </p>
              </div>
              <Button type="submit" variant="gradient" disabled={submit.isPending} className="justify-self-start">
                {submit.isPending ? <Spinner /> : <Send aria-hidden />}
                {t('feedback.submit')}
              </Button>
            </form>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
