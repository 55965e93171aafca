import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from '@/components/back-home-button';
import { Brand } from '@/components/brand';
import { SiteFooter } from '@/components/layout/site-footer';
import { COMPANY } from '@/config/company';

/** Privacy policy and terms: the pages exist so the footer links work; the documents come from the company. */
export function LegalPage({ document }: { document: 'privacy' | 'terms' }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6">
        <Brand />
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-12 sm:px-6">
        <span className="grid size-12 place-items-center rounded-xl bg-secondary text-primary">
          <FileText className="size-6" aria-hidden />
        </span>
        <h1 className="mt-5 text-3xl font-bold tracking-tight">{t(`legal.${document}.title`)}</h1>
        <p className="mt-4 text-muted-foreground">{t(`legal.${document}.intro`, { company: COMPANY.legalName })}</p>
        <p className="mt-4 text-muted-foreground">
          {t('legal.contact')}{' '}
          <a className="font-medium text-primary hover:underline" href={`mailto:${COMPANY.supportEmail}`}>
            {COMPANY.supportEmail}
          </a>
        </p>
        <BackHomeButton variant="outline" className="mt-8" />
      </main>
      <SiteFooter />
    </div>
  );
}
