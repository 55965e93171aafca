import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { checkoutAddress } from '@/lib/return-to';
import { cn } from '@/lib/utils';

/**
 * An action refused for too few credits, said where it failed: the server's reason (`message`), what became of what
 * the member did (`note`), and the checkout one tap away, which brings them back to this page after the purchase.
 */
export function OutOfCredits({ message, note, className }: { message: string; note?: string; className?: string }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <div
      role="alert"
      className={cn('space-y-2 rounded-xl border border-destructive/30 bg-destructive/10 p-3 text-sm', className)}
      data-testid="out-of-credits"
    >
      <p className="text-destructive">{message}</p>
      {note && <p className="text-muted-foreground">{note}</p>}
      <Button asChild variant="outline" size="sm">
        <Link to={checkoutAddress(`${pathname}${search}`)}>
          <Coins aria-hidden />
          {t('nav.buyCredits')}
        </Link>
      </Button>
    </div>
  );
}
