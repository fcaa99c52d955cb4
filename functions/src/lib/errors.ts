import type { ErrorBody, ErrorCode } from '../../../shared/api';
import { API_ERRORS, apiErrorKey } from '../../../shared/api-errors';

/** An error that maps to one HTTP response; anything else becomes a logged 500. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ErrorBody {
    const messageKey = apiErrorKey(this.message);
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(messageKey ? { messageKey } : {}),
        ...(this.fields ? { fields: this.fields } : {}),
      },
    };
  }
}

export const unauthorized = () => new HttpError(401, 'unauthorized', API_ERRORS.notAuthenticated);
export const forbidden = (message: string = API_ERRORS.accessDenied) =>
  new HttpError(403, 'forbidden', message);
export const notFound = (message: string = API_ERRORS.notFound) => new HttpError(404, 'not_found', message);
