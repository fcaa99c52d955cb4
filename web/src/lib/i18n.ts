import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_KEY, LANGUAGES, type Language } from '@shared/constants';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localeBackend } from './locale-backend';

export const LANGUAGE_STORAGE_KEY = LANGUAGE_KEY;

/** The stored choice; anything unknown (or unreadable storage) means the default. */
export function storedLanguage(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): Language {
  try {
    const value = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch (error) {
    console.error('Could not read the language setting', error);
    return DEFAULT_LANGUAGE;
  }
}

/** Whether this browser holds a choice at all (a fresh one follows the profile's language). */
export function hasStoredLanguage(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): boolean {
  try {
    return isLanguage(storage?.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return false;
  }
}

export function storeLanguage(
  language: Language,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
) {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch (error) {
    console.error('Could not save the language setting', error);
  }
  rememberLanguageForTheServer(language);
}

/** The cookie the CDN reads to serve `/` prerendered in this language (essential: the choice itself). */
export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_KEY}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;
}

function rememberLanguageForTheServer(language: Language) {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed cookie built by languageCookie; the async Cookie Store API is missing in older Safari.
  document.cookie = languageCookie(language, window.location.protocol === 'https:');
}

/**
 * No fallback language (docs/product.md#languages), so a missing key renders the key itself
 * and a dictionary that failed to load stays empty (labels show their keys).
 */
export function i18nOptions(language: Language) {
  return {
    lng: language,
    fallbackLng: false as const,
    supportedLngs: [...LANGUAGES],
    ns: ['translation'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  };
}

export async function initI18n(): Promise<typeof i18n> {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  i18n.on('failedLoading', (language, namespace, message) =>
    console.error(`Language file ${language}/${namespace} failed to load: ${message}`),
  );
  const language = storedLanguage();
  // Visitors who chose before the cookie existed get it now, so their next `/` is prerendered right.
  rememberLanguageForTheServer(language);
  await i18n
    .use(localeBackend())
    .use(initReactI18next)
    .init(i18nOptions(language))
    .catch((error: unknown) => console.error('Language files failed to load', error));
  return i18n;
}

/** Whether the person at this page picked a language since it loaded (not a stored old choice). */
let pickedThisVisit = false;
export const languagePickedThisVisit = () => pickedThisVisit;

export async function changeLanguage(language: Language) {
  pickedThisVisit = true;
  storeLanguage(language);
  await i18n.changeLanguage(language);
}
