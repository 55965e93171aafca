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
