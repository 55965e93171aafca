import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Gender } from '@/api/types';
import { AuthDoneCard } from '@/components/layout/auth-card';
import { Button } from '@/components/ui/button';

/** Who just registered: the greetings agree with the gender where the language does ('Benvenuta'). */
export type Registered = { username: string; gender: Gender | undefined; email: string };

/**
 * 'Registrazione Completata!', the waiting step: what happens next (an admin checks the photo just sent). The
 * newcomer is signed in since registering, so the community opens next, with a full load that starts the app as them.
 */
export function RegistrationComplete({ username, gender }: Pick<Registered, 'username' | 'gender'>) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <AuthDoneCard
      title={t('auth.register.completeTitle')}
      description={t('auth.register.completeDescription', { username, context: gender })}
      next="/"
      reload
      contentClassName="grid w-full max-w-sm gap-3"
    >
      <section
        aria-labelledby={titleId}
        className="rounded-xl bg-secondary px-4 py-3 text-left text-sm text-secondary-foreground"
        data-testid="registration-next"
      >
        <h2 id={titleId} className="font-semibold">
          {t('auth.register.nextTitle')}
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5">
          <li>{t('auth.register.nextReview')}</li>
          <li>{t('auth.register.nextMeanwhile')}</li>
          <li>{t('auth.register.nextApproved')}</li>
        </ol>
      </section>
      <Button asChild variant="gradient" size="lg">
        <a href="/">{t('auth.register.completeContinue')}</a>
      </Button>
    </AuthDoneCard>
  );
}
