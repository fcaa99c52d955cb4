// What `/` costs in JavaScript, read from the built SPA (web/dist): the prerendered page's
// own scripts (before the first paint) and the app bundle it loads after the load event
// (the entry module and its static imports, as app.html preloads them). Used by
// `npm run bench:web` and by the budget step of `npm test`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Issue 6: initial JS for `/` at most 120 KB gzipped. */
export const LANDING_JS_BUDGET_KB = 120;

const scriptPattern = /<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g;

/** Gzipped size of built files (paths as the page requests them, e.g. /assets/x.js), in KB. */
export function gzippedKb(dist, files) {
  return (
    files.reduce((sum, src) => sum + gzipSync(readFileSync(join(dist, src)), { level: 9 }).length, 0) / 1024
  );
}

export function landingJs(dist = 'web/dist') {
  const scriptsOf = (file) =>
    [...readFileSync(join(dist, file), 'utf8').matchAll(scriptPattern)].map((m) => m[1]);
  const app = scriptsOf('app.html');
  return {
    beforePaintKb: gzippedKb(dist, scriptsOf('index.html')),
    appFiles: app,
    appKb: gzippedKb(dist, app),
  };
}
