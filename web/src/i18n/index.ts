import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { readLanguage, type LanguageCode } from './languages';

const language = readLanguage();
// The page's language is the one its texts are in (screen readers pronounce by it, and the API client asks the
// server for it): the stored choice at once, before the texts have loaded, then whatever i18next switches to.
document.documentElement.lang = language;
i18n.on('languageChanged', (code) => {
  document.documentElement.lang = code;
});

/**
 * Each language's texts are a chunk of their own (./texts), and only the chosen language's is loaded: the five
 * together were a quarter of the first page's script. Its two namespaces: `translation` holds the web app's own
 * texts; `messages` is the server's catalogue, so that client-side validation with the server's zod schemas shows
 * exactly the text the server would send.
 */
const texts: Record<LanguageCode, () => Promise<Record<string, unknown>>> = {
  it: () => import('./texts/it'),
  en: () => import('./texts/en'),
  es: () => import('./texts/es'),
  fr: () => import('./texts/fr'),
  de: () => import('./texts/de'),
};

// No fallback language: every language has every key (locales.test.ts, the BFF's catalogues.test.ts), and a fallback
// would load Italian beside the language chosen. Screens wait for the texts in Suspense (react-i18next's default);
// the texts start loading here, at once, beside the page's first requests.
void i18n
  .use(initReactI18next)
  .use(resourcesToBackend((lng: string, ns: string) => texts[lng as LanguageCode]().then((bundle) => bundle[ns])))
  .init({
    lng: language,
    fallbackLng: false,
    supportedLngs: Object.keys(texts),
    load: 'currentOnly',
    defaultNS: 'translation',
    ns: ['translation', 'messages'],
    interpolation: { escapeValue: false },
  });

export default i18n;
