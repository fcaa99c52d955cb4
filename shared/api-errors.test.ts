import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ERRORS, apiErrorKey } from './api-errors';
import de from './locales/de/translation.json';
import en from './locales/en/translation.json';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('API error messages', () => {
  it('are the English texts of the apiErrors locale section, and German has them all', () => {
    expect(en.apiErrors).toEqual(API_ERRORS);
    expect(Object.keys(de.apiErrors).sort()).toEqual(Object.keys(API_ERRORS).sort());
  });

  it('map back to their locale keys', () => {
    expect(apiErrorKey('This task is already completed')).toBe('apiErrors.taskAlreadyCompleted');
    expect(apiErrorKey('something else')).toBeUndefined();
  });

  it('are never written as literals in the functions (they come from API_ERRORS)', () => {
    const root = join(import.meta.dirname, '../functions/src');
    const literal = /(HttpError\(\s*\d+,\s*'[a-z_]+',\s*'|(notFound|forbidden|conflict)\(\s*')/;
    const offenders = sources(root).filter((file) => literal.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
