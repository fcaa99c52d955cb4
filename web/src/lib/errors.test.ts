import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import de from '../../public/locales/de/translation.json';
import en from '../../public/locales/en/translation.json';
import { ApiError, cognitoMessageKey, serverMessage } from './errors';
import { i18nOptions } from './i18n';

const cognito = (name: string, message: string) => Object.assign(new Error(message), { name });

beforeAll(async () => {
  await i18n.init({ ...i18nOptions('de'), resources: { de: { translation: de }, en: { translation: en } } });
});

describe('failure toasts in the interface language', () => {
  it("shows Cognito's known failures from the locale files (AWS's and cognito-local's wording)", async () => {
    await i18n.changeLanguage('de');
    const german = 'E-Mail-Adresse oder Passwort ist falsch.';
    expect(serverMessage(cognito('NotAuthorizedException', 'Incorrect username or password.'), 'x')).toBe(
      german,
    );
    expect(serverMessage(cognito('NotAuthorizedException', 'User not authorized'), 'x')).toBe(german);
    expect(serverMessage(cognito('InvalidPasswordException', 'Invalid password'), 'x')).toBe(german);
    // A password-policy refusal at sign-up is another case of the same name: shown as sent.
    const policy = 'Password did not conform with policy: Password not long enough';
    expect(serverMessage(cognito('InvalidPasswordException', policy), 'x')).toBe(policy);
    expect(serverMessage(cognito('UsernameExistsException', 'User already exists'), 'x')).toBe(
      'Für diese E-Mail-Adresse gibt es bereits ein Konto.',
    );
    await i18n.changeLanguage('en');
    expect(serverMessage(cognito('CodeMismatchException', 'Incorrect confirmation code'), 'x')).toBe(
      'Invalid verification code provided, please try again.',
    );
  });

  it('tells apart the cases one exception name covers, and passes unknown ones through', () => {
    expect(cognitoMessageKey(cognito('NotAuthorizedException', 'Password attempts exceeded'))).toBe(
      'cognitoErrors.attemptsExceeded',
    );
    expect(cognitoMessageKey(cognito('NotAuthorizedException', 'User is disabled.'))).toBeUndefined();
    expect(serverMessage(cognito('NotAuthorizedException', 'User is disabled.'), 'x')).toBe(
      'User is disabled.',
    );
  });

  it("translates the API's own messages by key and falls back where there is no message", async () => {
    await i18n.changeLanguage('de');
    const tooLarge = new ApiError(
      413,
      'payload_too_large',
      'File is too large (max 10MB)',
      undefined,
      'apiErrors.fileTooLarge',
    );
    expect(serverMessage(tooLarge, 'x')).toBe(de.apiErrors.fileTooLarge);
    expect(serverMessage(new ApiError(400, 'validation_failed', 'Invalid input'), 'Fallback')).toBe(
      'Fallback',
    );
    expect(serverMessage('not an error', 'Fallback')).toBe('Fallback');
  });
});
