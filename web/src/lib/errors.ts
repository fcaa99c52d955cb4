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
 * The text of a failure toast: the server's own message (SPEC 8: API or Cognito), else the
 * fallback. A validation failure's generic text says less than the fallback, so it yields.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.code === 'validation_failed') return fallback;
  // The API's own messages are known to the locale files: show them in the interface language.
  if (error instanceof ApiError && error.messageKey && i18n.exists(error.messageKey))
    return i18n.t(error.messageKey);
  if (error instanceof Error && error.message && !/^Unknown|^undefined$/.test(error.message))
    return error.message;
  return fallback;
}
