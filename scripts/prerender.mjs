// After `vite build`: renders the landing page once per language, into web/dist/index.html
// (English, the default) and web/dist/index.<language>.html (the CDN serves it for `/` to
// visitors whose language cookie says so), and keeps the empty shell as web/dist/app.html
// (served for every other SPA route).
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const dist = 'web/dist';
const ssrOut = 'web/.ssr';
const build = spawnSync(
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
if (build.status !== 0) process.exit(1);
const { renderLanding, LANGUAGES, DEFAULT_LANGUAGE } = await import(
  pathToFileURL(`${ssrOut}/prerender.js`).href
);
const shell = readFileSync(`${dist}/index.html`, 'utf8');
if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
writeFileSync(`${dist}/app.html`, shell);

// The prerendered page needs no script to paint: the app (hydration: menu, carousel, language)
// loads once the page has loaded, so the first paint never waits for the bundle.
const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell)?.[1];
if (!entry) throw new Error('index.html has no module entry script');
writeFileSync(`${dist}/boot.js`, `addEventListener('load', () => import(${JSON.stringify(entry)}));\n`);
const attribute = (text) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
for (const language of LANGUAGES) {
  const { markup, title, description } = await renderLanding(language);
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
      '<script type="module" src="/boot.js"></script>',
    )
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${language}">${markup}</div>`);
  const file = language === DEFAULT_LANGUAGE ? 'index.html' : `index.${language}.html`;
  writeFileSync(`${dist}/${file}`, page);
  console.log(`prerendered / in ${language} as ${file} (${(markup.length / 1024).toFixed(1)} KB of HTML)`);
}
rmSync(ssrOut, { recursive: true, force: true });
