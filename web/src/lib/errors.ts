import i18n from 'i18next';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly messageKey?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Cognito's failures a visitor can cause, shown from the locale files so each language reads
 * its own (the English texts are Cognito's). Matched by exception name and, where one name
 * covers several cases, by message (AWS's wording or cognito-local's). Others pass verbatim.
 */
const COGNITO_ERRORS: { name: string; message?: RegExp; key: string }[] = [
  {
    name: 'NotAuthorizedException',
    message: /incorrect username or password|^user not authorized$/i,
    key: 'incorrectCredentials',
  },
  // cognito-local's answer to a wrong password.
  { name: 'InvalidPasswordException', message: /^invalid password$/i, key: 'incorrectCredentials' },
  { name: 'NotAuthorizedException', message: /attempts exceeded/i, key: 'attemptsExceeded' },
  { name: 'NotAuthorizedException', message: /current status is confirmed/i, key: 'alreadyConfirmed' },
  { name: 'UsernameExistsException', key: 'emailExists' },
  { name: 'AliasExistsException', key: 'emailExists' },
  { name: 'CodeMismatchException', key: 'codeMismatch' },
  { name: 'ExpiredCodeException', key: 'expiredCode' },
  { name: 'LimitExceededException', key: 'limitExceeded' },
  { name: 'TooManyRequestsException', key: 'limitExceeded' },
  { name: 'UserNotConfirmedException', key: 'userNotConfirmed' },
  { name: 'UserNotFoundException', key: 'userNotFound' },
];

export function cognitoMessageKey(error: { name: string; message: string }): string | undefined {
  const known = COGNITO_ERRORS.find(
    (entry) => entry.name === error.name && (!entry.message || entry.message.test(error.message)),
  );
  return known ? `cognitoErrors.${known.key}` : undefined;
}

/**
 * The text of a failure toast: the server's own message (SPEC 8: API or Cognito), else the
 * fallback. A validation failure's generic text says less than the fallback, so it yields.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code === 'validation_failed') return fallback;
  // The API's own messages are known to the locale files: show them in the interface language.
  if (error instanceof ApiError && error.messageKey && i18n.exists(error.messageKey))
    return i18n.t(error.messageKey);
  const cognitoKey = error instanceof Error ? cognitoMessageKey(error) : undefined;
  if (cognitoKey && i18n.exists(cognitoKey)) return i18n.t(cognitoKey);
  if (error instanceof Error && error.message && !/^Unknown|^undefined$/.test(error.message))
    return error.message;
  return fallback;
}
