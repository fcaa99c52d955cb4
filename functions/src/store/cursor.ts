import { Invalid } from '../lib/errors';

/** Opaque pagination cursors: base64url JSON of DynamoDB's LastEvaluatedKey. */
export function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;
}

/** The attributes a page key of one query has, each with its check. */
export type CursorShape = Record<string, (value: string) => boolean>;

/**
 * A cursor must be a page key of the query it is used with: exactly the shape's attributes,
 * all strings that pass their checks. Anything else (forged, from another partition or
 * index, missing the table's key attributes) is refused as invalid, never handed to DynamoDB.
 */
export function decodeCursor(cursor: string | null, shape: CursorShape): Record<string, string> | undefined {
  if (!cursor) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (fitsShape(parsed, shape)) return parsed;
  } catch {
    // fall through to the refusal below
  }
  throw new Invalid('invalidCursor');
}

function fitsShape(value: unknown, shape: CursorShape): value is Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length === Object.keys(shape).length &&
    entries.every(([name, v]) => Object.hasOwn(shape, name) && typeof v === 'string' && !!shape[name]?.(v))
  );
}
