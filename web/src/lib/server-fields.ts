import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './errors';

/**
 * Puts the server's field messages back onto a form: the server runs the same schema, so its
 * messages (locale keys) name the same fields.
 */
export function showServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown): void {
  for (const [field, message] of Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {})) {
    setError(field as Path<T>, { message });
  }
}
