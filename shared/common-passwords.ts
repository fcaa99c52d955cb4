import { PASSWORD_MIN_LENGTH } from './constants';

/**
 * How many of the most common passwords the forms refuse: the ones people actually pick, in a
 * list small enough to download when a password is chosen (about 100 KB, 40 KB compressed).
 */
export const COMMON_PASSWORDS_KEPT = 10_000;

/**
 * The first `count` passwords of a list ordered from the most common down (zxcvbn's, from
 * @zxcvbn-ts/language-common: the SPA's build takes them, web/vite.config.ts), leaving out those
 * the length rule refuses anyway; lower-cased, each once.
 */
export function mostCommonPasswords(ordered: readonly string[], count = COMMON_PASSWORDS_KEPT): string[] {
  const kept = new Set<string>();
  for (const password of ordered) {
    if (kept.size === count) break;
    if (password.length >= PASSWORD_MIN_LENGTH) kept.add(password.toLowerCase());
  }
  return [...kept];
}

/** Whether a password is one of them: compared lower-cased ('Password1' is as guessable as 'password1'). */
export function isCommonPassword(password: string, common: ReadonlySet<string>): boolean {
  return common.has(password.toLowerCase());
}
