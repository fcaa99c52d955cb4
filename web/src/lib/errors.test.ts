import de from '@shared/locales/de/translation.json';
import en from '@shared/locales/en/translation.json';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, cognitoMessageKey, errorFromResponse, networkError, serverMessage } from './errors';
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
    // A password-policy refusal at sign-up is another case of the same name: not translated,
    // so German readers get the fallback.
    const policy = 'Password did not conform with policy: Password not long enough';
    expect(serverMessage(cognito('InvalidPasswordException', policy), 'x')).toBe('x');
    expect(serverMessage(cognito('UsernameExistsException', 'User already exists'), 'x')).toBe(
      'Für diese E-Mail-Adresse gibt es bereits ein Konto.',
    );
    await i18n.changeLanguage('en');
    expect(serverMessage(cognito('CodeMismatchException', 'Incorrect confirmation code'), 'x')).toBe(
      'Invalid verification code provided, please try again.',
    );
  });

  it('tells apart the cases one exception name covers; unknown ones go to English readers only', async () => {
    await i18n.changeLanguage('en');
    expect(cognitoMessageKey(cognito('NotAuthorizedException', 'Password attempts exceeded'))).toBe(
      'cognitoErrors.attemptsExceeded',
    );
    expect(cognitoMessageKey(cognito('NotAuthorizedException', 'User is disabled.'))).toBeUndefined();
    expect(serverMessage(cognito('NotAuthorizedException', 'User is disabled.'), 'x')).toBe(
      'User is disabled.',
    );
    await i18n.changeLanguage('de');
    expect(serverMessage(cognito('NotAuthorizedException', 'User is disabled.'), 'Fehlgeschlagen')).toBe(
      'Fehlgeschlagen',
    );
  });

  it("turns the gateway's, a proxy's and the network's failures into translated messages", async () => {
    await i18n.changeLanguage('de');
    const gateway = errorFromResponse(401, 'Unauthorized', '{"message":"Unauthorized"}');
    expect(gateway).toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(serverMessage(gateway, 'x')).toBe(de.errors.notAuthenticated);
    const proxy = errorFromResponse(502, 'Bad Gateway', '<html><body>502</body></html>');
    expect(proxy).toMatchObject({ status: 502, message: 'Bad Gateway' });
    expect(serverMessage(proxy, 'x')).toBe(de.errors.unavailable);
    expect(serverMessage(errorFromResponse(429, '', ''), 'x')).toBe(de.errors.tooManyRequests);
    expect(serverMessage(networkError(new TypeError('Failed to fetch')), 'x')).toBe(de.errors.network);
    await i18n.changeLanguage('en');
    expect(serverMessage(networkError(new TypeError('Failed to fetch')), 'x')).toBe(en.errors.network);
  });

  it('keeps our own error bodies: code, message, fields and key', () => {
    const body = {
      error: { code: 'conflict', message: 'Email does not match', messageKey: 'apiErrors.emailMismatch' },
    };
    expect(errorFromResponse(409, 'Conflict', JSON.stringify(body))).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'Email does not match',
      messageKey: 'apiErrors.emailMismatch',
    });
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
