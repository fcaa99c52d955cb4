import deCatalogue from '@shared/locales/de/catalogue.json';
import de from '@shared/locales/de/translation.json';
import enCatalogue from '@shared/locales/en/catalogue.json';
import en from '@shared/locales/en/translation.json';
import type { BrowserContext } from 'playwright-core';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

const TEXTS = { en, de } as const;

/** A text of the SPA in a language, by its key ('login.title'), with {{name}} values filled in. */
export function text(language: Language, key: string, values: Record<string, string> = {}): string {
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], TEXTS[language]);
  if (typeof found !== 'string') throw new Error(`no text ${key} in ${language}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
}

const CATALOGUE = { en: enCatalogue, de: deCatalogue } as const;

/** A phase's name in a language, as the catalogue has it ('arrival' → 'Your first weeks'). */
export function phaseName(language: Language, phaseId: keyof typeof enCatalogue.phases): string {
  return CATALOGUE[language].phases[phaseId].display_name;
}

/** A task's name in a language, as the catalogue has it. */
export function taskName(language: Language, templateId: keyof typeof enCatalogue.tasks): string {
  return CATALOGUE[language].tasks[templateId].task_name;
}

/**
 * As after choosing a language: storage for the app (on every page load, so it wins over the
 * profile's language after a sign-in), the cookie for the prerendered landing page.
 */
export async function setLanguage(context: BrowserContext, url: string, language: Language) {
  await context.addInitScript(
    (chosen) => localStorage.setItem('relocate-germany.language', chosen),
    language,
  );
  await context.addCookies([{ name: 'relocate-germany.language', value: language, url }]);
}
