import { NATIONALITIES } from '@shared/nationalities';
import type { TFunction } from 'i18next';

/**
 * A stored nationality (its English name, SPEC 3) in the interface language; a name not in
 * the list is shown as stored.
 */
export function nationalityLabel(t: TFunction, name: string | null): string | null {
  const code = NATIONALITIES.find((n) => n.name === name)?.code;
  return code ? t(code, { ns: 'nationalities' }) : name;
}
