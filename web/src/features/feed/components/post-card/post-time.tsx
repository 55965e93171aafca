import type { PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/dates';
import { relativeTime } from '@/lib/relative-time';

/**
 * When something was written, counted as docs/product.md#constants has it ('just now', hours, days, then a date). The
 * exact date and time, its tooltip, is written when a pointer comes over it: the first date-and-time formatter a page
 * makes costs a phone about 40 ms (the browser builds its patterns), which the feed's first paint would otherwise wait for.
 */
export function PostTime({ iso, className }: { iso: string; className?: string }) {
  const { t, i18n } = useTranslation();
  const text = relativeTime(iso, i18n.language, t('feed.time.justNow'));
  if (!text) return null;
  const writeTooltip = (event: PointerEvent<HTMLTimeElement>) => {
    event.currentTarget.title = formatDateTime(iso, i18n.language) ?? '';
  };
  return (
    <time dateTime={iso} onPointerEnter={writeTooltip} className={className}>
      {text}
    </time>
  );
}
