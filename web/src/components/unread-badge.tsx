import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** Badges cap at 99+ (docs/product.md#screens). */
export const capCount = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * A round count (of unread messages unless `label` and `testId` say what else); nothing when there are none.
 */
export function UnreadBadge({
  count,
  className,
  label,
  testId = 'unread-badge',
}: {
  count: number;
  className?: string;
  /** What the count means, for screen readers; unread messages by default. */
  label?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span
      data-testid={testId}
      aria-label={label ?? t('messages.unreadBadge', { count })}
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 text-[11px] leading-none font-bold text-white',
        className,
      )}
    >
      {capCount(count)}
    </span>
  );
}
