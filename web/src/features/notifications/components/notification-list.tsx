import { BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessageOr } from '@/lib/errors';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-read';
import type { Notification } from '../api/types';
import { NotificationItem } from './notification-item';

/**
 * The member's notifications, newest first, a page at a time ('Carica altre'), with 'Segna tutte come lette'. Opening
 * one reads it; `onOpen` lets the panel close as it goes.
 */
export function NotificationList({ onOpen }: { onOpen?: () => void }) {
  const { t } = useTranslation();
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate({ ids: [notification.id] });
    onOpen?.();
  };

  if (list.isPending)
    return (
      <p role="status" className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
        <Spinner />
        {t('common.loading')}
      </p>
    );
  if (list.isError)
    return (
      <p role="alert" className="py-10 text-center text-sm text-destructive">
        {serverMessageOr(list.error, t('notifications.loadError'))}
      </p>
    );
  if (notifications.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <span className="grid size-12 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
          <BellOff className="size-6" aria-hidden />
        </span>
        <p className="text-sm text-muted-foreground">{t('notifications.empty')}</p>
      </div>
    );
  return (
    <div className="flex flex-col gap-2">
      {notifications.some((notification) => !notification.read) && (
        <Button
          variant="ghost"
          size="sm"
          className="self-end"
          disabled={markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          {t('notifications.markAllRead')}
        </Button>
      )}
      <ul className="flex flex-col gap-1" aria-label={t('notifications.title')}>
        {notifications.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} onOpen={open} />
        ))}
      </ul>
      {list.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage && <Spinner />}
          {t('notifications.loadMore')}
        </Button>
      )}
    </div>
  );
}
