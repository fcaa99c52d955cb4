import { API_ERRORS } from '../../../shared/api-errors';
import { HttpError } from '../lib/errors';

/** Opaque pagination cursors: base64url JSON of DynamoDB's LastEvaluatedKey. */
export function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;
}

/** `belongs` rejects a forged cursor that points outside the queried partition. */
export function decodeCursor(
  cursor: string | null,
  belongs: (key: Record<string, unknown>) => boolean,
): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (isStringRecord(parsed) && belongs(parsed)) return parsed;
  } catch {
    // fall through to the 400 below
  }
  throw new HttpError(400, 'bad_request', API_ERRORS.invalidCursor);
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}
