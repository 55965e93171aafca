import { ArrowLeft, ArrowRight, Check, RotateCcw, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/current-user';
import { BackHomeButton } from '@/components/back-home-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { DEMO_STEPS, DemoStepContent, STEP_ICONS } from '../components/demo-steps';

function AccessDenied() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-2xl">
      <Card className="items-center px-6 py-14 text-center" data-testid="access-denied">
        <span className="grid size-16 place-items-center rounded-2xl bg-destructive/10 text-destructive">
          <ShieldAlert className="size-8" aria-hidden />
        </span>
        <CardContent className="space-y-2">
          <h1 className="text-xl font-bold">{t('demoRegistration.denied.title')}</h1>
          <p className="text-muted-foreground">{t('demoRegistration.denied.description')}</p>
        </CardContent>
        <BackHomeButton variant="outline" />
      </Card>
    </div>
  );
}

/**
 * /demo-registrazione: for admins, a walkthrough of the five steps a new member goes through (registration, e-mail,
 * photo, waiting, approved), with back and next. It only illustrates: nothing is sent to the server.
 */
export function DemoRegistrationPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [index, setIndex] = useState(0);
  if (!user) return null;
  if (!user.isAdmin) return <AccessDenied />;

  const step = DEMO_STEPS[index] ?? 'registration';
  const last = index === DEMO_STEPS.length - 1;
  const Icon = STEP_ICONS[step];

  return (
    <div className="mx-auto max-w-3xl">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('demoRegistration.title')}</h1>
        <Badge variant="secondary">{t('demoRegistration.adminOnly')}</Badge>
      </div>
      <p className="mt-2 text-pretty text-muted-foreground">{t('demoRegistration.subtitle')}</p>

      <nav aria-label={t('demoRegistration.stepsLabel')} className="mt-6">
        <ol className="grid grid-cols-5 gap-1 sm:gap-2">
          {DEMO_STEPS.map((item, position) => {
            const done = position < index;
            const current = position === index;
            return (
              <li key={item} className="flex flex-col items-center gap-1.5 text-center">
                <button
                  type="button"
                  onClick={() => setIndex(position)}
                  aria-current={current ? 'step' : undefined}
                  aria-label={t('demoRegistration.goToStep', {
                    step: position + 1,
                    name: t(`demoRegistration.steps.${item}.label`),
                  })}
                  className={cn(
                    'grid size-9 place-items-center rounded-full border-2 text-sm font-bold transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                    current && 'border-primary bg-primary text-primary-foreground shadow-md shadow-primary/30',
                    done && 'border-success bg-success text-white',
                    !current && !done && 'border-input bg-card text-muted-foreground hover:bg-secondary',
                  )}
                >
                  {done ? <Check className="size-4" aria-hidden /> : position + 1}
                </button>
                <span
                  className={cn(
                    'text-[11px] leading-tight font-medium sm:text-xs',
                    current ? 'text-foreground' : 'text-muted-foreground',
                  )}
                >
                  {t(`demoRegistration.steps.${item}.label`)}
                </span>
              </li>
            );
          })}
        </ol>
      </nav>

      <Card className="mt-6" data-testid="demo-step" data-step={step}>
        <CardHeader>
          <p className="text-xs font-semibold tracking-wide text-primary uppercase">
            {t('demoRegistration.progress', { step: index + 1, total: DEMO_STEPS.length })}
          </p>
          <CardTitle as="h2" className="flex items-center gap-2 text-xl">
            <Icon className="size-5 text-primary" aria-hidden />
            {t(`demoRegistration.steps.${step}.title`)}
          </CardTitle>
          <CardDescription>{t(`demoRegistration.steps.${step}.description`)}</CardDescription>
        </CardHeader>
        <CardContent>
          <DemoStepContent step={step} />
        </CardContent>
      </Card>

      <div className="mt-6 flex items-center justify-between gap-3">
        <Button variant="outline" onClick={() => setIndex(index - 1)} disabled={index === 0}>
          <ArrowLeft aria-hidden />
          {t('demoRegistration.back')}
        </Button>
        {last ? (
          <Button variant="gradient" onClick={() => setIndex(0)}>
            <RotateCcw aria-hidden />
            {t('demoRegistration.restart')}
          </Button>
        ) : (
          <Button variant="gradient" onClick={() => setIndex(index + 1)}>
            {t('demoRegistration.next')}
            <ArrowRight aria-hidden />
          </Button>
        )}
      </div>
    </div>
  );
}
