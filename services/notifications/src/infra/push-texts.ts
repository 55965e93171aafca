import { createInstance } from 'i18next';
import { LANGUAGES, loadMessageCatalogue, type Language } from '@tip/platform';
import { NOTIFICATIONS_MESSAGES } from '../contract/index.js';
import type { Translate } from '../domain/index.js';

/**
 * The sentences of notifications in each language, for what devices show: the service's catalogue (where the web
 * reads them too) through i18next, so plural forms and contexts resolve exactly as in the app. Its keys are flat
 * ('notifications.textPostLiked'), hence no key or namespace separator.
 */
export function pushTexts(): (language: string) => Translate {
  const translators = new Map<string, Translate>();
  for (const language of LANGUAGES) {
    const i18n = createInstance();
    void i18n.init({
      lng: language,
      resources: { [language]: { translation: loadMessageCatalogue(NOTIFICATIONS_MESSAGES, language) } },
      initAsync: false,
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
    });
    translators.set(language, (key, options) => i18n.t(key, options));
  }
  return (language) => translators.get(language) ?? (translators.get('it' satisfies Language) as Translate);
}
