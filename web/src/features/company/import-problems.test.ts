import en from '@shared/locales/en/translation.json';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { importProblemLines } from './import-problems';

describe('importProblemLines', () => {
  it('lists every bad row as "Line N: reason", in line order, the reason in words', async () => {
    const i18n = createInstance();
    await i18n.init({ lng: 'en', resources: { en: { translation: en } } });
    expect(
      importProblemLines(
        [
          { line: 7, reason: 'validation.importDuplicate' },
          { line: 3, reason: 'validation.invalidEmail' },
          { line: 4, reason: 'validation.importAlreadyInvited' },
        ],
        i18n.t,
      ),
    ).toEqual([
      `Line 3: ${en.validation.invalidEmail}`,
      'Line 4: This email address is already on your list',
      'Line 7: This email address appears more than once in the file',
    ]);
  });
});
