import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useOfflineBeacon } from '@/api/online-status';
import type { User } from '@/api/types';
import { Sidebar } from '@/app/layout/sidebar';
import { TopBar } from '@/app/layout/top-bar';
import { ScrollToTop } from '@/components/layout/scroll-to-top';
import { SidebarProvider } from '@/components/layout/sidebar-state';
import { SiteFooter } from '@/components/layout/site-footer';
import { ensureUserIdCookie } from '@/lib/client-session';
import { useRealtime } from '@/realtime/use-realtime';

/** The signed-in frame: top bar, sidebar, the page, footer. */
export function AppLayout({ user }: { user: User }) {
  useRealtime(user.id);
  useOfflineBeacon();
  useEffect(() => ensureUserIdCookie(user.id), [user.id]);
  return (
    <SidebarProvider>
      <div className="flex min-h-dvh flex-col">
        <TopBar />
        <Sidebar user={user} />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 pt-24 pb-12 sm:px-6">
          <Outlet />
        </main>
        <SiteFooter />
        <ScrollToTop />
      </div>
    </SidebarProvider>
  );
}
