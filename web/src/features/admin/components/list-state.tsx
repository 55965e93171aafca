import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

export function ListLoading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-12 text-sm text-muted-foreground">
      <Spinner />
      {t('common.loading')}
    </p>
  );
}

/** 'Errore nel caricamento: {message}' (or the reports' and users' own wording). */
export function ListError({ text }: { text: string }) {
  return (
    <p
      role="alert"
      className="rounded-xl border border-destructive/30 bg-destructive/5 px-4 py-6 text-center text-sm text-destructive"
    >
      {text}
    </p>
  );
}

/** What a list query gives the screen: its rows once loaded, its failure otherwise. */
type ListQuery<T> = { data: readonly T[] | undefined; error: Error | null; isPending: boolean };

/**
 * A console queue (pending posts and users, reports, feedback): its items in a list (`className` lays it out), `empty`
 * when there are none, the spinner while it loads and the error (`errorKey`, 'Errore nel caricamento: ...' unless
 * the queue has its own wording) when it could not.
 */
export function QueryList<T>({
  query: { data, error, isPending },
  errorKey = 'admin.loadError',
  empty,
  className,
  itemKey,
  children: renderItem,
}: {
  query: ListQuery<T>;
  errorKey?: string;
  empty: ReactNode;
  className: string;
  itemKey: (item: T) => string;
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (data)
    return data.length > 0 ? (
      <ul className={className}>
        {data.map((item) => (
          <li key={itemKey(item)}>{renderItem(item)}</li>
        ))}
      </ul>
    ) : (
      empty
    );
  return isPending ? <ListLoading /> : <ListError text={t(errorKey, { message: error?.message ?? '' })} />;
}

export function ListEmpty({ icon: Icon, text, children }: { icon: LucideIcon; text: string; children?: ReactNode }) {
  return (
    <Card className="items-center px-6 py-12 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
        <Icon className="size-7" aria-hidden />
      </span>
      <p className="text-muted-foreground">{text}</p>
      {children}
    </Card>
  );
}
