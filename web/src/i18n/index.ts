import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import deMessages from '../../../services/platform/src/messages/de.json';
import enMessages from '../../../services/platform/src/messages/en.json';
import esMessages from '../../../services/platform/src/messages/es.json';
import frMessages from '../../../services/platform/src/messages/fr.json';
import itMessages from '../../../services/platform/src/messages/it.json';
import { DEFAULT_LANGUAGE, readLanguage } from './languages';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import it from './locales/it.json';

const language = readLanguage();
document.documentElement.lang = language;

// `translation` holds the web app's own texts; `messages` is the server's catalogue, so that client-side
// validation with the server's zod schemas shows exactly the text the server would send.
void i18n.use(initReactI18next).init({
  lng: language,
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'translation',
  ns: ['translation', 'messages'],
  resources: {
    it: { translation: it, messages: itMessages },
    en: { translation: en, messages: enMessages },
    es: { translation: es, messages: esMessages },
    fr: { translation: fr, messages: frMessages },
    de: { translation: de, messages: deMessages },
  },
  interpolation: { escapeValue: false },
});

export default i18n;
