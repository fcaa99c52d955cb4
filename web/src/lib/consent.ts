// Cookie consent, kept in the browser: essential flag and timestamp
// (docs/product.md#legal-pages-not-found-cookie-banner).
export const CONSENT_STORAGE_KEY = 'relocate-germany.cookie-consent';
export const BANNER_DELAY_MS = 500;

/**
 * How long the banner still waits at `now` (ms on the page clock), given when the page's load
 * event ended: the 500 ms count from the load, not from when the app started
 * (docs/product.md#legal-pages-not-found-cookie-banner).
 */
export function bannerDelay(now: number, loadEventEnd: number): number {
  return Math.max(0, Math.min(BANNER_DELAY_MS, BANNER_DELAY_MS - (now - loadEventEnd)));
}

export interface Consent {
  essential: true;
  timestamp: string;
}

export function readConsent(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): Consent | null {
  try {
    const parsed = JSON.parse(storage?.getItem(CONSENT_STORAGE_KEY) ?? 'null') as Partial<Consent> | null;
    return parsed?.essential === true && typeof parsed.timestamp === 'string' ? (parsed as Consent) : null;
  } catch {
    return null;
  }
}

export function storeConsent(
  now = new Date(),
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): Consent {
  const consent: Consent = { essential: true, timestamp: now.toISOString() };
  try {
    storage?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(consent));
  } catch (error) {
    console.error('Could not store the cookie consent', error);
  }
  return consent;
}
