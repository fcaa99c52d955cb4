// `npm test` step: the boundaries of the code base (README 'Architecture'), checked on every
// import of every source file. A boundary that only a review keeps is soon crossed.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['shared', 'functions', 'web/src', 'infra', 'tests', 'scripts'];
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
    name: 'store/ and adapters/ are below the services and the request edge: they import neither services/ nor edge/',
    applies: (from) => /^functions\/src\/(store|adapters)\//.test(from),
    forbids: (to) => /^functions\/src\/(services|edge)\//.test(to),
  },
  {
    name: 'lib/ holds the leaf utilities every Lambda uses (errors, clock, log, metrics, tracing, lambda): it imports no layer above it, so any of them can use it',
    // Its tests may check how a layer above uses it (the store's client is traced).
    applies: (from) => from.startsWith('functions/src/lib/') && !/\.test\.[a-z]+$/.test(from),
    forbids: (to) =>
      /^functions\/src\/(edge|services|store|adapters|handlers|jobs|mail|triggers)\//.test(to) ||
      to === 'functions/src/routes.ts',
  },
  {
    name: "the SPA's components/ and lib/ are shared by every feature: they import no feature and nothing of app/, which are built on them",
    applies: (from) => /^web\/src\/(components|lib)\//.test(from),
    forbids: (to) => /^web\/src\/(features|app)\//.test(to),
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
  // Imports name modules without their extension; the rules look at folders and single modules
  // (routes.ts); the cycle check resolves the actual file (sourceFile).
  return /\.[a-z]+$/.test(posix) ? posix : `${posix}.ts`;
};

/** Every rule an import from `from` to `specifier` breaks. */
export function violations(from, specifier) {
  const to = target(from, specifier);
  if (!to) return [];
  return RULES.filter((rule) => rule.applies(from) && rule.forbids(to, from)).map((rule) => rule.name);
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;

/**
 * Every module a source text imports: static imports (`import type` too: a type still couples
 * the two modules), re-exports, dynamic imports and requires.
 */
export const specifiers = (text) => [...text.matchAll(IMPORT)].map((match) => match[1]);

function* files(dir) {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* files(path);
    else if (EXTENSIONS.test(entry.name)) yield path;
  }
}

/** The source file an import names, as the bundlers resolve it (extension or index added). */
const RESOLVED_AS = ['', '.ts', '.tsx', '.mts', '.mjs', '.cjs', '/index.ts', '/index.tsx'];

function sourceFile(from, specifier) {
  const to = target(from, specifier);
  if (!to) return null;
  const bare = to.replace(/\.ts$/, '');
  for (const candidate of [to, ...RESOLVED_AS.map((suffix) => bare + suffix)]) {
    const path = join(ROOT, candidate);
    if (existsSync(path) && statSync(path).isFile()) return candidate;
  }
  return null;
}

export const CYCLE_RULE =
  'no import cycle: modules that import each other (even for types only) can be neither understood, tested nor loaded one without the other; move what both need below both';

/**
 * Every import cycle of a graph (file → the files it imports): its strongly connected
 * components of more than one file, or a file that imports itself (Tarjan's algorithm).
 * Each cycle is its files, sorted; the cycles are sorted by their first file.
 */
export function cycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

export function check() {
  const found = [];
  const graph = new Map();
  for (const dir of SOURCES) {
    for (const file of files(dir)) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      const imports = new Set();
      for (const specifier of specifiers(text)) {
        for (const rule of violations(file, specifier))
          found.push(`${file}: imports '${specifier}'\n  ${rule}`);
        const imported = sourceFile(file, specifier);
        if (imported) imports.add(imported);
      }
      graph.set(file, [...imports]);
    }
  }
  for (const cycle of cycles(graph)) found.push(`import cycle among ${cycle.join(', ')}\n  ${CYCLE_RULE}`);
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = check();
  if (found.length > 0) {
    console.error(found.join('\n'));
    console.error(`\n${found.length} import boundary violation(s) or import cycle(s)`);
    process.exit(1);
  }
  console.log('import boundaries: ok');
}
