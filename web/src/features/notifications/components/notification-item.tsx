import {
  BadgeCheck,
  BadgeX,
  Bell,
  CalendarX,
  CircleCheck,
  CircleX,
  Clapperboard,
  Coins,
  Crown,
  Flag,
  Gift,
  Heart,
  Hourglass,
  LockOpen,
  MessageCircle,
  MessageSquareText,
  Send,
  ShieldAlert,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { formatDateTime } from '@/lib/dates';
import { relativeTime } from '@/lib/relative-time';
import { notificationLink } from '@/lib/rules';
import { cn } from '@/lib/utils';
import type { Notification, NotificationKindName } from '../api/types';
import { notificationText } from '../lib/notification-text';

/** The sign beside a notification that names no one (or over its actor's picture, the kind). */
const ICONS: Record<NotificationKindName, LucideIcon> = {
  post_liked: Heart,
  post_commented: MessageSquareText,
  post_unlocked: LockOpen,
  telegram_revealed: Send,
  message_received: MessageCircle,
  verification_approved: BadgeCheck,
  verification_rejected: BadgeX,
  post_approved: CircleCheck,
  post_rejected: CircleX,
  video_ready: Clapperboard,
  video_rejected: CircleX,
  new_device_signed_in: ShieldAlert,
  credits_granted: Coins,
  credits_purchased: Coins,
  premium_purchased: Crown,
  premium_granted: Gift,
  premium_expiring: Hourglass,
  premium_ended: CalendarX,
  verifications_waiting: ShieldCheck,
  reports_filed: Flag,
};

/**
 * One notification: who (their picture, or the kind's sign), what, when, and a link to what it is about. Opening it
 * reads it (`onOpen`); an unread one is marked with a dot and a bolder text.
 */
export function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}) {
  const { t, i18n } = useTranslation();
  const { text, reason } = notificationText(notification, t);
  const when = relativeTime(notification.updatedAt, i18n.language, t('notifications.justNow'));
  const Icon = ICONS[notification.kind] ?? Bell;
  const { actor } = notification;
  return (
    <li>
      <Link
        to={notificationLink(notification)}
        onClick={() => onOpen(notification)}
        data-testid="notification"
        data-read={notification.read}
        className={cn(
          'flex items-start gap-3 rounded-xl px-3 py-3 transition-colors hover:bg-secondary focus-visible:bg-secondary',
          !notification.read && 'bg-primary/5',
        )}
      >
        <span className="relative shrink-0">
          {actor ? (
            <Avatar className="size-10">
              {actor.profileImageUrl && <AvatarImage src={actor.profileImageUrl} alt="" />}
              <AvatarFallback>{(actor.username ?? '?').slice(0, 1).toUpperCase()}</AvatarFallback>
            </Avatar>
          ) : (
            <span className="grid size-10 place-items-center rounded-full bg-secondary text-secondary-foreground">
              <Icon className="size-5" aria-hidden />
            </span>
          )}
          {actor && (
            <span className="absolute -right-1 -bottom-1 grid size-5 place-items-center rounded-full border-2 border-card bg-primary text-primary-foreground">
              <Icon className="size-3" aria-hidden />
            </span>
          )}
        </span>
        <span className="min-w-0 flex-1">
          <span className={cn('block text-sm text-pretty', !notification.read && 'font-semibold')}>{text}</span>
          {reason && <span className="mt-0.5 block text-sm text-muted-foreground">{reason}</span>}
          {when && (
            <time
              dateTime={notification.updatedAt}
              title={formatDateTime(notification.updatedAt, i18n.language) ?? undefined}
              className="mt-1 block text-xs text-muted-foreground"
            >
              {when}
            </time>
          )}
        </span>
        {!notification.read && (
          <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-primary">
            <span className="sr-only">{t('notifications.unread')}</span>
          </span>
        )}
      </Link>
    </li>
  );
}
