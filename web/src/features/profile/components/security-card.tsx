import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Whether signing in takes a second step, and the way to the security page that sets one up. */
export function SecurityCard({ secondFactor }: { secondFactor: boolean }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5" aria-hidden />
          {t('secondFactor.profileCard.title')}
        </CardTitle>
        <CardDescription>
          {secondFactor ? t('secondFactor.profileCard.on') : t('secondFactor.profileCard.off')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to="/security">{t('secondFactor.profileCard.manage')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
