import type { ErrorBody, ErrorCode } from '../../../shared/api';

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
    return {
      error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) },
    };
  }
}

export const unauthorized = () => new HttpError(401, 'unauthorized', 'Not authenticated');
export const forbidden = (message = 'Access denied') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);
