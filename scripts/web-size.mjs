// What the prerendered pages cost in JavaScript, read from the built SPA (web/dist): the page's
// own scripts (before the first paint) and the app it loads after the load event
// (scripts/page-modules.mjs). Used by `npm run bench:web`, by the budget step of `npm test`
// and by the end-to-end suite.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { appFiles, PAGES } from './page-modules.mjs';

export { PAGES };

/** The landing page's JS for `/` stays at most 120 KB gzipped (it is every visitor's first page). */
export const LANDING_JS_BUDGET_KB = 120;

/** /login and /signup paint with no more script than their boot script. */
export const AUTH_PAGES_BEFORE_PAINT_BUDGET_KB = 1;

/**
 * All that /login and /signup load before the visitor reaches into the form: React,
 * the router, i18next, the session layout and query cache, react-hook-form, the toasts (146 KB
 * when set). Amplify (37 KB) and zod (27 KB) load when the visitor reaches into the form.
 */
export const AUTH_PAGES_JS_BUDGET_KB = 160;

/**
 * The guide's pages (/guide and every /guide/<slug>) paint with no more script than their boot
 * script, and load at most this much in all: the app as the landing page has it (108 KB when
 * set), the guide's page (2 KB) and its data (1–2 KB). The search (MiniSearch and the index,
 * about 20 KB) loads when the search box is used and is not counted.
 */
export const GUIDE_PAGES_JS_BUDGET_KB = 125;

const scriptPattern = /<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g;

/** Gzipped size of built files (paths as the page requests them, e.g. /assets/x.js), in KB. */
export function gzippedKb(dist, files) {
  return (
    files.reduce((sum, src) => sum + gzipSync(readFileSync(join(dist, src)), { level: 9 }).length, 0) / 1024
  );
}

/** A prerendered page's JavaScript: before the first paint, and the app after it. */
export function pageJs(path, dist = 'web/dist') {
  const html = readFileSync(join(dist, PAGES[path].html), 'utf8');
  const beforePaintFiles = [...html.matchAll(scriptPattern)].map((m) => m[1]);
  const app = appFiles(dist, path);
  return {
    beforePaintFiles,
    beforePaintKb: gzippedKb(dist, beforePaintFiles),
    appFiles: app,
    appKb: gzippedKb(dist, app),
  };
}

/** `/`: the landing page. */
export const landingJs = (dist = 'web/dist') => pageJs('/', dist);
