import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { mostCommonPasswords } from '../shared/common-passwords';
import { guideData } from './guide-plugin';

/** The locale files live in shared/ (the functions write e-mails and the catalogue from them too). */
const LOCALES = join(import.meta.dirname, '../shared/locales');

/**
 * Serves shared/locales at /locales in development and copies them there in a build, where
 * the SPA's locale backend fetches them (web/src/lib/locale-backend.ts).
 */
function sharedLocales(): Plugin {
  const files = () =>
    readdirSync(LOCALES).flatMap((language) =>
      readdirSync(join(LOCALES, language)).map((name) => `${language}/${name}`),
    );
  return {
    name: 'shared-locales',
    configureServer(server) {
      server.middlewares.use('/locales', (req, res, next) => {
        const path = decodeURIComponent((req.url ?? '').split('?')[0] ?? '').replace(/^\//, '');
        if (!files().includes(path)) return next();
        res.setHeader('content-type', 'application/json');
        res.end(readFileSync(join(LOCALES, path)));
      });
    },
    generateBundle() {
      for (const file of files()) {
        this.emitFile({
          type: 'asset',
          fileName: `locales/${file}`,
          source: readFileSync(join(LOCALES, file)),
        });
      }
    },
  };
}

/**
 * `virtual:common-passwords`: the most common passwords, one a line, taken from zxcvbn's
 * frequency list at build time (shared/common-passwords.ts says which), so the browser downloads
 * only those, in a chunk of their own (web/src/lib/common-passwords.ts loads it).
 */
function commonPasswords(): Plugin {
  const id = 'virtual:common-passwords';
  return {
    name: 'common-passwords',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    async load(resolved) {
      if (resolved !== `\0${id}`) return;
      const { dictionary } = await import('@zxcvbn-ts/language-common');
      return `export default ${JSON.stringify(mostCommonPasswords(dictionary['passwords-common']).join('\n'))};`;
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), sharedLocales(), commonPasswords(), guideData()],
  // @shared/* and the like, from tsconfig.json's "paths" (one declaration for every tool).
  resolve: { tsconfigPaths: true },
  // The manifest (dist/.vite/manifest.json) says which files each route loads: the prerendered
  // pages preload them and their JS budgets count them (scripts/page-modules.mjs). Not deployed.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, manifest: true },
  // The prerendered footer's copyright year; the client renders the same, then today's.
  define: { 'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) },
});
