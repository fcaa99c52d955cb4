import type { CommonPasswords } from '@shared/schemas/auth';

let loading: Promise<CommonPasswords> | undefined;

/**
 * The most common passwords, which the forms that choose a password refuse
 * (shared/common-passwords.ts; web/vite.config.ts builds the list into a file of its own). It
 * downloads on first use, when a password field is focused or the form is first validated, never
 * with a page; a download that failed is tried again by the next caller.
 */
export function commonPasswords(): Promise<CommonPasswords> {
  loading ??= import('virtual:common-passwords').then(
    (module) => new Set(module.default.split('\n')),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Starts the download ahead of need; a failure is left to the validation, which reports it. */
export function prepareCommonPasswords(): void {
  commonPasswords().catch(() => undefined);
}
