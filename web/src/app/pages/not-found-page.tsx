import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from '@/components/back-home-button';
import { Brand } from '@/components/brand';
import { LanguageSwitcher } from '@/components/language-switcher';
import { SiteFooter } from '@/components/layout/site-footer';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col overflow-x-clip">
      <header className="relative z-10 mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-5 sm:px-6">
        <Brand />
        <LanguageSwitcher />
      </header>
      <main id="main" className="relative isolate grid flex-1 place-items-center px-4 py-16">
        <div
          aria-hidden
          className="absolute top-1/2 left-1/2 -z-10 size-72 sm:size-[22rem] -translate-x-1/2 -translate-y-1/2 rounded-full bg-gradient-to-br from-primary/15 to-brand-warm/15 blur-3xl"
        />
        <div className="max-w-md text-center">
          <span className="mx-auto grid size-16 place-items-center rounded-2xl bg-gradient-to-br from-primary to-brand-warm text-white shadow-lg shadow-primary/25">
            <Compass className="size-8" aria-hidden />
          </span>
          <h1 className="mt-6 text-3xl font-bold tracking-tight">{t('notFound.title')}</h1>
          <p className="mt-3 text-muted-foreground">{t('notFound.description')}</p>
          <BackHomeButton className="mt-8" />
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
