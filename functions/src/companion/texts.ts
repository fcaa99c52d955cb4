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

/** A calendar day (YYYY-MM-DD) as the language writes it: "15 Jan 2027", "15.01.2027". */
export function dayText(day: string, language: GuideLanguage): string {
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}
