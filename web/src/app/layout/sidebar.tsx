import { Coins, LogOut, X } from 'lucide-react';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { User } from '@/api/types';
import { BrandMark } from '@/components/brand';
import { NAV_ENTRIES, type NavEntry } from '@/components/layout/navigation';
import { useSidebar } from '@/components/layout/sidebar-state';
import { PremiumBadge } from '@/components/premium-badge';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/user-avatar';
import { VerificationBadge } from '@/components/verification-badge';
import { AdminWorkBadge, OpenFeedbackBadge, ReportedPostsBanner } from '@/features/admin';
import { parseFeedCategory, useFeedCategory, type FeedCategory } from '@/features/feed';
import { MessagesUnreadBadge } from '@/features/messages';
import { isPremiumActive } from '@/lib/premium';
import { logout } from '@/lib/sign-out';
import { displayName } from '@/lib/user-display';
import { cn } from '@/lib/utils';

export const SIDEBAR_ID = 'app-sidebar';

function isActive(entry: NavEntry, pathname: string, category: FeedCategory) {
  // /profile and /profile/:id show the same screen as /settings.
  if (entry.key === 'settings') return pathname === '/settings' || pathname.startsWith('/profile');
  const [path, query] = entry.to.split('?');
  if (path !== pathname) return false;
  // The feed drops ?category= from the address once read: the selection it made says which entry is current.
  if (path === '/') return (parseFeedCategory(new URLSearchParams(query).get('category')) ?? 'all') === category;
  return true;
}

/**
 * Tab past the panel's last stop comes back to its first, Shift+Tab before the first to its last: the page's other
 * stops (the skip link, those beyond the document's end) are out of the panel's parent's reach, so inert misses them.
 */
function keepFocusIn(panel: HTMLElement, event: KeyboardEvent) {
  const stops = [...panel.querySelectorAll<HTMLElement>('a[href], button:not(:disabled), [tabindex="0"]')];
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) return;
  const current = document.activeElement;
  const leaving = !panel.contains(current) || current === (event.shiftKey ? first : last);
  if (!leaving) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}

export function Sidebar({ user }: { user: User }) {
  const { t } = useTranslation();
  const { open, setOpen } = useSidebar();
  const { pathname } = useLocation();
  const category = useFeedCategory();
  const panelRef = useRef<HTMLElement>(null);
  // Checkout runs a payment form whose state must not leak into the app: leave it with a full page load.
  const reloadDocument = pathname === '/checkout';

  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const onMouseDown = (event: MouseEvent) => {
      const target = event.target as Element;
      if (panel.contains(target) || target.closest('[data-sidebar-toggle]')) return;
      setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
      if (event.key === 'Tab') keepFocusIn(panel, event);
    };
    // Open, the sidebar covers the page as a modal panel does: what lies beside it (the top bar, the page, the
    // footer) is inert, so neither a pointer nor a screen reader reaches it until the panel closes.
    const beside = [...(panel.parentElement?.children ?? [])].filter(
      (element) => element !== panel && !element.hasAttribute('inert'),
    );
    for (const element of beside) element.setAttribute('inert', '');
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.addEventListener('mousedown', onMouseDown);
    document.addEventListener('keydown', onKeyDown);
    panel.querySelector<HTMLElement>('a, button')?.focus();
    return () => {
      for (const element of beside) element.removeAttribute('inert');
      // Back to the menu button, once it is no longer inert, when the panel had the focus (closed by keyboard).
      if (panel.contains(document.activeElement)) document.querySelector<HTMLElement>('[data-sidebar-toggle]')?.focus();
      document.body.style.overflow = overflow;
      document.removeEventListener('mousedown', onMouseDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, setOpen]);

  const close = () => setOpen(false);
  const entries = NAV_ENTRIES.filter((entry) => !entry.adminOnly || user.isAdmin);

  return (
    <>
      <div
        aria-hidden
        className={cn(
          'fixed inset-0 z-40 bg-black/40 backdrop-blur-[1px] transition-opacity duration-200',
          open ? 'opacity-100' : 'pointer-events-none opacity-0',
        )}
      />
      <aside
        id={SIDEBAR_ID}
        ref={panelRef}
        aria-label={t('nav.mainNavigation')}
        inert={!open}
        className={cn(
          'fixed inset-y-0 left-0 z-50 flex w-80 max-w-[86vw] flex-col bg-card transition-transform duration-300 ease-out',
          open ? 'translate-x-0 shadow-2xl' : '-translate-x-full',
        )}
      >
        <div className="relative overflow-hidden bg-hero px-5 pt-5 pb-6 text-white">
          <div
            aria-hidden
            className="absolute -top-16 -right-10 size-48 rounded-full bg-gradient-to-br from-primary to-brand-warm opacity-40 blur-2xl"
          />
          <div className="relative flex items-center justify-between">
            <BrandMark className="size-8 text-base" />
            <Button
              variant="glass"
              size="icon"
              className="size-9 rounded-full"
              onClick={close}
              aria-label={t('nav.closeMenu')}
            >
              <X aria-hidden />
            </Button>
          </div>
          <div className="relative mt-5 flex items-center gap-3">
            <UserAvatar user={user} className="size-14 ring-2 ring-white/30" />
            <div className="min-w-0">
              <p className="flex items-center gap-2 text-base font-semibold">
                <span className="truncate">{displayName(user)}</span>
                {isPremiumActive(user) && <PremiumBadge compact />}
              </p>
              <p className="truncate text-sm text-white/70">@{user.username}</p>
            </div>
          </div>
          <div className="relative mt-4 flex items-center justify-between gap-3 rounded-xl bg-white/10 px-3 py-2.5 backdrop-blur">
            <div className="flex items-center gap-2 text-sm">
              <Coins className="size-4 text-amber-300" aria-hidden />
              <span className="text-white/80">{t('nav.credits')}</span>
              {/* Live: a credits_updated push patches the cached user (the wallet's push handlers). */}
              <span className="font-bold" data-testid="sidebar-credits">
                {user.credits}
              </span>
            </div>
            <VerificationBadge status={user.verificationStatus} tone="inverted" />
          </div>
        </div>

        <nav className="flex-1 overflow-y-auto px-3 py-4">
          {user.isAdmin && (
            <Suspense fallback={null}>
              <ReportedPostsBanner className="mb-3" onNavigate={close} />
            </Suspense>
          )}
          <ul className="space-y-1">
            {entries.map((entry) => {
              const active = isActive(entry, pathname, category);
              const Icon = entry.icon;
              return (
                <li key={entry.key}>
                  <Link
                    to={entry.to}
                    reloadDocument={reloadDocument}
                    onClick={close}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors outline-none hover:bg-secondary focus-visible:ring-[3px] focus-visible:ring-ring/50',
                      active && 'bg-secondary text-secondary-foreground',
                    )}
                  >
                    <span className="grid size-8 place-items-center rounded-lg bg-muted text-base" aria-hidden>
                      {Icon ? <Icon className="size-4" /> : entry.emoji}
                    </span>
                    {t(`nav.${entry.key}`)}
                    {entry.key === 'messages' && <MessagesUnreadBadge className="ml-auto" />}
                    {entry.key === 'admin' && (
                      <Suspense fallback={null}>
                        <AdminWorkBadge className="ml-auto" />
                      </Suspense>
                    )}
                    {entry.key === 'feedback' && user.isAdmin && (
                      <Suspense fallback={null}>
                        <OpenFeedbackBadge className="ml-auto" />
                      </Suspense>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="space-y-2 border-t p-4">
          <Button asChild variant="gradient" className="w-full">
            <Link to="/checkout" reloadDocument={reloadDocument} onClick={close}>
              <Coins aria-hidden />
              {t('nav.buyCredits')}
            </Link>
          </Button>
          <Button variant="ghost" className="w-full justify-start text-muted-foreground" onClick={logout}>
            <LogOut aria-hidden />
            {t('nav.logout')}
          </Button>
        </div>
      </aside>
    </>
  );
}
