// After `vite build`: renders the prerendered routes (`/`, `/login`, `/signup`, the guide's index
// and articles, listed in shared/prerendered-pages.ts) once per language, into
// web/dist/<name>.html (English, the default: index.html, login.html, guide/anmeldung.html, …) and web/dist/<name>.<language>.html (the CDN
// serves them to visitors whose language cookie says so), and keeps the empty shell as
// web/dist/app.html (served for every other SPA route) and as web/dist/404.html (served with
// status 404 for a path that is no route: the app shows its 404 page).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { appFiles, PAGES } from './page-modules.mjs';

const dist = 'web/dist';
const ssrOut = 'web/.ssr';
const ssrBuild = spawnSync(
  'npx',
  [
    'vite',
    'build',
    '--config',
    'web/vite.config.ts',
    '--ssr',
    'src/prerender.tsx',
    '--outDir',
    '../web/.ssr',
    '--logLevel',
    'error',
  ],
  { stdio: 'inherit' },
);
if (ssrBuild.status !== 0) process.exit(1);
const { renderPage, LANGUAGES, PRERENDERED_PAGES, prerenderedFile, SHELL_FILE, NOT_FOUND_FILE } =
  await import(pathToFileURL(`${ssrOut}/prerender.js`).href);
const shell = readFileSync(`${dist}/index.html`, 'utf8');
if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
for (const file of [SHELL_FILE, NOT_FOUND_FILE]) writeFileSync(`${dist}/${file}`, shell);

// A prerendered page needs no script to paint: its one script, boot.js (web/src/boot.ts), starts
// the app once the page has loaded and holds what the visitor does until the app takes over.
// Each page lists the files its app needs, the entry first, on boot.js's tag (data-preload),
// so boot.js fetches them side by side and stays the same small file for every page.
const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell)?.[1];
if (!entry) throw new Error('index.html has no module entry script');
const preloadList = (path, language) => {
  if (!PAGES[path]) throw new Error(`${path} is prerendered but not in scripts/page-modules.mjs`);
  const files = appFiles(dist, path, language);
  if (files[0] !== entry) throw new Error(`${path}: the app's entry ${entry} must come first`);
  return files.join(' ');
};
const boot = await build({
  entryPoints: ['web/src/boot.ts'],
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2020',
  write: false,
  logLevel: 'error',
});
writeFileSync(`${dist}/boot.js`, boot.outputFiles[0].contents);

const attribute = (text) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
for (const path of Object.keys(PRERENDERED_PAGES)) {
  for (const language of LANGUAGES) {
    const { markup, title, description } = await renderPage(path, language);
    // The strict CSP allows no inline script, and a boundary React left to the client (<!--$!-->)
    // would paint its loading state: neither may reach a prerendered page.
    if (/<script|<template|<!--\$!/.test(markup))
      throw new Error(`${path} (${language}) rendered an inline script or an unfinished part`);
    const page = shell
      .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${attribute(title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*"/,
        `<meta name="description" content="${attribute(description)}"`,
      )
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace(
        /<script type="module" crossorigin src="[^"]+"><\/script>/,
        `<script type="module" src="/boot.js" data-preload="${preloadList(path, language)}"></script>`,
      )
      .replace(
        '<div id="root"></div>',
        `<div id="root" data-prerendered="${language}" data-path="${path}">${markup}</div>`,
      );
    const file = prerenderedFile(path, language);
    mkdirSync(dirname(`${dist}/${file}`), { recursive: true });
    writeFileSync(`${dist}/${file}`, page);
    console.log(
      `prerendered ${path} in ${language} as ${file} (${(markup.length / 1024).toFixed(1)} KB of HTML)`,
    );
  }
}
rmSync(ssrOut, { recursive: true, force: true });
