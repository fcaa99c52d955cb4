import type { ImportProblem } from '@shared/api';
import type { TFunction } from 'i18next';

/**
 * A refused import's bad rows as the dialog lists them, "Line N: reason", in line order; a
 * reason is a locale key (validation.* or company.import.*), shown as given when it is none.
 */
export function importProblemLines(rows: readonly ImportProblem[], t: TFunction): string[] {
  return [...rows]
    .sort((a, b) => a.line - b.line)
    .map(({ line, reason }) =>
      t('company.import.line', { line, reason: t(reason, { defaultValue: reason }) }),
    );
}
