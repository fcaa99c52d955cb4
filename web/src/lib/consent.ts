// SPEC 3 'Cookie consent' (kept in the browser): essential flag and timestamp.
export const CONSENT_STORAGE_KEY = 'relocate-germany.cookie-consent';
export const BANNER_DELAY_MS = 500;

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
