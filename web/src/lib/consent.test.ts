import { describe, expect, it } from 'vitest';
import { CONSENT_STORAGE_KEY, readConsent, storeConsent } from './consent';

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
});
