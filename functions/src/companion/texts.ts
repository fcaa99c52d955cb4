// The texts the companion writes (answers' labels, the hand-off message), from the locale files
// like every visible string; esbuild inlines the two small JSON files.
import type { GuideLanguage } from '@shared/guide';
import de from '@shared/locales/de/companion.json';
import en from '@shared/locales/en/companion.json';

export type CompanionText = keyof typeof en;
const TEXTS: Record<GuideLanguage, typeof en> = { en, de };

/** A text in a language, `{{name}}` filled from `values`. */
export function companionText(
  language: GuideLanguage,
  key: CompanionText,
  values: Record<string, string> = {},
): string {
  return TEXTS[language][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}
