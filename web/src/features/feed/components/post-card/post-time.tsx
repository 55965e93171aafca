import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/dates';
import { relativeTime } from '@/lib/relative-time';

/** When something was written, counted as docs/product.md#constants has it ('just now', hours, days, then a date). */
export function PostTime({ iso, className }: { iso: string; className?: string }) {
  const { t, i18n } = useTranslation();
  const text = relativeTime(iso, i18n.language, t('feed.time.justNow'));
  if (!text) return null;
  return (
    <time dateTime={iso} title={formatDateTime(iso, i18n.language) ?? undefined} className={className}>
      {text}
    </time>
  );
}
