// `npm run bench:web`: how heavy and how fast the landing page is, measured on the built SPA.
// Prints the initial JavaScript of `/` (gzipped) and Lighthouse's mobile scores.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANDING_JS_BUDGET_KB, landingJs } from './web-size.mjs';

// The same Chromium and flags as the browser tests.
const system = JSON.parse(readFileSync('tests/support/chromium.json', 'utf8'));
const dist = 'web/dist';

const build = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'error'], {
  stdio: 'inherit',
});
if (build.status !== 0 || spawnSync('node', ['scripts/prerender.mjs'], { stdio: 'inherit' }).status !== 0)
  process.exit(1);

const { beforePaintKb, appKb, appFiles } = landingJs(dist);
console.log(`JS before the first paint of /: ${beforePaintKb.toFixed(1)} KB gzipped`);
console.log(
  `App JS loaded after the load event: ${appKb.toFixed(1)} KB gzipped in ${appFiles.length} files (budget ${LANDING_JS_BUDGET_KB} KB)`,
);

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
const url = `http://localhost:${port}/`;
try {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${url}api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? system.path,
    chromeFlags: ['--headless=new', ...system.flags],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const categories = result?.lhr.categories ?? {};
    for (const [id, category] of Object.entries(categories)) {
      console.log(`Lighthouse ${id}: ${Math.round((category.score ?? 0) * 100)}`);
    }
    const audits = result?.lhr.audits ?? {};
    const observed = audits.metrics?.details?.items?.[0] ?? {};
    console.log(
      `  (observed without throttling: FCP ${Math.round(observed.observedFirstContentfulPaint ?? 0)} ms, LCP ${Math.round(observed.observedLargestContentfulPaint ?? 0)} ms)`,
    );
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
    ]) {
      if (audits[id]) console.log(`  ${audits[id].title}: ${audits[id].displayValue}`);
    }
  } finally {
    chrome.kill();
  }
} finally {
  process.kill(-stack.pid, 'SIGTERM');
  await new Promise((r) => stack.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });
}
