import { useTranslation } from 'react-i18next';

/**
 * The shared zod schemas carry keys of the server's `messages` catalogue as their messages; this turns such a key
 * into the text the server would send. A message that is not a key (a zod default) is shown as it is.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation();
  return (message: string | undefined) => {
    if (!message) return undefined;
    const key = `messages:${message}`;
    return i18n.exists(key) ? t(key) : message;
  };
}
