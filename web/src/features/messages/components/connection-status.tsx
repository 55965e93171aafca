import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { useSocketStatus, type SocketStatus } from '@/realtime/socket';

const DOT: Record<SocketStatus, string> = {
  connecting: 'bg-amber-400',
  connected: 'bg-emerald-500',
  disconnected: 'bg-rose-500',
  reconnecting: 'bg-amber-400 animate-pulse',
  lost: 'bg-rose-500',
  restored: 'bg-emerald-500',
};

/** The chat's live connection: connecting, connected, disconnected, reconnecting, lost, restored. */
export function ConnectionStatus() {
  const { t } = useTranslation();
  const status = useSocketStatus();
  return (
    <p
      role="status"
      data-testid="connection-status"
      data-status={status}
      className="flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-xs font-medium text-muted-foreground"
    >
      <span aria-hidden className={cn('size-2 rounded-full', DOT[status])} />
      {t(`messages.connection.${status}`)}
    </p>
  );
}
