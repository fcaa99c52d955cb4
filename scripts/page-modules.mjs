// Which built files a prerendered page's app loads: the entry module and its static imports,
// plus, for /login and /signup, the route's lazily loaded modules (session layout, page,
// toasts) and theirs, and for the guide's pages their page and its data in the page's language
// (web/guide-plugin.ts), read from Vite's manifest (web/dist/.vite/manifest.json). Amplify is not
// among them: it loads when the visitor reaches into the form. The boot script fetches these
// side by side (scripts/prerender.mjs), the budgets count them (scripts/web-size.mjs), and the
// end-to-end suite checks the browser loads exactly these.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The guide's slugs: its English article files (shared/guide/en/<slug>.md). */
const GUIDE_SLUGS = readdirSync(new URL('../shared/guide/en', import.meta.url))
  .filter((name) => name.endsWith('.md'))
  .map((name) => name.slice(0, -'.md'.length))
  .sort();

/**
 * The prerendered pages: their English file and the modules their route loads lazily (`{lang}`:
 * the page's language; the guide's data are virtual modules, keyed `../virtual:…` in the manifest).
 */
export const PAGES = {
  '/': { html: 'index.html', modules: [] },
  '/login': {
    html: 'login.html',
    modules: ['src/app/SessionLayout.tsx', 'src/features/auth/LoginPage.tsx', 'sonner'],
  },
  '/signup': {
    html: 'signup.html',
    modules: ['src/app/SessionLayout.tsx', 'src/features/auth/SignupPage.tsx', 'sonner'],
  },
  '/guide': {
    html: 'guide.html',
    modules: ['src/features/guide/GuideIndexPage.tsx', '../virtual:guide-data/guide-index-{lang}'],
  },
  ...Object.fromEntries(
    GUIDE_SLUGS.map((slug) => [
      `/guide/${slug}`,
      {
        html: `guide/${slug}.html`,
        modules: ['src/app/guide-routes.tsx', `../virtual:guide-data/{lang}/${slug}`],
      },
    ]),
  ),
};

/** The manifest entry of a module: a source path, or a package by name (the toasts). */
function chunkOf(manifest, module) {
  const key =
    module.startsWith('src/') || module.startsWith('../virtual:')
      ? module
      : Object.keys(manifest).find((name) => name.includes(`node_modules/${module}/`));
  const chunk = key && manifest[key];
  if (!chunk) throw new Error(`${module} is not in the build's manifest`);
  return chunk;
}

/** The app's files a page loads in a language (as requested, e.g. /assets/x.js), the entry first. */
export function appFiles(dist, path, language = 'en') {
  const page = PAGES[path];
  if (!page) throw new Error(`${path} is not a prerendered page`);
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const files = new Set();
  const visit = (chunk) => {
    const file = `/${chunk.file}`;
    if (files.has(file)) return;
    files.add(file);
    for (const name of chunk.imports ?? []) visit(manifest[name]);
  };
  visit(manifest['index.html']);
  for (const module of page.modules) visit(chunkOf(manifest, module.replace('{lang}', language)));
  return [...files];
}
