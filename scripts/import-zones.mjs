// `npm test` step: the boundaries of the code base (README 'Architecture'), checked on every
// import of every source file. A boundary that only a review keeps is soon crossed.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['shared', 'functions', 'web/src', 'infra', 'tests'];
const EXTENSIONS = /\.(ts|tsx|mts|mjs|cjs)$/;

/** Path aliases (tsconfig.json "paths"), so an aliased import is judged like a relative one. */
const ALIASES = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')).compilerOptions.paths ?? {};

/**
 * The rules: each says which importing files it applies to and which imported files they may
 * not reach. Paths are relative to the repo root, with forward slashes.
 */
export const RULES = [
  {
    name: 'shared/ is shared by the SPA and the functions: it imports nothing of ours outside itself',
    // Its tests may use the test support of tests/support/.
    applies: (from) => from.startsWith('shared/') && !/\.test\.[a-z]+$/.test(from),
    forbids: (to) => !to.startsWith('shared/'),
  },
  {
    name: 'a feature of the SPA does not import another feature (shared parts go to components/ or lib/)',
    applies: (from) => from.startsWith('web/src/features/'),
    forbids: (to, from) => to.startsWith('web/src/features/') && feature(to) !== feature(from),
  },
  {
    name: 'store/ and adapters/ are below the services: they import neither services/ nor lib/http',
    applies: (from) => /^functions\/src\/(store|adapters)\//.test(from),
    forbids: (to) => to.startsWith('functions/src/services/') || to === 'functions/src/lib/http.ts',
  },
  {
    name: 'the functions never import the SPA',
    applies: (from) => from.startsWith('functions/'),
    forbids: (to) => to.startsWith('web/'),
  },
  {
    name: 'the SPA never imports the functions or the infrastructure',
    applies: (from) => from.startsWith('web/'),
    forbids: (to) => to.startsWith('functions/') || to.startsWith('infra/'),
  },
];

const feature = (path) => path.split('/')[3];

/** The repo-relative file an import specifier names, or null for a package. */
export function target(from, specifier) {
  for (const [pattern, [replacement]] of Object.entries(ALIASES)) {
    const prefix = pattern.replace(/\*$/, '');
    if (specifier.startsWith(prefix)) {
      return normalise(join(replacement.replace(/\*$/, ''), specifier.slice(prefix.length)));
    }
  }
  if (!specifier.startsWith('.')) return null;
  return normalise(relative(ROOT, resolve(ROOT, dirname(from), specifier)));
}

const normalise = (path) => {
  const posix = path.split(sep).join('/');
  // Imports name modules without their extension; the rules only look at folders and http.ts.
  return /\.[a-z]+$/.test(posix) ? posix : `${posix}.ts`;
};

/** Every rule an import from `from` to `specifier` breaks. */
export function violations(from, specifier) {
  const to = target(from, specifier);
  if (!to) return [];
  return RULES.filter((rule) => rule.applies(from) && rule.forbids(to, from)).map((rule) => rule.name);
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;

function* files(dir) {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* files(path);
    else if (EXTENSIONS.test(entry.name)) yield path;
  }
}

export function check() {
  const found = [];
  for (const dir of SOURCES) {
    for (const file of files(dir)) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const match of text.matchAll(IMPORT)) {
        for (const rule of violations(file, match[1]))
          found.push(`${file}: imports '${match[1]}'\n  ${rule}`);
      }
    }
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = check();
  if (found.length > 0) {
    console.error(found.join('\n'));
    console.error(`\n${found.length} import(s) cross a boundary`);
    process.exit(1);
  }
  console.log('import boundaries: ok');
}
