import { ChevronLeft, ChevronRight, Search, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useUsers } from '../api/get-users';
import type { RoleFilter, VerificationFilter } from '../api/types';
import { useDebounced } from '../hooks/use-debounced';
import { AdminMemberCard } from './admin-member-card';
import { ListEmpty, ListError, ListLoading } from './list-state';

/** The server answers this many users a page. */
export const USERS_PAGE_SIZE = 25;
/** The search asks the server once the admin stops typing for this long. */
const SEARCH_DEBOUNCE_MS = 300;

const VERIFICATION_FILTERS: readonly VerificationFilter[] = ['all', 'verified', 'pending', 'rejected'];
const ROLE_FILTERS: readonly RoleFilter[] = ['all', 'admin', 'tester', 'user'];

/**
 * 'Utenti': every account, newest first, searched (username, e-mail, first and last name) and filtered by the
 * server, a page at a time, with the per-user controls.
 */
export function UsersTab() {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState('');
  const [verification, setVerification] = useState<VerificationFilter>('all');
  const [role, setRole] = useState<RoleFilter>('all');
  const [page, setPage] = useState(1);
  const search = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [searched, setSearched] = useState(search);
  // A new search starts again from the first page.
  if (searched !== search) {
    setSearched(search);
    setPage(1);
  }
  const { data, error, isPending, isFetching, isPlaceholderData } = useUsers({
    search,
    verification,
    role,
    page,
    limit: USERS_PAGE_SIZE,
  });
  const filtered = search !== '' || verification !== 'all' || role !== 'all';
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  // The last user of the last page deleted: step back to the page that is now the last.
  if (data && !isPlaceholderData && page > pages) setPage(pages);

  return (
    <section className="space-y-4" aria-label={t('admin.tabs.users')}>
      <div className="grid gap-3 rounded-2xl border bg-card p-4 shadow-sm sm:grid-cols-[1fr_auto_auto]">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-search`}>{t('admin.users.searchLabel')}</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              id={`${id}-search`}
              type="search"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              placeholder={t('admin.users.searchPlaceholder')}
              className="pl-9"
              autoComplete="off"
            />
          </div>
        </div>
        <div className="grid gap-1.5 sm:w-40">
          <Label htmlFor={`${id}-verification`}>{t('admin.users.verificationFilter')}</Label>
          <Select
            value={verification}
            onValueChange={(value) => {
              setVerification(value as VerificationFilter);
              setPage(1);
            }}
          >
            <SelectTrigger id={`${id}-verification`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {VERIFICATION_FILTERS.map((value) => (
                <SelectItem key={value} value={value}>
                  {t(`admin.users.verification.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5 sm:w-40">
          <Label htmlFor={`${id}-role`}>{t('admin.users.roleFilter')}</Label>
          <Select
            value={role}
            onValueChange={(value) => {
              setRole(value as RoleFilter);
              setPage(1);
            }}
          >
            <SelectTrigger id={`${id}-role`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ROLE_FILTERS.map((value) => (
                <SelectItem key={value} value={value}>
                  {t(`admin.users.role.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      {data ? (
        <>
          <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="polite">
            {t('admin.users.total', { count: data.total })}
            {isFetching && <Spinner className="size-3.5" />}
          </p>
          {data.users.length > 0 ? (
            <ul className={isPlaceholderData ? 'grid gap-3 opacity-60 transition-opacity' : 'grid gap-3'}>
              {data.users.map((user) => (
                <li key={user.id}>
                  <AdminMemberCard member={user} />
                </li>
              ))}
            </ul>
          ) : (
            <ListEmpty icon={Users} text={filtered ? t('admin.users.emptyFiltered') : t('admin.users.empty')} />
          )}
          {pages > 1 && (
            <nav
              className="flex items-center justify-between gap-2"
              aria-label={t('admin.users.page', { page, pages })}
            >
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1 || isPlaceholderData}
                onClick={() => setPage((current) => Math.max(1, current - 1))}
              >
                <ChevronLeft aria-hidden />
                {t('admin.users.previous')}
              </Button>
              <span className="text-sm text-muted-foreground">{t('admin.users.page', { page, pages })}</span>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pages || isPlaceholderData}
                onClick={() => setPage((current) => current + 1)}
              >
                {t('admin.users.next')}
                <ChevronRight aria-hidden />
              </Button>
            </nav>
          )}
        </>
      ) : isPending ? (
        <ListLoading />
      ) : (
        <ListError text={t('admin.usersLoadError', { message: error?.message ?? '' })} />
      )}
    </section>
  );
}
