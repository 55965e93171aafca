export const LANGUAGES = [
  { code: 'it', name: 'Italiano', flag: '🇮🇹' },
  { code: 'en', name: 'English', flag: '🇬🇧' },
  { code: 'es', name: 'Español', flag: '🇪🇸' },
  { code: 'fr', name: 'Français', flag: '🇫🇷' },
  { code: 'de', name: 'Deutsch', flag: '🇩🇪' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: LanguageCode = 'it';
const STORAGE_KEY = 'language';

function isLanguageCode(value: string | null): value is LanguageCode {
  return LANGUAGES.some((language) => language.code === value);
}

/** The stored language; when none (or an unknown one) is stored, Italian is stored and used. */
export function readLanguage(): LanguageCode {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (isLanguageCode(stored)) return stored;
  localStorage.setItem(STORAGE_KEY, DEFAULT_LANGUAGE);
  return DEFAULT_LANGUAGE;
}

/** Stores the choice and reloads, so every text (and the server's, which follows Accept-Language) switches at once. */
export function switchLanguage(code: LanguageCode) {
  try {
    localStorage.setItem(STORAGE_KEY, code);
    window.location.reload();
  } catch (error) {
    console.warn('Language change failed', error);
  }
}
