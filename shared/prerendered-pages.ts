import { DEFAULT_LANGUAGE, type Language } from './constants';

/**
 * The routes built into HTML at build time (scripts/prerender.mjs), so they paint before any
 * script runs: the landing page and the two forms a new customer meets first. Each maps to the
 * name its files are written under. The CDN's routing function (infra/stacks/spa-routing.ts)
 * serves them in the language of the visitor's cookie; every other route gets app.html.
 */
export const PRERENDERED_PAGES = { '/': 'index', '/login': 'login', '/signup': 'signup' } as const;

export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

/** `login.html` in the default language, `login.de.html` in another. */
export function prerenderedFile(path: PrerenderedPath, language: Language): string {
  const name = PRERENDERED_PAGES[path];
  return language === DEFAULT_LANGUAGE ? `${name}.html` : `${name}.${language}.html`;
}
