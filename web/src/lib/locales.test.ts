import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@shared/constants';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../../shared/locales');

function keysOf(node: unknown, prefix = ''): string[] {
  if (node === null || typeof node !== 'object') return [prefix];
  return Object.entries(node).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}

const load = (language: string, file: string) => JSON.parse(readFileSync(join(root, language, file), 'utf8'));

describe('locale files', () => {
  const files = readdirSync(join(root, 'en')).sort();

  it('exist in every language with the same file names', () => {
    for (const language of LANGUAGES) expect(readdirSync(join(root, language)).sort()).toEqual(files);
  });

  it.each(files)('%s has the same keys in English and German, none empty', (file) => {
    const en = keysOf(load('en', file)).sort();
    for (const language of LANGUAGES) {
      const data = load(language, file);
      expect(keysOf(data).sort(), `${language}/${file}`).toEqual(en);
      for (const key of en) {
        const value = key.split('.').reduce<unknown>((n, part) => (n as Record<string, unknown>)[part], data);
        expect(typeof value === 'string' && value.trim().length > 0, `${language}/${file}: ${key}`).toBe(
          true,
        );
      }
    }
  });
});
