// Builds every Lambda (route handlers and Cognito triggers) the way the CDK stacks do and
// checks two budgets: its size (300 KB minified) and its cold-start module load, measured as
// a ratio to a bare bundle that loads only the DynamoDB client (at most MAX_LOAD_RATIO). A ratio, not
// milliseconds: the same machine loads both in the same run, so its speed and load cancel out.
//
// The bundle is all a function loads at cold start, the AWS SDK included (nothing is external:
// infra/stacks/bundling.mjs, the settings the CDK stacks build with): our functions have no Lambda layers (infra/stacks/stacks.test.ts holds that). A
// layer's code (an OpenTelemetry distro, Powertools) loads as surely as the bundle's, so moving
// a dependency into one and marking it external would only hide it from these budgets; a
// function given a layer must have the layer's code counted here too. Tracing, once the largest
// part of every bundle, is written out in functions/src/lib/tracing.ts for that reason.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { build } from 'esbuild';
import { LAMBDA_BUNDLE } from '../infra/stacks/bundling.mjs';

// Keep `import * as z from 'zod'` (not `import { z }`): the named `z` object drags every zod
// message locale into the bundle (about 350 KB more); the namespace import tree-shakes.
// 1200 KB since the AWS SDK is bundled (it was external, the runtime's own): measured with
// `node scripts/bundle-check.mjs`, the largest bundle went from 268 KB to 1084 KB (an admin route with
// the DynamoDB, S3, Cognito, SES and SSM clients; each client carries its whole schema module,
// client-ssm 170 KB for GetParameter alone), the smallest from 49 KB to 452 KB. The budget keeps
// about the same headroom as before (10%). Its module load is still held to MAX_LOAD_RATIO.
const LIMIT = 1200 * 1024;
// 3x since the AWS SDK is bundled (was 2x): the baseline is now a bundled DynamoDB client too, and
// it fell from 428 ms to 90 ms (loaded from one file instead of hundreds in node_modules) while the
// bundles' own load fell 2-3x (get-journey 660 -> 294 ms, admin-download-document 705 -> 213 ms);
// the ratios rose to at most 2.73x. Measured with `node scripts/bundle-check.mjs` on the same machine.
const MAX_LOAD_RATIO = 3;
/** Required inside a try/catch by the SDK's signer, for SigV4a only (we use none): not bundled anywhere. */
const OPTIONAL_SDK_MODULES = ['@aws-sdk/signature-v4-crt', '@aws-sdk/signature-v4a'];
/** Fresh processes per bundle; the median of them is its load time. */
const RUNS = Number(process.env.BUNDLE_LOAD_RUNS ?? 5);

const entries = ['handlers', 'triggers', 'jobs'].flatMap((dir) =>
  readdirSync(join('functions/src', dir))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => join('functions/src', dir, f)),
);

// Inside the repo, so that a bundle which still imported a package would load at all here (and be
// refused below: on Lambda only the runtime's own SDK would answer that import).
const outDir = resolve('node_modules/.cache/bundle-check');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

/** The baseline: what any handler that reads the table must load at the least. */
const BARE = join(outDir, 'bare-dynamodb.entry.mjs');
writeFileSync(
  BARE,
  `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
export const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
`,
);

const bundle = async (entry) => {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'node',
    format: LAMBDA_BUNDLE.format,
    target: LAMBDA_BUNDLE.target,
    minify: LAMBDA_BUNDLE.minify,
    mainFields: LAMBDA_BUNDLE.mainFields,
    external: LAMBDA_BUNDLE.external,
    banner: { js: LAMBDA_BUNDLE.banner },
    logLevel: 'error',
    metafile: true,
  });
  const file = join(outDir, `${basename(entry).replace(/\.(entry\.mjs|ts)$/, '')}.mjs`);
  writeFileSync(file, out.outputFiles[0].contents);
  // What the bundle still imports at run time (esbuild's metafile): Node's own modules only, and
  // the SDK's optional signers it tries in a try/catch (SigV4a: multi-region access points only).
  const packages = Object.values(out.metafile.outputs)
    .flatMap((output) => output.imports)
    .filter((i) => i.external && !i.path.startsWith('node:') && !builtinModules.includes(i.path))
    .map((i) => i.path)
    .filter((path) => !OPTIONAL_SDK_MODULES.includes(path));
  return { entry, file, bytes: out.outputFiles[0].contents.length, packages: [...new Set(packages)] };
};

const results = await Promise.all(entries.map(bundle));
const bare = await bundle(BARE);

/** Milliseconds a fresh Node process takes to import the file (what a cold start pays). */
function loadMs(file) {
  const probe = `const t = performance.now(); await import(${JSON.stringify(`file://${file}`)}); console.log(performance.now() - t);`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
    encoding: 'utf8',
    env: { ...process.env, AWS_REGION: 'eu-central-1', TABLE_NAME: 'bundle-check' },
  });
  if (run.status !== 0) throw new Error(`importing ${file} failed:\n${run.stderr}`);
  return Number(run.stdout.trim());
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// Round-robin, baseline included in every round, so a busy moment of the machine weighs on
// all bundles alike instead of on whichever happened to be measured then.
const samples = new Map([bare, ...results].map((r) => [r.file, []]));
for (let round = 0; round < RUNS; round++) {
  for (const { file } of [bare, ...results]) samples.get(file).push(loadMs(file));
}
const bareMs = median(samples.get(bare.file));
const ratios = new Map(results.map((r) => [r.file, median(samples.get(r.file)) / bareMs]));

// A bundle over the ratio is measured again, in pairs with the baseline, before it counts as
// over: a busy moment of a busy machine (another suite, a browser) can slow a few rounds, and
// only a bundle that stays over in the longer sample, against the baseline measured beside it,
// is really slower to load.
for (const r of results) {
  if (ratios.get(r.file) <= MAX_LOAD_RATIO) continue;
  const pairedBare = [...samples.get(bare.file)];
  for (let round = 0; round < 2 * RUNS; round++) {
    pairedBare.push(loadMs(bare.file));
    samples.get(r.file).push(loadMs(r.file));
  }
  ratios.set(r.file, median(samples.get(r.file)) / median(pairedBare));
}

let over = 0;
for (const r of results.sort((a, b) => b.bytes - a.bytes)) {
  const ms = median(samples.get(r.file));
  const ratio = ratios.get(r.file);
  const flags = [
    r.bytes > LIMIT ? 'OVER SIZE BUDGET' : '',
    r.packages.length ? `IMPORTS ${r.packages.join(', ')} (not bundled)` : '',
    ratio > MAX_LOAD_RATIO ? `LOADS OVER ${MAX_LOAD_RATIO}x` : '',
  ].filter(Boolean);
  if (flags.length) over++;
  console.log(
    `${(r.bytes / 1024).toFixed(1).padStart(7)} KB  ${ms.toFixed(0).padStart(4)} ms  ${ratio.toFixed(2)}x  ${r.entry}${flags.length ? `  ${flags.join(', ')}` : ''}`,
  );
}
console.log(
  `${results.length} bundles, largest ${(Math.max(...results.map((r) => r.bytes)) / 1024).toFixed(1)} KB (budget ${LIMIT / 1024} KB); module load median of ${RUNS} fresh processes, as a ratio to a bare DynamoDB client bundle (${bareMs.toFixed(0)} ms here; budget ${MAX_LOAD_RATIO}x)`,
);
rmSync(outDir, { recursive: true, force: true });
process.exit(over ? 1 : 0);
