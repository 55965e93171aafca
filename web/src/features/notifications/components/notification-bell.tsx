import { Bell } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Hint } from '@/components/ui/hint';
import { UnreadBadge } from '@/components/unread-badge';
import { useNotificationsUnreadCount } from '../api/get-unread-count';
import { languageChangedSinceSubscribing } from '../lib/device-language';

const NotificationsPanel = lazy(() => import('./notifications-panel'));

/**
 * The top bar's bell with the member's unread count, which the `notification` push keeps (an idle page asks nothing).
 * On a phone it opens the notifications page; on a larger screen a panel under it.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const { data: count = 0 } = useNotificationsUnreadCount();
  const [open, setOpen] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Once per page load, and only after a change of language: the subscription's code stays off the first load.
    if (languageChangedSinceSubscribing())
      void import('../lib/push-device')
        .then(({ followLanguageChange }) => followLanguageChange())
        // The language stays the old one until a later page load manages to tell the server.
        .catch((error: unknown) => console.warn('The push subscription keeps its language', error));
  }, []);
  const badge = (
    <UnreadBadge
      count={count}
      label={t('notifications.unreadBadge', { count })}
      testId="notifications-badge"
      className="absolute -top-0.5 -right-0.5"
    />
  );
  return (
    <>
      <div className="md:hidden">
        <Hint label={t('notifications.title')}>
          <Button asChild variant="ghost" size="icon" className="relative">
            {/* Named by what it shows, its count included: no aria-label over the badge. */}
            <Link to="/notifications" data-testid="notification-bell-link">
              <Bell aria-hidden />
              <span className="sr-only">{t('notifications.title')}</span>
              {badge}
            </Link>
          </Button>
        </Hint>
      </div>
      <div className="hidden md:block">
        <Hint label={t('notifications.title')}>
          <Button
            ref={bell}
            variant="ghost"
            size="icon"
            className="relative"
            aria-haspopup="dialog"
            aria-expanded={open}
            data-testid="notification-bell"
            onClick={() => setOpen(!open)}
          >
            <Bell aria-hidden />
            <span className="sr-only">{t('notifications.title')}</span>
            {badge}
          </Button>
        </Hint>
      </div>
      {open && (
        <Suspense fallback={null}>
          <NotificationsPanel bell={bell} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
