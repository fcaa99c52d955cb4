// Domain errors: what went wrong, in the service's words. Store, adapters and services throw
// these; only edge/http.ts turns them into status codes and bodies (DOMAIN_ERROR_HTTP), so
// the rules cannot drift from the protocol and a service reads the same in any transport.
import type { ImportProblem } from '@shared/api';
import { API_ERRORS, type ApiErrorKey } from '@shared/api-errors';
import type * as z from 'zod';

export abstract class DomainError extends Error {
  abstract readonly kind:
    | 'invalid'
    | 'validation'
    | 'unauthenticated'
    | 'forbidden'
    | 'secondFactorRequired'
    | 'notFound'
    | 'conflict'
    | 'tooLarge'
    | 'tooMany';

  /** Which of the API's messages (shared/api-errors.ts) explains it. */
  readonly reason: ApiErrorKey;

  /** The reason when none is given: each kind's general message. */
  static readonly defaultReason: ApiErrorKey = 'invalidInput';

  constructor(
    reason?: ApiErrorKey,
    /** Field path → locale key, for input that failed its schema. */
    readonly fields?: Record<string, string>,
  ) {
    const why = reason ?? (new.target as unknown as typeof DomainError).defaultReason;
    super(API_ERRORS[why]);
    this.reason = why;
    this.name = new.target.name;
  }
}

export type DomainErrorKind = DomainError['kind'];

/** The request itself is wrong (not its fields): broken JSON, a cursor we never issued. */
export class Invalid extends DomainError {
  readonly kind = 'invalid';
  // Always says which request was wrong: there is no general message for it.
  constructor(reason: ApiErrorKey) {
    super(reason);
  }
}

/**
 * Validation failures as `{ field.path: localeKey }`, first message per field; `at`: where the
 * checked value sits in the body (a part checked after the route's own schema).
 */
export function fieldErrors(error: z.ZodError, at: readonly string[] = []): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = [...at, ...issue.path.map(String)].join('.') || '_';
    fields[path] ??= issue.message;
  }
  return fields;
}

/** Input that failed its schema, with a message per field. */
export class ValidationFailed extends DomainError {
  readonly kind = 'validation';
  constructor(fields: Record<string, string>) {
    super('invalidInput', fields);
  }
}

/**
 * An import file with bad rows: refused whole, every bad row listed by its line and reason
 * (the answer's `rows`), the first one's reason also as the file field's message.
 */
export class ImportRefused extends ValidationFailed {
  constructor(readonly rows: ImportProblem[]) {
    super({ csv: rows[0]?.reason ?? 'validation.invalidInput' });
  }
}

/** No caller we can act for: no valid token, or the account is gone or going. */
export class Unauthenticated extends DomainError {
  readonly kind = 'unauthenticated';
  static override readonly defaultReason: ApiErrorKey = 'notAuthenticated';
}

/** The caller is known but may not do this. */
export class Forbidden extends DomainError {
  readonly kind = 'forbidden';
  static override readonly defaultReason: ApiErrorKey = 'accessDenied';
}

/** An admin without a verified authenticator app (TOTP), on an admin route. */
export class SecondFactorRequired extends DomainError {
  readonly kind = 'secondFactorRequired';
  static override readonly defaultReason: ApiErrorKey = 'secondFactorRequired';
}

export class NotFound extends DomainError {
  readonly kind = 'notFound';
  static override readonly defaultReason: ApiErrorKey = 'notFound';
}

/** The request is fine but the state it meets is not: done already, changed meanwhile. */
export class Conflict extends DomainError {
  readonly kind = 'conflict';
  // Always says which state was met: there is no general message for it.
  constructor(reason: ApiErrorKey) {
    super(reason);
  }
}

export class TooLarge extends DomainError {
  readonly kind = 'tooLarge';
  static override readonly defaultReason: ApiErrorKey = 'fileTooLarge';
}

/** A limit on how often the caller may do this was reached; later it may again. */
export class TooMany extends DomainError {
  readonly kind = 'tooMany';
  // Always says which limit: there is no general message for it.
  constructor(reason: ApiErrorKey) {
    super(reason);
  }
}
