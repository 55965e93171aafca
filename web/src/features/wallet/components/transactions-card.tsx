import { ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/dates';
import { serverMessageOr } from '@/lib/errors';
import { formatSignedCredits } from '@/lib/money';
import { cn } from '@/lib/utils';
import { useTransactions } from '../api/get-transactions';
import type { Transaction } from '../api/types';

const SHOWN = 10;

/** The last 10 movements of the own credits, newest first; a credits_updated push refreshes them. */
export function TransactionsCard() {
  const { t } = useTranslation();
  const { data, error, isPending } = useTransactions(SHOWN);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ReceiptText className="size-5 text-primary" aria-hidden />
          {t('wallet.transactions.title')}
        </CardTitle>
        <CardDescription>{t('wallet.transactions.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {data ? (
          data.length > 0 ? (
            <ul className="divide-y" aria-label={t('wallet.transactions.title')} data-testid="transactions">
              {data.slice(0, SHOWN).map((transaction) => (
                <TransactionRow key={transaction.id} transaction={transaction} />
              ))}
            </ul>
          ) : (
            <p className="py-6 text-center text-sm text-muted-foreground">{t('wallet.transactions.empty')}</p>
          )
        ) : isPending ? (
          <p role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
            <Spinner />
            {t('common.loading')}
          </p>
        ) : (
          <p role="alert" className="py-6 text-center text-sm text-destructive">
            {serverMessageOr(error, t('wallet.transactions.error'))}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function TransactionRow({ transaction }: { transaction: Transaction }) {
  const { t, i18n } = useTranslation();
  const when = formatDateTime(transaction.createdAt, i18n.language);
  return (
    <li className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">{transaction.description}</p>
        {when && (
          <time dateTime={transaction.createdAt} className="text-xs text-muted-foreground">
            {when}
          </time>
        )}
      </div>
      <span
        className={cn(
          'shrink-0 text-sm font-bold tabular-nums',
          transaction.amount > 0
            ? 'text-success'
            : transaction.amount < 0
              ? 'text-destructive'
              : 'text-muted-foreground',
        )}
      >
        {t('wallet.transactions.amount', { amount: formatSignedCredits(transaction.amount, i18n.language) })}
      </span>
    </li>
  );
}
