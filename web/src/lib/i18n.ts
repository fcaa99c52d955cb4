import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../../shared/constants';

export const LANGUAGE_STORAGE_KEY = 'relocate-germany.language';

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

export function storeLanguage(
  language: Language,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
) {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch (error) {
    console.error('Could not save the language setting', error);
  }
}

/**
 * SPEC 9: no fallback language, so a missing key renders the key itself and a dictionary that
 * failed to load stays empty (labels show their keys).
 */
export function i18nOptions(language: Language) {
  return {
    lng: language,
    fallbackLng: false as const,
    supportedLngs: [...LANGUAGES],
    ns: ['translation'],
    defaultNS: 'translation',
    backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
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
  await i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init(i18nOptions(storedLanguage()))
    .catch((error: unknown) => console.error('Language files failed to load', error));
  return i18n;
}

export async function changeLanguage(language: Language) {
  storeLanguage(language);
  await i18n.changeLanguage(language);
}
