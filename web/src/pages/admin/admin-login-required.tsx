import { LockKeyhole } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Brand } from '@/components/brand';
import { SiteFooter } from '@/components/layout/site-footer';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** A visitor at /admin: the login-required screen the other members-only screens show, worded for the console. */
export function AdminLoginRequired() {
  const { t } = useTranslation();
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
            <h1 className="text-2xl font-bold">{t('admin.loginRequired.title')}</h1>
            <p className="text-muted-foreground">{t('admin.loginRequired.description')}</p>
          </div>
          <div className="flex w-full flex-col gap-2">
            <Button asChild size="lg">
              <Link to="/login">{t('admin.loginRequired.login')}</Link>
            </Button>
            <Button asChild variant="ghost">
              <Link to="/">{t('common.backHome')}</Link>
            </Button>
          </div>
        </Card>
      </main>
      <SiteFooter />
    </div>
  );
}
