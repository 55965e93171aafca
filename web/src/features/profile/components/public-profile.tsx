import { IdCard, MapPin, ShieldCheck, UserRound, UserX } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { useCurrentUser } from '@/api/current-user';
import type { Member } from '@/api/types';
import { useUser } from '@/api/users';
import { BackHomeButton } from '@/components/back-home-button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { serverMessageOr } from '@/lib/errors';
import { useWatchPresence } from '@/realtime/socket';
import type { ProfileSlots } from '../lib/slots';
import { DetailRow, memberSince } from './detail-row';
import { ProfileHeader } from './profile-header';

/** Another member's profile, read-only: what the server lets this viewer see, and no private field even if sent. */
export function PublicProfile({ userId, slots }: { userId: string; slots: ProfileSlots }) {
  const { t } = useTranslation();
  const { data: user, error } = useUser(userId);
  // The online dot follows the member's presence by push.
  useWatchPresence(userId);

  // A member deleted while on screen turns into "not found" ('Utente eliminato', 410) by push.
  if (error instanceof ApiError && (error.status === 404 || error.status === 410))
    return (
      <ProfileUnavailable title={t('profile.public.notFoundTitle')} message={error.message}>
        <Suspense fallback={null}>{slots.unavailableActions(userId)}</Suspense>
      </ProfileUnavailable>
    );
  if (user) return <MemberProfile user={user} slots={slots} />;
  if (error)
    return (
      <ProfileUnavailable
        title={t('profile.public.errorTitle')}
        message={serverMessageOr(error, t('common.genericError'))}
      />
    );
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-24 text-sm font-medium text-muted-foreground">
      <Spinner />
      {t('common.loading')}
    </p>
  );
}

function MemberProfile({ user, slots }: { user: Member; slots: ProfileSlots }) {
  const { t, i18n } = useTranslation();
  const { user: viewer } = useCurrentUser();
  const location = [user.city, user.region].filter(Boolean).join(', ');
  const since = memberSince(user.createdAt, i18n.language);

  return (
    <div className="space-y-6">
      <ProfileHeader user={user} online={user.isOnline}>
        {location && (
          <p className="mt-3 flex items-start gap-1.5 text-sm break-words text-white/75">
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="min-w-0">
              <span className="sr-only">{t('profile.public.location')}: </span>
              {location}
            </span>
          </p>
        )}
        {viewer && viewer.id !== user.id && <Suspense fallback={null}>{slots.memberActions(user)}</Suspense>}
      </ProfileHeader>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <UserRound className="size-5 text-primary" aria-hidden />
              {t('profile.info.bio')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            {user.bio ? (
              <p className="text-pretty break-words whitespace-pre-line">{user.bio}</p>
            ) : (
              <p className="text-sm text-muted-foreground">{t('profile.public.noBio')}</p>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <IdCard className="size-5 text-primary" aria-hidden />
              {t('profile.public.detailsTitle')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="divide-y">
              {user.age !== null && (
                <DetailRow term={t('auth.fields.age')}>{t('profile.public.ageValue', { age: user.age })}</DetailRow>
              )}
              {user.gender && <DetailRow term={t('auth.fields.gender')}>{t(`gender.${user.gender}`)}</DetailRow>}
              {user.orientation && (
                <DetailRow term={t('auth.fields.orientation')}>{t(`orientation.${user.orientation}`)}</DetailRow>
              )}
              {since && <DetailRow term={t('profile.status.memberSince')}>{since}</DetailRow>}
            </dl>
          </CardContent>
        </Card>
      </div>

      {/* Admins manage members (credits, premium, tester flag, deletion); another admin has no such controls. */}
      {viewer?.isAdmin && !user.isAdmin && (
        <section className="space-y-3" aria-labelledby="admin-member-title">
          <div className="space-y-1">
            <h2 id="admin-member-title" className="flex items-center gap-2 text-lg font-semibold">
              <ShieldCheck className="size-5 text-primary" aria-hidden />
              {t('wallet.admin.title')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('wallet.admin.description')}</p>
          </div>
          <Suspense fallback={null}>{slots.adminCard(user)}</Suspense>
        </section>
      )}
    </div>
  );
}

/** The member does not exist (or no longer does), or the profile could not be loaded; `children`: what may be done. */
function ProfileUnavailable({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl">
      <Card className="items-center px-6 py-14 text-center">
        <span className="grid size-16 place-items-center rounded-2xl bg-gradient-to-br from-primary to-brand-warm text-white shadow-lg shadow-primary/25">
          <UserX className="size-8" aria-hidden />
        </span>
        <CardContent className="space-y-2">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          <p className="text-muted-foreground">{message}</p>
        </CardContent>
        {children}
        <BackHomeButton variant="outline" />
      </Card>
    </div>
  );
}
