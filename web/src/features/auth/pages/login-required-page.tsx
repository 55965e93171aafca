import { LockKeyhole } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BackHomeButton } from '@/components/back-home-button';
import { Brand } from '@/components/brand';
import { GoogleButton } from '@/components/google-button';
import { SiteFooter } from '@/components/layout/site-footer';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** Where each screen's wording is. */
const TEXTS = { messages: 'loginRequired', checkout: 'loginRequired.checkout', admin: 'admin.loginRequired' } as const;

/**
 * What a visitor sees on a screen that is reachable without a session but useless without one: messages and the
 * admin console (with a link to the login form, worded for each) and checkout ('Accesso Richiesto' with Google
 * sign-in, as the checkout has it).
 */
export function LoginRequiredPage({ reason = 'messages' }: { reason?: keyof typeof TEXTS }) {
  const { t } = useTranslation();
  const texts = TEXTS[reason];
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6">
        <Brand />
      </header>
      <main id="main" className="grid flex-1 place-items-center px-4 py-16">
        <Card className="w-full max-w-md items-center px-6 py-10 text-center">
          <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-primary">
            <LockKeyhole className="size-7" aria-hidden />
          </span>
          <div className="space-y-2">
            <h1 className="text-2xl font-bold">{t(`${texts}.title`)}</h1>
            <p className="text-muted-foreground">{t(`${texts}.description`)}</p>
          </div>
          <div className="flex w-full flex-col gap-2">
            {reason === 'checkout' ? (
              <>
                <GoogleButton href="/api/auth/google" className="w-full">
                  {t('landing.google.login')}
                </GoogleButton>
                <BackHomeButton variant="ghost" />
              </>
            ) : (
              <>
                <Button asChild size="lg">
                  <Link to="/login">{t(`${texts}.login`)}</Link>
                </Button>
                <Button asChild variant="ghost">
                  <Link to="/">{t('common.backHome')}</Link>
                </Button>
              </>
            )}
          </div>
        </Card>
      </main>
      <SiteFooter />
    </div>
  );
}
