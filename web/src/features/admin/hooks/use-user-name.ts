import { useTranslation } from 'react-i18next';
import type { AdminAuthor } from '../api/types';

/** The username the console shows, or 'Utente senza nome' for an account without one (a Google sign-up mid-way). */
export function useUserName() {
  const { t } = useTranslation();
  return (user: Pick<AdminAuthor, 'username'> | null | undefined) => user?.username || t('admin.users.unnamed');
}
