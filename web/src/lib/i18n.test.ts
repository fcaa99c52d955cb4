import { createInstance } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { i18nOptions, LANGUAGE_STORAGE_KEY, languageCookie, storedLanguage, storeLanguage } from './i18n';

const storage = (value: string | null) => ({ getItem: vi.fn(() => value) });

describe('language setting', () => {
  it('keeps en and de', () => {
    expect(storedLanguage(storage('de'))).toBe('de');
    expect(storedLanguage(storage('en'))).toBe('en');
  });

  it('falls back to en for anything else', () => {
    for (const value of [null, '', 'fr', 'DE', 'de-DE']) expect(storedLanguage(storage(value))).toBe('en');
  });

  it('logs and ignores storage failures', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(storedLanguage(broken)).toBe('en');
    expect(() => storeLanguage('de', broken)).not.toThrow();
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it('stores under the product-specific key', () => {
    const setItem = vi.fn();
    storeLanguage('de', { setItem });
    expect(setItem).toHaveBeenCalledWith(LANGUAGE_STORAGE_KEY, 'de');
    expect(LANGUAGE_STORAGE_KEY).toMatch(/^relocate-germany\./);
  });
});

describe('language cookie (the CDN serves `/` prerendered in this language)', () => {
  it('is named like the storage key, site-wide, for a year, Secure on HTTPS', () => {
    expect(languageCookie('de', true)).toBe(
      `${LANGUAGE_STORAGE_KEY}=de; Path=/; Max-Age=31536000; SameSite=Lax; Secure`,
    );
    expect(languageCookie('en', false)).not.toContain('Secure');
  });
});

describe('dictionary lookups', () => {
  it('render a missing key as the key, with no fallback to another language', async () => {
    const i18n = createInstance();
    await i18n.init({
      ...i18nOptions('de'),
      resources: {
        de: { translation: { known: 'Bekannt' } },
        en: { translation: { onlyEnglish: 'English' } },
      },
    });
    expect(i18n.t('known')).toBe('Bekannt');
    expect(i18n.t('missing.key')).toBe('missing.key');
    expect(i18n.t('onlyEnglish')).toBe('onlyEnglish');
  });

  it('leave labels as keys when the dictionary is empty (a failed load)', async () => {
    const i18n = createInstance();
    await i18n.init({ ...i18nOptions('en'), resources: {} });
    expect(i18n.t('signup.title')).toBe('signup.title');
  });
});
