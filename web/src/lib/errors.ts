import type { ErrorBody, ImportProblem } from '@shared/api';
import { DEFAULT_LANGUAGE } from '@shared/constants';
import i18n from 'i18next';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly messageKey?: string,
    /** A refused employee import's bad rows, each by its line and a locale key. */
    readonly rows?: ImportProblem[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Locale keys for failures that carry no message of ours (the gateway's, a proxy's, a crash). */
function statusKey(status: number): string | undefined {
  if (status === 401) return 'errors.notAuthenticated';
  if (status === 403) return 'errors.accessDenied';
  if (status === 429) return 'errors.tooManyRequests';
  if (status >= 500) return 'errors.unavailable';
  return undefined;
}

/** The ApiError for a failed response: our JSON error body, or whatever else came back. */
export function errorFromResponse(status: number, statusText: string, text: string): ApiError {
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // an HTML error page from a proxy or the CDN: only the status says something
  }
  const error = (data as Partial<ErrorBody> | null)?.error;
  const message = error?.message ?? (data as { message?: string } | null)?.message ?? statusText;
  return new ApiError(
    status,
    error?.code ?? 'error',
    message || `HTTP ${status}`,
    error?.fields,
    error?.messageKey ?? statusKey(status),
    importProblems(error, data),
  );
}

/** The bad rows of a refused import: in the error, or beside it in the body. */
function importProblems(error: unknown, data: unknown): ImportProblem[] | undefined {
  const rows = (error as { rows?: unknown } | undefined)?.rows ?? (data as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) return undefined;
  return rows.filter(
    (row): row is ImportProblem =>
      typeof row === 'object' &&
      row !== null &&
      typeof (row as ImportProblem).line === 'number' &&
      typeof (row as ImportProblem).reason === 'string',
  );
}

/** The request never got an answer (offline, DNS, CORS). */
export function networkError(cause: unknown): ApiError {
  return new ApiError(0, 'network', String(cause), undefined, 'errors.network');
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
 * The text of a failure toast: the server's own message (API or Cognito), else the fallback
 * (docs/product.md#messages-shown-to-people). A validation failure's generic text says less
 * than the fallback, so it yields.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code === 'validation_failed') return fallback;
  // The API's own messages are known to the locale files: show them in the interface language.
  if (error instanceof ApiError && error.messageKey && i18n.exists(error.messageKey))
    return i18n.t(error.messageKey);
  const cognitoKey = error instanceof Error ? cognitoMessageKey(error) : undefined;
  if (cognitoKey && i18n.exists(cognitoKey)) return i18n.t(cognitoKey);
  // A message we cannot translate is English: shown as sent to English readers (the server's
  // own message, docs/product.md#messages-shown-to-people), the translated fallback to
  // everyone else.
  if (i18n.language !== DEFAULT_LANGUAGE) return fallback;
  if (error instanceof Error && error.message && !/^Unknown|^undefined$/.test(error.message))
    return error.message;
  return fallback;
}
