// Which built files a prerendered page's app loads: the entry module and its static imports,
// plus, for /login and /signup, the route's lazily loaded modules (session layout, page,
// toasts) and theirs, read from Vite's manifest (web/dist/.vite/manifest.json). Amplify is not
// among them: it loads when the visitor reaches into the form. The boot script fetches these
// side by side (scripts/prerender.mjs), the budgets count them (scripts/web-size.mjs), and the
// end-to-end suite checks the browser loads exactly these.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The prerendered pages: their English file and the modules their route loads lazily. */
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
};

/** The manifest entry of a module: a source path, or a package by name (the toasts). */
function chunkOf(manifest, module) {
  const key = module.startsWith('src/')
    ? module
    : Object.keys(manifest).find((name) => name.includes(`node_modules/${module}/`));
  const chunk = key && manifest[key];
  if (!chunk) throw new Error(`${module} is not in the build's manifest`);
  return chunk;
}

/** The app's files a page loads (as requested, e.g. /assets/x.js), the entry first. */
export function appFiles(dist, path) {
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
  for (const module of page.modules) visit(chunkOf(manifest, module));
  return [...files];
}
