import { describe, expect, it } from 'vitest';
import { bannerDelay, CONSENT_STORAGE_KEY, readConsent, storeConsent } from './consent';

function memory() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('cookie consent storage', () => {
  it('stores the essential flag with a timestamp and reads it back', () => {
    const storage = memory();
    expect(readConsent(storage)).toBeNull();
    storeConsent(new Date('2026-11-22T10:00:00Z'), storage);
    expect(JSON.parse(storage.getItem(CONSENT_STORAGE_KEY) ?? '')).toEqual({
      essential: true,
      timestamp: '2026-11-22T10:00:00.000Z',
    });
    expect(readConsent(storage)).toEqual({ essential: true, timestamp: '2026-11-22T10:00:00.000Z' });
  });

  it('treats malformed or partial values as no consent', () => {
    for (const value of ['yes', '{"essential":false,"timestamp":"x"}', '{"essential":true}', '[]']) {
      const storage = memory();
      storage.setItem(CONSENT_STORAGE_KEY, value);
      expect(readConsent(storage)).toBeNull();
    }
  });

  it('counts the banner delay from the end of the load event', () => {
    expect(bannerDelay(1000, 1000)).toBe(500);
    expect(bannerDelay(1300, 1000)).toBe(200);
    expect(bannerDelay(2000, 1000)).toBe(0);
    // a load that ends after now (clock skew between sources) never waits longer than 500 ms
    expect(bannerDelay(1000, 1200)).toBe(500);
  });
});
