import { Popover } from 'radix-ui';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NotificationList } from './notification-list';

/**
 * The list in a panel under the bell, on larger screens (phones open the page instead). Loaded when first opened: the
 * bell is in every page's first load, the list is not. Escape, a click outside or opening an entry close it, and the
 * focus goes back to the bell.
 */
export default function NotificationsPanel({
  bell,
  onClose,
}: {
  bell: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Popover.Root open onOpenChange={(open) => !open && onClose()}>
      <Popover.Anchor virtualRef={bell} />
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          aria-label={t('notifications.title')}
          data-testid="notifications-panel"
          // The bell toggles the panel itself: a press on it is not a click outside.
          onInteractOutside={(event) => {
            if (bell.current?.contains(event.target as Node)) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            bell.current?.focus();
          }}
          className="z-50 flex max-h-[min(36rem,calc(100dvh-6rem))] w-[24rem] animate-fade-in flex-col overflow-hidden rounded-2xl border bg-popover text-popover-foreground shadow-lg"
        >
          <h2 className="border-b px-4 py-3 text-base font-semibold">{t('notifications.title')}</h2>
          <div className="min-h-0 flex-1 overflow-y-auto p-2">
            <NotificationList onOpen={onClose} />
          </div>
          <Link
            to="/notifications"
            onClick={onClose}
            className="border-t px-4 py-3 text-center text-sm font-medium text-primary hover:underline"
          >
            {t('notifications.seeAll')}
          </Link>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
