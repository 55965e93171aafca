import { Home, LogOut, Menu, MessageCircle, ShieldCheck } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useCurrentUser } from '@/api/current-user';
import { SIDEBAR_ID } from '@/app/layout/sidebar';
import { LanguageSwitcher } from '@/components/language-switcher';
import { pageLabelKey } from '@/components/layout/navigation';
import { useSidebar } from '@/components/layout/sidebar-state';
import { Button } from '@/components/ui/button';
import { Hint } from '@/components/ui/hint';
import { AdminWorkBadge } from '@/features/admin';
import { useFeedCategory } from '@/features/feed';
import { MessagesUnreadBadge } from '@/features/messages';
import { NotificationBell } from '@/features/notifications';
import { logout } from '@/lib/sign-out';
import { useHideOnScroll } from '@/lib/use-scroll';
import { cn } from '@/lib/utils';

const HIDE_AFTER_PX = 80;

export function TopBar() {
  const { t } = useTranslation();
  const { open, setOpen } = useSidebar();
  const { pathname } = useLocation();
  const { user } = useCurrentUser();
  const hidden = useHideOnScroll(HIDE_AFTER_PX) && !open;
  const category = useFeedCategory();
  // On the feed the bar names the chosen category.
  const label = pathname === '/' && category !== 'all' ? `nav.${category}` : pageLabelKey(pathname);

  return (
    <header
      data-hidden={hidden}
      className={cn(
        'fixed inset-x-0 top-0 z-30 border-b bg-card/80 backdrop-blur-lg transition-transform duration-300',
        hidden && '-translate-y-full',
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-2 sm:gap-2 sm:px-4">
        <Hint label={t('nav.openMenu')} align="start">
          <Button
            variant="ghost"
            size="icon"
            data-sidebar-toggle
            aria-label={t('nav.openMenu')}
            aria-expanded={open}
            aria-controls={SIDEBAR_ID}
            onClick={() => setOpen(!open)}
          >
            <Menu aria-hidden />
          </Button>
        </Hint>
        <Hint label={t('nav.home')} align="start">
          <Button asChild variant="ghost" size="icon">
            <Link to="/" aria-label={t('nav.home')}>
              <Home aria-hidden />
            </Link>
          </Button>
        </Hint>
        <p className="ml-1 min-w-0 flex-1 truncate text-base font-semibold" aria-live="polite">
          {t(label)}
        </p>
        <NotificationBell />
        <Hint label={t('nav.messages')}>
          <Button asChild variant="ghost" size="icon" className="relative">
            {/* Named by what it shows, its count included (label in name): no aria-label over the badge. */}
            <Link to="/messages">
              <MessageCircle aria-hidden />
              <span className="sr-only">{t('nav.messages')}</span>
              <MessagesUnreadBadge className="absolute -top-0.5 -right-0.5" />
            </Link>
          </Button>
        </Hint>
        {user?.isAdmin && (
          <Hint label={t('nav.admin')}>
            <Button asChild variant="ghost" size="icon" className="relative">
              <Link to="/admin">
                <ShieldCheck aria-hidden />
                <span className="sr-only">{t('nav.admin')}</span>
                <Suspense fallback={null}>
                  <AdminWorkBadge className="absolute -top-0.5 -right-0.5" />
                </Suspense>
              </Link>
            </Button>
          </Hint>
        )}
        <LanguageSwitcher className="sm:mx-1" />
        <Hint label={t('nav.logout')} align="end">
          <Button variant="ghost" size="icon" aria-label={t('nav.logout')} onClick={logout}>
            <LogOut aria-hidden />
          </Button>
        </Hint>
      </div>
    </header>
  );
}
