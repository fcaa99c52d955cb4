// `npm run bench:web`: how heavy and how fast the prerendered pages are (`/`, `/login`,
// `/signup`, `/guide` and one article), measured on the built SPA served by a local stack (with CloudFront's
// compression). Prints each page's JavaScript before the first paint and in all (gzipped, as
// the budgets count it) and Lighthouse's mobile scores. `npm run bench:web -- --runs 3` runs
// Lighthouse three times per page (its simulated scores vary from run to run).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAGES, pageJs } from './web-size.mjs';

// The same Chromium and flags as the browser tests.
const system = JSON.parse(readFileSync('tests/support/chromium.json', 'utf8'));
const dist = 'web/dist';
const runsAt = process.argv.indexOf('--runs');
const runs = runsAt === -1 ? 1 : Math.max(1, Number(process.argv[runsAt + 1]) || 1);

const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'error'], {
  stdio: 'inherit',
});
if (build.status !== 0 || spawnSync('node', ['scripts/prerender.mjs'], { stdio: 'inherit' }).status !== 0)
  process.exit(1);

// The guide's index and one article stand for the guide's pages (they are alike).
const paths = Object.keys(PAGES).filter((path) => !path.startsWith('/guide/') || path === '/guide/anmeldung');
for (const path of paths) {
  const { beforePaintKb, beforePaintFiles, appKb, appFiles } = pageJs(path, dist);
  console.log(
    `${path}: JS before the first paint ${beforePaintKb.toFixed(1)} KB gzipped (${beforePaintFiles.join(', ')}); ` +
      `in all ${(beforePaintKb + appKb).toFixed(1)} KB in ${beforePaintFiles.length + appFiles.length} files, the app after the load event`,
  );
}

const port = await new Promise((resolve) => {
  const server = createServer().listen(0, () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});
const dataDir = await mkdtemp(join(tmpdir(), 'relocation-bench-'));
const stack = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
  detached: true,
  stdio: 'ignore',
  env: { ...process.env, PORT: String(port), LOCAL_DATA_DIR: dataDir, LOCAL_WEB: dist },
});
const origin = `http://localhost:${port}`;
const summary = [];
try {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${origin}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  // Each file once, so none waits for its first compression (a CDN's edge has popular files
  // compressed at hand).
  const warm = { 'accept-encoding': 'br, gzip' };
  for (const path of paths) {
    const { beforePaintFiles, appFiles } = pageJs(path, dist);
    for (const file of [path, ...beforePaintFiles, ...appFiles])
      await fetch(`${origin}${file}`, { headers: warm }).then((r) => r.arrayBuffer());
  }

  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? system.path,
    chromeFlags: ['--headless=new', ...system.flags],
  });
  try {
    for (const path of paths) {
      const scores = [];
      for (let run = 1; run <= runs; run++) {
        const result = await lighthouse(`${origin}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const { categories = {}, audits = {} } = result?.lhr ?? {};
        const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
        scores.push(score('performance'));
        const scripts = audits['resource-summary']?.details?.items?.find(
          (item) => item.resourceType === 'script',
        );
        const metric = (id) => audits[id]?.displayValue ?? '?';
        console.log(
          `Lighthouse ${path}${runs > 1 ? ` run ${run}` : ''}: performance ${score('performance')}, ` +
            `accessibility ${score('accessibility')}, best practices ${score('best-practices')}, SEO ${score('seo')}`,
        );
        console.log(
          `  FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, ` +
            `TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, ` +
            `Speed Index ${metric('speed-index')}; scripts over the wire ${((scripts?.transferSize ?? 0) / 1024).toFixed(1)} KB ` +
            `in ${scripts?.requestCount ?? 0} requests`,
        );
      }
      summary.push(`${path} ${Math.min(...scores)}–${Math.max(...scores)}`);
    }
  } finally {
    chrome.kill();
  }
  console.log(`Lighthouse mobile performance over ${runs} run(s): ${summary.join(', ')}`);
} finally {
  process.kill(-stack.pid, 'SIGTERM');
  await new Promise((r) => stack.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });
}
