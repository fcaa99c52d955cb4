import { describe, expect, it } from 'vitest';
import { API_ERRORS } from './api-errors';
import de from './locales/de/translation.json';
import en from './locales/en/translation.json';

// The functions name a message only by its key (domain errors take an ApiErrorKey), so no
// message can be written as a literal there: the type checker refuses it.
describe('API error messages', () => {
  it('are the English texts of the apiErrors locale section, and German has them all', () => {
    expect(en.apiErrors).toEqual(API_ERRORS);
    expect(Object.keys(de.apiErrors).sort()).toEqual(Object.keys(API_ERRORS).sort());
  });
});
