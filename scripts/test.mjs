// `npm test`: every check and suite in order, one closing summary line, non-zero on failure.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const results = '.test-results.json';
const steps = [
  ['lint and format (biome)', 'npx', ['biome', 'check', '--error-on-warnings', '.']],
  ['typecheck (tsc)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['import boundaries', 'node', ['scripts/import-zones.mjs']],
  ['Lambda bundle sizes (esbuild)', 'node', ['scripts/bundle-check.mjs']],
  ['build the SPA (vite)', 'npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']],
  ['prerender the landing, login and sign-up pages', 'node', ['scripts/prerender.mjs']],
  ['JavaScript budgets of the prerendered pages', 'node', ['scripts/web-budget.mjs']],
  [
    'unit, integration and end-to-end suites (vitest)',
    'npx',
    [
      'vitest',
      'run',
      '--allowOnly=false',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${results}`,
    ],
  ],
];

rmSync(results, { force: true });
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
if (existsSync(results)) {
  const report = JSON.parse(readFileSync(results, 'utf8'));
  passed = report.numPassedTests;
  failed = report.numFailedTests;
  skipped = report.numPendingTests + report.numTodoTests;
  rmSync(results, { force: true });
}
if (!failedStep && skipped > 0) failedStep = `${skipped} skipped or todo test(s): none are allowed`;
if (!failedStep && passed === 0) failedStep = 'no test ran';

console.log(failedStep ? `\n✗ failed: ${failedStep}` : '\n✓ all checks passed');
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
