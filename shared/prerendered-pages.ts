import { DEFAULT_LANGUAGE, type Language } from './constants';
import { GUIDE_SLUGS, type GuideSlug } from './guide-contents';
import type { SpaRoute } from './spa-routes';

const FIXED_PAGES = {
  '/': 'index',
  '/login': 'login',
  '/signup': 'signup',
  '/guide': 'guide',
} as const satisfies Partial<Record<SpaRoute, string>>;

type GuidePath = `/guide/${GuideSlug}`;

/**
 * The paths built into HTML at build time (scripts/prerender.mjs), so they paint before any
 * script runs: the landing page, the two forms a new customer meets first, and the guide (its
 * index and every article, under guide/<slug>). Each maps to the name its files are written
 * under. The CDN's routing function (infra/stacks/spa-routing.ts) serves them in the language
 * of the visitor's cookie; every other route gets app.html.
 */
export const PRERENDERED_PAGES: Readonly<Record<keyof typeof FIXED_PAGES | GuidePath, string>> = {
  ...FIXED_PAGES,
  ...(Object.fromEntries(GUIDE_SLUGS.map((slug) => [`/guide/${slug}`, `guide/${slug}`])) as Record<
    GuidePath,
    string
  >),
};

/** The empty shell every other SPA route gets (the app renders the page in the browser). */
export const SHELL_FILE = 'app.html';

/**
 * The same shell under the name the CDN serves, with status 404, for a path that is no route
 * of the SPA (the app renders its 404 page). A file of its own, so the viewer-response
 * function can tell it from the shell by the object it was asked for.
 */
export const NOT_FOUND_FILE = '404.html';

export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

/** `login.html` in the default language, `login.de.html` in another (`guide/anmeldung.de.html`). */
export function prerenderedFile(path: PrerenderedPath, language: Language): string {
  const name = PRERENDERED_PAGES[path];
  return language === DEFAULT_LANGUAGE ? `${name}.html` : `${name}.${language}.html`;
}
