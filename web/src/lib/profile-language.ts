import { isLanguage, type Language } from '@shared/constants';

// The language a user's profile had when this browser last read it, for that user only. A
// browser with no language choice of its own follows the profile's; with this it can do so at
// once, without reading the profile on every page load (an admin's dashboard makes
// its own three requests and no more). It is not the browser's choice (LANGUAGE_KEY): somebody
// else signing in here does not get it. A change made on another device shows here once the
// profile is read again (any page that shows it does).

const KEY = 'relocate-germany.profile-language';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function rememberProfileLanguage(
  userId: string,
  language: Language,
  storage: Store | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(KEY, JSON.stringify({ userId, language }));
  } catch {
    // no storage (private mode, sandboxed frame): the profile is read each time instead
  }
}

/** The remembered language of this user's profile, if this browser has read it. */
export function rememberedProfileLanguage(
  userId: string,
  storage: Store | undefined = globalThis.localStorage,
): Language | undefined {
  try {
    const entry = JSON.parse(storage?.getItem(KEY) ?? 'null') as {
      userId?: unknown;
      language?: unknown;
    } | null;
    return entry?.userId === userId && isLanguage(entry.language) ? entry.language : undefined;
  } catch {
    return undefined;
  }
}
