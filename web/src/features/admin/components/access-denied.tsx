import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from '@/components/back-home-button';
import { Card } from '@/components/ui/card';

/** What a signed-in member who is not an admin gets at /admin ('Accesso Negato', with a way home). */
export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-lg">
      <Card className="items-center px-6 py-12 text-center" role="alert" data-testid="admin-access-denied">
        <span className="grid size-14 place-items-center rounded-2xl bg-destructive/10 text-destructive">
          <ShieldAlert className="size-7" aria-hidden />
        </span>
        <div className="space-y-2">
          <h1 className="text-2xl font-bold">{t('admin.accessDenied.title')}</h1>
          <p className="font-medium">{t('admin.accessDenied.description')}</p>
          <p className="text-sm text-muted-foreground">{t('admin.accessDenied.detail')}</p>
        </div>
        <BackHomeButton variant="outline" />
      </Card>
    </div>
  );
}
