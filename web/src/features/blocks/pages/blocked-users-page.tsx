import { ShieldBan, UserRoundCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { UserAvatar } from '@/components/user-avatar';
import { formatDateTime } from '@/lib/dates';
import { serverMessageOr } from '@/lib/errors';
import { timeAgo } from '@/lib/time-ago';
import { useBlockedUsers } from '../api/get-blocked-users';
import type { BlockedUserRecord } from '../api/types';
import { UnblockUserButton } from '../components/unblock-user-button';

/**
 * /blocked-users ('Utenti Bloccati'): whom the member blocked, newest first, each with avatar, @username, the reason,
 * when ('Bloccato 3 giorni fa') and 'Sblocca' (after a confirmation). A `blocks_updated` push refreshes it.
 */
export function BlockedUsersPage() {
  const { t } = useTranslation();
  const { data, error, isPending } = useBlockedUsers();

  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('nav.blockedUsers')}</h1>
      <p className="mt-2 text-pretty text-muted-foreground">{t('blocks.subtitle')}</p>
      <Card className="mt-6 py-2">
        <CardContent className="px-4 sm:px-6">
          {data ? (
            data.length > 0 ? (
              <ul className="divide-y" aria-label={t('nav.blockedUsers')}>
                {data.map((record) => (
                  <BlockedUserRow key={record.id} record={record} />
                ))}
              </ul>
            ) : (
              <div className="flex flex-col items-center gap-3 py-12 text-center">
                <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
                  <UserRoundCheck className="size-7" aria-hidden />
                </span>
                <p className="text-muted-foreground">{t('blocks.empty')}</p>
              </div>
            )
          ) : isPending ? (
            <p role="status" className="flex items-center justify-center gap-2 py-12 text-sm text-muted-foreground">
              <Spinner />
              {t('common.loading')}
            </p>
          ) : (
            <p role="alert" className="py-12 text-center text-sm text-destructive">
              {serverMessageOr(error, t('blocks.loadError'))}
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function BlockedUserRow({ record }: { record: BlockedUserRecord }) {
  const { t, i18n } = useTranslation();
  const { username, profileImageUrl } = record.blockedUser;
  const name = username ?? t('blocks.unknownUser');
  const ago = timeAgo(record.createdAt, i18n.language);
  return (
    <li className="flex items-center gap-3 py-4" data-testid="blocked-user">
      <UserAvatar
        user={{ firstName: null, lastName: null, username: name, profileImageUrl }}
        className="size-12 text-lg"
      />
      <div className="min-w-0 flex-1 space-y-1">
        <Link
          to={`/profile/${encodeURIComponent(record.blockedUserId)}`}
          className="block truncate font-semibold hover:underline"
        >
          @{name}
        </Link>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Badge variant="destructive">
            <ShieldBan aria-hidden />
            {t(`blocks.reasons.${record.reason}`)}
          </Badge>
          <time
            dateTime={record.createdAt}
            title={formatDateTime(record.createdAt, i18n.language) ?? undefined}
            className="text-xs text-muted-foreground"
          >
            {ago ? t('blocks.blockedAgo', { time: ago }) : t('blocks.blockedJustNow')}
          </time>
        </div>
      </div>
      <UnblockUserButton user={{ id: record.blockedUserId, username }} />
    </li>
  );
}
