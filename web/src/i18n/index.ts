import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, readLanguage } from './languages';
import { serverMessages } from './server-messages';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';

const language = readLanguage();
// The page's language is the one its texts are in (screen readers pronounce by it, and the API client asks the
// server for it): the stored choice at once, before the texts have loaded, then whatever i18next switches to.
document.documentElement.lang = language;
i18n.on('languageChanged', (code) => {
  document.documentElement.lang = code;
});

// `translation` holds the web app's own texts; `messages` is the server's catalogue, so that client-side
// validation with the server's zod schemas shows exactly the text the server would send.
void i18n.use(initReactI18next).init({
  lng: language,
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'translation',
  ns: ['translation', 'messages'],
  resources: {
    it: { translation: it, messages: serverMessages.it },
    en: { translation: en, messages: serverMessages.en },
    es: { translation: es, messages: serverMessages.es },
    fr: { translation: fr, messages: serverMessages.fr },
    de: { translation: de, messages: serverMessages.de },
  },
  interpolation: { escapeValue: false },
});

export default i18n;
