import { describe, expect, it } from 'vitest';
import { rememberedProfileLanguage, rememberProfileLanguage } from './profile-language';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe('the remembered profile language', () => {
  it('is the last one read, for that user only', () => {
    const storage = memoryStorage();
    expect(rememberedProfileLanguage('user-a', storage)).toBeUndefined();
    rememberProfileLanguage('user-a', 'de', storage);
    expect(rememberedProfileLanguage('user-a', storage)).toBe('de');
    expect(rememberedProfileLanguage('user-b', storage)).toBeUndefined();
    rememberProfileLanguage('user-b', 'en', storage);
    expect(rememberedProfileLanguage('user-b', storage)).toBe('en');
    expect(rememberedProfileLanguage('user-a', storage)).toBeUndefined();
  });

  it('ignores what it cannot read and works without storage', () => {
    const storage = memoryStorage();
    storage.items.set('relocate-germany.profile-language', '{not json');
    expect(rememberedProfileLanguage('user-a', storage)).toBeUndefined();
    storage.items.set(
      'relocate-germany.profile-language',
      JSON.stringify({ userId: 'user-a', language: 'fr' }),
    );
    expect(rememberedProfileLanguage('user-a', storage)).toBeUndefined();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(() => rememberProfileLanguage('user-a', 'de', broken)).not.toThrow();
    expect(rememberedProfileLanguage('user-a', broken)).toBeUndefined();
    expect(rememberedProfileLanguage('user-a', undefined)).toBeUndefined();
  });
});
