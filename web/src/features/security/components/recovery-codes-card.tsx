import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

/** Recovery codes, shown this once: the server keeps only their hashes. */
export function RecoveryCodesCard({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Card className="border-primary" role="region" aria-labelledby="recovery-codes-title">
      <CardHeader>
        <CardTitle id="recovery-codes-title">{t('secondFactor.recovery.shownTitle')}</CardTitle>
        <CardDescription>{t('secondFactor.recovery.shownDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul
          className="grid grid-cols-1 gap-2 font-mono text-base sm:grid-cols-2"
          aria-label={t('secondFactor.recovery.list')}
        >
          {codes.map((code) => (
            <li key={code} className="rounded bg-muted px-3 py-1 text-center">
              {code}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button onClick={onDone}>{t('secondFactor.recovery.saved')}</Button>
      </CardFooter>
    </Card>
  );
}
