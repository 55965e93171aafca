import { readLanguage, type LanguageCode } from '@/i18n/languages';

/** The language this device's push subscription was last given to the server in: its pushes are written in it. */
const SUBSCRIBED_IN = 'tip.push-language';

export const rememberSubscribedLanguage = (language: LanguageCode) => localStorage.setItem(SUBSCRIBED_IN, language);
export const forgetSubscribedLanguage = () => localStorage.removeItem(SUBSCRIBED_IN);

/** Whether the member chose another language since this device subscribed (its pushes still speak the old one). */
export function languageChangedSinceSubscribing(): boolean {
  const subscribedIn = localStorage.getItem(SUBSCRIBED_IN);
  return subscribedIn !== null && subscribedIn !== readLanguage();
}
