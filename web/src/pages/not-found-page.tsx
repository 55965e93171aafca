import { ArrowLeft, Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Brand } from '@/components/brand';
import { SiteFooter } from '@/components/layout/site-footer';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6">
        <Brand />
      </header>
      <main id="main" className="grid flex-1 place-items-center px-4 py-16">
        <div className="max-w-md text-center">
          <span className="mx-auto grid size-16 place-items-center rounded-2xl bg-secondary text-primary">
            <Compass className="size-8" aria-hidden />
          </span>
          <h1 className="mt-6 text-3xl font-bold tracking-tight">{t('notFound.title')}</h1>
          <p className="mt-3 text-muted-foreground">{t('notFound.description')}</p>
          <Button asChild className="mt-8">
            <Link to="/">
              <ArrowLeft aria-hidden />
              {t('common.backHome')}
            </Link>
          </Button>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
