import { NATIONALITIES } from '@shared/nationalities';
import type { TFunction } from 'i18next';

/**
 * A stored nationality (stored by its English name, docs/product.md#step-1-details) in the
 * interface language; a name not in the list is shown as stored.
 */
export function nationalityLabel(t: TFunction, name: string | null): string | null {
  const code = NATIONALITIES.find((n) => n.name === name)?.code;
  return code ? t(code, { ns: 'nationalities' }) : name;
}

/**
 * The nationality dropdown's options: the list's English names (the stored values) labelled in
 * the interface language and sorted by that label. A stored value the list does not hold (an
 * older or a team-typed one) is an option too, first and as stored, so the form shows it and
 * saving leaves it unchanged.
 */
export function nationalityOptions(
  t: TFunction,
  language: string,
  stored: string | null | undefined,
): { value: string; label: string }[] {
  const listed = NATIONALITIES.map((n) => ({
    value: n.name,
    label: t(n.code, { ns: 'nationalities', defaultValue: n.name }),
  })).sort((a, b) => a.label.localeCompare(b.label, language));
  const unlisted = stored && !NATIONALITIES.some((n) => n.name === stored);
  return unlisted ? [{ value: stored, label: stored }, ...listed] : listed;
}
