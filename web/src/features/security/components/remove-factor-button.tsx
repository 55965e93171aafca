import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessageOr } from '@/lib/errors';
import { useRemoveFactor, type FactorToRemove } from '../api/remove-factor';

/** Takes a factor off (an admin where the rule holds is refused their last one, with the server's reason). */
export function RemoveFactorButton({ factor, label }: { factor: FactorToRemove; label: string }) {
  const { t } = useTranslation();
  const remove = useRemoveFactor({
    onSuccess: () => toast({ variant: 'success', title: t('secondFactor.removed') }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('common.error'),
        description: serverMessageOr(error, t('common.genericError')),
      }),
  });
  return (
    <Button variant="outline" size="sm" onClick={() => remove.mutate(factor)} disabled={remove.isPending}>
      {remove.isPending ? <Spinner /> : <Trash2 className="size-4" aria-hidden />}
      {label}
    </Button>
  );
}
