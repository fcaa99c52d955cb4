// `npm test`: every check and suite in order, one closing summary line, non-zero on failure.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const steps = [
  ['lint and format (biome)', 'npx', ['biome', 'check', '--error-on-warnings', '.']],
  ['typecheck (tsc)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['import boundaries', 'node', ['scripts/import-zones.mjs']],
  ['Lambda bundle sizes (esbuild)', 'node', ['scripts/bundle-check.mjs']],
  ['build the SPA (vite)', 'npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']],
  ['prerender the landing, login and sign-up pages', 'node', ['scripts/prerender.mjs']],
  ['JavaScript budgets of the prerendered pages', 'node', ['scripts/web-budget.mjs']],
];

/**
 * The suites, as two vitest runs at once, each with its own local stack: the end-to-end files
 * run one at a time (one browser), which leaves the machine's other core idle for most of
 * their run; vitest runs projects of different file parallelism one after the other, so the
 * unit and integration suites run in a second process beside them instead of after them.
 * The end-to-end run prints as it goes; the other's output follows it, whole.
 */
const suites = [
  {
    name: 'end-to-end suite (vitest, e2e)',
    projects: ['e2e'],
    results: '.test-results-e2e.json',
    live: true,
  },
  {
    name: 'unit and integration suites (vitest)',
    projects: ['unit', 'integration'],
    results: '.test-results-rest.json',
    live: false,
  },
];

function runSuite({ projects, results, live }) {
  rmSync(results, { force: true });
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--allowOnly=false',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${results}`,
  ];
  return new Promise((resolve) => {
    const child = spawn('npx', args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => resolve({ code, output: Buffer.concat(output).toString('utf8') }));
  });
}

let failedStep = null;
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const run = spawnSync(command, args, { stdio: 'inherit' });
  if (run.status !== 0) {
    failedStep = name;
    break;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
if (!failedStep) {
  console.log(`\n▶ ${suites.map((suite) => suite.name).join(', beside the ')}`);
  const outcomes = await Promise.all(suites.map(runSuite));
  suites.forEach((suite, index) => {
    const { code, output } = outcomes[index];
    if (!suite.live) console.log(`\n▶ ${suite.name}: its output\n${output}`);
    if (code !== 0 && !failedStep) failedStep = suite.name;
    if (existsSync(suite.results)) {
      const report = JSON.parse(readFileSync(suite.results, 'utf8'));
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      skipped += report.numPendingTests + report.numTodoTests;
      rmSync(suite.results, { force: true });
    } else if (!failedStep) failedStep = `${suite.name}: no results`;
  });
}
if (!failedStep && skipped > 0) failedStep = `${skipped} skipped or todo test(s): none are allowed`;
if (!failedStep && passed === 0) failedStep = 'no test ran';

console.log(failedStep ? `\n✗ failed: ${failedStep}` : '\n✓ all checks passed');
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
