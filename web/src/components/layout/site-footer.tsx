import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BrandMark } from '@/components/brand';
import { COMPANY } from '@/config/company';
import { cn } from '@/lib/utils';

/** On every page: the operating company, its registered office and number, support contact and legal links. */
export function SiteFooter({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <footer className={cn('border-t bg-card/60', className)}>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr]">
        <div className="space-y-3">
          <div className="flex items-center gap-2.5 font-bold">
            <BrandMark className="size-8 text-base" />
            {COMPANY.legalName}
          </div>
          <p className="max-w-sm text-sm text-muted-foreground">{t('footer.tagline')}</p>
        </div>
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="font-semibold">{t('footer.registeredOffice')}</dt>
            <dd className="text-muted-foreground">{COMPANY.address}</dd>
          </div>
          <div>
            <dt className="font-semibold">{t('footer.companyNumber')}</dt>
            <dd className="text-muted-foreground">{COMPANY.companyNumber}</dd>
          </div>
        </dl>
        <div className="space-y-3 text-sm">
          <p className="font-semibold">{t('footer.support')}</p>
          <a
            href={`mailto:${COMPANY.supportEmail}`}
            className="inline-flex items-center gap-2 rounded text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <Mail className="size-4" aria-hidden />
            {COMPANY.supportEmail}
          </a>
          <nav aria-label={t('footer.legal')} className="flex flex-wrap gap-x-4 gap-y-1">
            <Link to="/privacy" className="text-muted-foreground hover:text-foreground hover:underline">
              {t('footer.privacy')}
            </Link>
            <Link to="/terms" className="text-muted-foreground hover:text-foreground hover:underline">
              {t('footer.terms')}
            </Link>
          </nav>
        </div>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-muted-foreground sm:px-6">
          {t('footer.copyright', { year: COMPANY.copyrightYear, company: COMPANY.legalName })}
        </p>
      </div>
    </footer>
  );
}
