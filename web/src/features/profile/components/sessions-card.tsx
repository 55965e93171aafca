import { Laptop, LogOut, Monitor, Smartphone, Tablet, Tv } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SignedInSession } from '@tip/bff/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/dates';
import { serverMessageOr } from '@/lib/errors';
import { useEndSessions, useSessions } from '../api/sessions';

const DEVICE_ICONS = { desktop: Monitor, mobile: Smartphone, tablet: Tablet, tv: Tv, other: Laptop } as const;

/**
 * Where the member is signed in: each session's device, browser and OS, when it was first and last seen, with 'end'
 * for each other one and 'sign out everywhere else'.
 */
export function SessionsCard() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useSessions();
  const end = useEndSessions({
    onSuccess: (message) => toast({ title: message }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('common.error'),
        description: serverMessageOr(error, t('profile.sessions.error')),
      }),
  });
  const sessions = data?.sessions ?? [];
  const others = sessions.filter((session) => !session.current);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.sessions.title')}</CardTitle>
        <CardDescription>{t('profile.sessions.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {isPending && <Spinner />}
        {isError && <p className="text-destructive text-sm">{t('profile.sessions.error')}</p>}
        <ul className="divide-y" aria-label={t('profile.sessions.title')}>
          {sessions.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              ending={end.one.isPending && end.one.variables === session.id}
              onEnd={() => end.one.mutate(session.id)}
            />
          ))}
        </ul>
        {others.length > 0 && (
          <Button variant="outline" onClick={() => end.others.mutate()} disabled={end.others.isPending}>
            {end.others.isPending ? <Spinner /> : <LogOut className="size-4" aria-hidden />}
            {t('profile.sessions.endOthers')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function SessionRow({ session, ending, onEnd }: { session: SignedInSession; ending: boolean; onEnd: () => void }) {
  const { t, i18n } = useTranslation();
  const Icon = DEVICE_ICONS[session.device];
  const unknown = t('profile.sessions.unknown');
  const where = t('profile.sessions.where', { browser: session.browser || unknown, os: session.os || unknown });
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Icon className="text-muted-foreground size-5 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {t(`profile.sessions.device.${session.device}`)} · {where}
          {session.current && (
            <Badge variant="secondary" className="ml-2">
              {t('profile.sessions.current')}
            </Badge>
          )}
        </p>
        <p className="text-muted-foreground text-sm">
          {t('profile.sessions.seen', {
            first: formatDateTime(session.firstSeenAt, i18n.language),
            last: formatDateTime(session.lastSeenAt, i18n.language),
          })}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          onClick={onEnd}
          disabled={ending}
          aria-label={t('profile.sessions.endLabel', { where })}
        >
          {ending ? <Spinner /> : null}
          {t('profile.sessions.end')}
        </Button>
      )}
    </li>
  );
}
