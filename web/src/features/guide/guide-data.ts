import { index, pages } from 'virtual:guide';
import type { GuideLanguage } from '@shared/guide';
import type { GuideIndex, GuidePage, GuideSlug } from '@shared/guide-contents';

/** The guide's language for an interface language: German for German, else English. */
export const guideLanguage = (language: string): GuideLanguage => (language.startsWith('de') ? 'de' : 'en');

const loading = new Map<string, Promise<unknown>>();

/**
 * One download per chunk, as one promise a component can `use` from render to render (the
 * prerender waits for it; hydration waits for the same chunk, which the page preloads). A
 * download that failed is tried again by the next caller.
 */
function once<T>(key: string, load: () => Promise<{ default: T }>): Promise<T> {
  let promise = loading.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = load().then(
      (module) => module.default,
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

/** The guide's index in one language. */
export const guideIndex = (language: GuideLanguage): Promise<GuideIndex> =>
  once(`index/${language}`, index[language]);

/** An article's page in one language. */
export const guidePage = (language: GuideLanguage, slug: GuideSlug): Promise<GuidePage> =>
  once(`page/${language}/${slug}`, pages[language][slug]);
