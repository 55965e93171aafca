import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { useAddFreeCredits } from '../api/add-free-credits';

/** The amounts a tester picks from (docs/product.md#credits-and-premium); 1000 is the feed panel's default. */
export const TESTER_PRESETS = [500, 1000, 2500, 5000] as const;
export const DEFAULT_TESTER_PRESET = 1000;

/** A tester's free credits; a toast tells the server's confirmation or the refusal ('Impossibile aggiungere...'). */
export function useTesterGrant() {
  const { t } = useTranslation();
  return useAddFreeCredits({
    onSuccess: (answer) =>
      toast({ variant: 'success', title: t('wallet.tester.successTitle'), description: answer.message }),
    onError: () => toast({ variant: 'destructive', title: t('common.error'), description: t('wallet.tester.error') }),
  });
}
