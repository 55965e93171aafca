import type { ReactNode } from 'react';
import { dateTimeFormat } from '@/lib/intl';

/** One term and its value in a profile card's `<dl className="divide-y">`. */
export function DetailRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 py-3 first:pt-0 last:pb-0">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

/** 'Membro dal' date in the UI language (it: "3 marzo 2024"), or null when the server's date is unreadable. */
export function memberSince(createdAt: string, language: string): string | null {
  const since = new Date(createdAt);
  if (Number.isNaN(since.getTime())) return null;
  return dateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(since);
}
