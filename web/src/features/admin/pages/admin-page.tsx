import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '@/api/current-user';
import { currentUserKey } from '@/api/query-keys';
import { adminKeys } from '@/api/query-keys';
import type { User } from '@/api/types';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSocketStatus } from '@/realtime/socket';
import { useAdminCounts } from '../api/counts';
import { AccessDenied } from '../components/access-denied';
import { AuditTab } from '../components/audit-tab';
import { FeedbackTab } from '../components/feedback-tab';
import { OverviewTab } from '../components/overview-tab';
import { PendingPostsTab } from '../components/pending-posts-tab';
import { PendingUsersTab } from '../components/pending-users-tab';
import { ReportsTab } from '../components/reports-tab';
import { UsersTab } from '../components/users-tab';
import { notifySuccess } from '../lib/notify';

/** The console's tabs, in order; `?tab=` names the open one (the reported-posts banner links to `?tab=reports`). */
const TABS = ['overview', 'pending-posts', 'pending-users', 'feedback', 'reports', 'users', 'audit'] as const;
type Tab = (typeof TABS)[number];

const isTab = (value: string | null): value is Tab => (TABS as readonly (string | null)[]).includes(value);

/** /admin: the moderation console for admins; anyone else signed in is refused ('Accesso Negato'). */
export function AdminPage() {
  const { user } = useCurrentUser();
  // Visitors never get here: the member area shows them the login-required screen.
  if (!user) return null;
  return user.isAdmin ? <AdminConsole admin={user} /> : <AccessDenied />;
}

function AdminConsole({ admin }: { admin: User }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'overview';
  const counts = useAdminCounts().data;
  useRefreshAfterReconnection();
  const tabList = useRef<HTMLDivElement>(null);
  // On a phone the tabs scroll sideways: the open one (say, from the reported-posts banner) is brought into view,
  // again once the counts have widened the tabs.
  useEffect(() => {
    tabList.current
      ?.querySelector<HTMLElement>('[role="tab"][data-state="active"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab, counts]);

  const open = (next: string) =>
    setSearchParams(
      (params) => {
        params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  const label = (text: string, count?: number) => (
    <>
      {text}
      {count !== undefined && count > 0 && (
        <span
          className="grid h-5 min-w-5 place-items-center rounded-full bg-primary px-1.5 text-[0.7rem] leading-none font-bold text-primary-foreground"
          data-testid="tab-count"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </>
  );

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <AdminHeader admin={admin} />
      <Tabs value={tab} onValueChange={open}>
        <div className="-mx-4 overflow-x-auto overflow-y-hidden px-4 pb-1 sm:mx-0 sm:px-0 [&::-webkit-scrollbar]:hidden">
          <TabsList ref={tabList} aria-label={t('admin.tabs.label')} className="h-auto min-w-max justify-start">
            <TabsTrigger value="overview" className="h-9 flex-none">
              {label(t('admin.tabs.overview'))}
            </TabsTrigger>
            <TabsTrigger value="pending-posts" className="h-9 flex-none">
              {label(t('admin.tabs.pendingPosts'), counts?.pendingPosts)}
            </TabsTrigger>
            <TabsTrigger value="pending-users" className="h-9 flex-none">
              {label(t('admin.tabs.pendingUsers'), counts?.pendingVerifications)}
            </TabsTrigger>
            <TabsTrigger value="feedback" className="h-9 flex-none">
              {label(t('admin.tabs.feedback'), counts?.openFeedback)}
            </TabsTrigger>
            <TabsTrigger value="reports" className="h-9 flex-none">
              {label(t('admin.tabs.reports'), counts?.openReports)}
            </TabsTrigger>
            <TabsTrigger value="users" className="h-9 flex-none">
              {label(t('admin.tabs.users'))}
            </TabsTrigger>
            <TabsTrigger value="audit" className="h-9 flex-none">
              {label(t('admin.tabs.audit'))}
            </TabsTrigger>
          </TabsList>
        </div>
        <TabsContent value="overview">
          <OverviewTab />
        </TabsContent>
        <TabsContent value="pending-posts">
          <PendingPostsTab />
        </TabsContent>
        <TabsContent value="pending-users">
          <PendingUsersTab />
        </TabsContent>
        <TabsContent value="feedback">
          <FeedbackTab />
        </TabsContent>
        <TabsContent value="reports">
          <ReportsTab />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** 'Admin autenticato: {username}' and 'Aggiorna Sessione', which asks again for the admin and every admin list. */
function AdminHeader({ admin }: { admin: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([
        queryClient.refetchQueries({ queryKey: currentUserKey }),
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      ]);
      notifySuccess(t('admin.sessionRefreshed'));
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-1">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <ShieldCheck className="size-7 text-primary" aria-hidden />
          {t('admin.title')}
        </h1>
        <p className="text-sm text-muted-foreground" data-testid="admin-identity">
          {t('admin.authenticatedAs', { username: admin.username || admin.email || admin.id })}
        </p>
      </div>
      <Button
        variant="outline"
        onClick={() => void refresh()}
        disabled={refreshing}
        className="self-start sm:self-auto"
      >
        {refreshing ? <Spinner /> : <RefreshCw aria-hidden />}
        {t('admin.refreshSession')}
      </Button>
    </header>
  );
}

/** Back after a lost connection, pushes may have been missed: every admin list is asked again once. */
function useRefreshAfterReconnection() {
  const status = useSocketStatus();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (status === 'restored')
      void queryClient.invalidateQueries({ queryKey: adminKeys.all }, { cancelRefetch: false });
  }, [status, queryClient]);
}
