// Helpers for the schema tests in shared/schemas/: what a form shows for a failed field.
import en from '@shared/locales/en/translation.json';

/** Field → message key of the first issue per field, as a form shows them. */
export function errorsOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

/** The English text a locale key renders as. */
export const englishText = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);

/** Field → English text of the first issue per field. */
export function englishErrorsOf(result: Parameters<typeof errorsOf>[0]) {
  return Object.fromEntries(
    Object.entries(errorsOf(result)).map(([field, key]) => [field, englishText(key)]),
  );
}
