import { FlaskConical, ImageOff, Trash2, UserRoundCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { VerificationBadge } from '@/components/verification-badge';
import { useCreateTestUsers } from '../api/create-test-users';
import { useAdminDeleteUser } from '../api/delete-user';
import { usePendingUsers } from '../api/get-pending-users';
import { useTestDataOffered } from '../api/get-stats';
import type { AdminUser, PendingUser } from '../api/types';
import { useVerifyUser } from '../api/verify-user';
import { useUserName } from '../hooks/use-user-name';
import { formatAdminDate } from '../lib/format';
import { notifyDeleteFailure, notifyFailure, notifySuccess } from '../lib/notify';
import { DeleteButton } from './confirm-button';
import { ListEmpty, QueryList } from './list-state';
import { ReviewActions } from './review-actions';

/**
 * 'Utenti in Attesa': members whose verification photo waits for a decision, oldest first. With none waiting, 'Crea
 * Utenti di Test' makes some to try the console on, where the server makes test data.
 */
export function PendingUsersTab() {
  const { t } = useTranslation();
  const users = usePendingUsers();
  const testDataOffered = useTestDataOffered();
  const createTestUsers = useCreateTestUsers({
    onSuccess: (answer) => notifySuccess(t('admin.verifications.testCreated'), answer.message),
    onError: (failure) => notifyFailure(t, t('admin.errors.testUsers'), failure),
  });

  return (
    <section className="space-y-4" aria-label={t('admin.tabs.pendingUsers')}>
      <QueryList
        query={users}
        empty={
          <ListEmpty icon={UserRoundCheck} text={t('admin.verifications.empty')}>
            {testDataOffered && (
              <Button variant="outline" onClick={() => createTestUsers.mutate()} disabled={createTestUsers.isPending}>
                {createTestUsers.isPending ? <Spinner /> : <FlaskConical aria-hidden />}
                {t('admin.verifications.createTest')}
              </Button>
            )}
          </ListEmpty>
        }
        className="grid gap-4 lg:grid-cols-2"
        itemKey={(user) => user.id}
      >
        {(user) => <PendingUserCard user={user} />}
      </QueryList>
    </section>
  );
}

function PendingUserCard({ user }: { user: PendingUser }) {
  const { t } = useTranslation();
  const name = useUserName()(user);
  const approve = useVerifyUser({
    onSuccess: (answer) => notifySuccess(t('admin.verifications.approved'), answer.message),
    onError: (error) => notifyFailure(t, t('admin.errors.verification'), error),
  });
  const reject = useVerifyUser({
    onSuccess: (answer) => notifySuccess(t('admin.verifications.rejected'), answer.message),
    onError: (error) => notifyFailure(t, t('admin.errors.verification'), error),
  });
  const remove = useAdminDeleteUser({
    onSuccess: (answer) => notifySuccess(t('admin.users.deleted'), answer.message),
    onError: (error) => notifyDeleteFailure(t, t('admin.errors.deleteUser'), error),
  });
  const busy = approve.isPending || reject.isPending || remove.isPending;
  const notSet = t('admin.verifications.notSet');

  return (
    <Card className="h-full gap-4 py-5" data-testid="pending-user">
      <CardContent className="flex flex-col gap-4 px-5 sm:flex-row">
        <VerificationPhoto user={user} name={name} />
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold break-all">@{name}</h3>
            <VerificationBadge status={user.verificationStatus} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('admin.verifications.email')}</dt>
            <dd className="break-all">
              {user.email ?? notSet}
              <span
                className={`block text-xs ${user.emailConfirmed ? 'text-muted-foreground' : 'font-medium text-orange-800 dark:text-orange-200'}`}
                data-testid="email-confirmation"
              >
                {t(user.emailConfirmed ? 'admin.verifications.emailConfirmed' : 'admin.verifications.emailUnconfirmed')}
              </span>
            </dd>
            <dt className="text-muted-foreground">{t('admin.verifications.gender')}</dt>
            {user.genderChange ? (
              <dd data-testid="gender-change">
                <span className="font-medium text-orange-800 dark:text-orange-200">
                  {t('admin.verifications.genderChange', {
                    from: t(`gender.${user.genderChange.from}`),
                    to: t(`gender.${user.genderChange.to}`),
                  })}
                </span>
                <span className="block text-xs text-muted-foreground">{t('admin.verifications.genderChangeHint')}</span>
              </dd>
            ) : (
              <dd>{user.gender ? t(`gender.${user.gender}`) : notSet}</dd>
            )}
            <dt className="text-muted-foreground">{t('admin.verifications.orientation')}</dt>
            <dd>{user.sexualOrientation ? t(`orientation.${user.sexualOrientation}`) : notSet}</dd>
            <dt className="text-muted-foreground">{t('admin.verifications.registered')}</dt>
            <dd>{formatAdminDate(user.createdAt)}</dd>
          </dl>
        </div>
      </CardContent>
      <CardFooter className="mt-auto flex-wrap px-5">
        <ReviewActions
          kind="user"
          name={name}
          busy={busy}
          onApprove={() => approve.mutate({ userId: user.id, status: 'approved' })}
          onReject={(reason) => reject.mutate({ userId: user.id, status: 'rejected', reason })}
        />
        {user.isAdmin ? (
          <Button
            size="sm"
            variant="ghost"
            className="text-destructive"
            disabled
            title={t('admin.verifications.adminNotDeletable')}
          >
            <Trash2 aria-hidden />
            {t('admin.actions.delete')}
          </Button>
        ) : (
          <DeleteButton
            label={t('admin.actions.delete')}
            title={t('admin.users.deleteTitle')}
            description={t('admin.users.deleteDescription', { name })}
            disabled={busy}
            onConfirm={() => remove.mutate(user.id)}
          />
        )}
      </CardFooter>
    </Card>
  );
}

/** The photo opens whole in a new tab (admins may fetch it; nobody else but its owner). */
function VerificationPhoto({ user, name }: { user: AdminUser; name: string }) {
  const { t } = useTranslation();
  if (!user.verificationImageUrl)
    return (
      <span className="grid h-32 w-full shrink-0 place-items-center gap-1 rounded-xl bg-muted text-xs text-muted-foreground sm:w-28">
        <ImageOff className="size-6" aria-hidden />
        {t('admin.verifications.noPhoto')}
      </span>
    );
  return (
    <a
      href={user.verificationImageUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="block shrink-0 overflow-hidden rounded-xl border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      aria-label={t('admin.verifications.openPhoto', { name })}
      title={t('admin.verifications.photo')}
    >
      <img
        src={user.verificationImageUrl}
        alt={t('admin.verifications.photo')}
        loading="lazy"
        className="h-40 w-full object-cover sm:h-32 sm:w-28"
      />
    </a>
  );
}
