import { Hourglass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from '@/components/back-home-button';
import { Card, CardContent } from '@/components/ui/card';

/** Stands in for the sections that later capabilities deliver, so every route of the spec answers. */
export function ComingSoonPage({ section }: { section: 'messages' | 'feedback' | 'blockedUsers' | 'admin' }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t(`nav.${section}`)}</h1>
      <Card className="mt-6 items-center px-6 py-14 text-center">
        <span className="grid size-16 place-items-center rounded-2xl bg-gradient-to-br from-primary to-brand-warm text-white shadow-lg shadow-primary/25">
          <Hourglass className="size-8" aria-hidden />
        </span>
        <CardContent className="space-y-2">
          <p className="text-lg font-semibold">{t('comingSoon.title')}</p>
          <p className="text-muted-foreground">{t('comingSoon.description')}</p>
        </CardContent>
        <BackHomeButton variant="outline" />
      </Card>
    </div>
  );
}
