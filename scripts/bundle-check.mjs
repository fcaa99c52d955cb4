// Builds every Lambda (route handlers and Cognito triggers) the way the CDK stacks do and
// prints its size; fails when a bundle passes the 300 KB budget (minified).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

// Keep `import * as z from 'zod'` (not `import { z }`): the named `z` object drags every zod
// message locale into the bundle (about 350 KB more); the namespace import tree-shakes.
const LIMIT = 300 * 1024;
const entries = ['handlers', 'triggers', 'jobs'].flatMap((dir) =>
  readdirSync(join('functions/src', dir))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => join('functions/src', dir, f)),
);

const results = await Promise.all(
  entries.map(async (entry) => {
    const out = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      minify: true,
      mainFields: ['module', 'main'],
      // As NodejsFunction does for Node 18+ runtimes: the Lambda runtime provides the AWS SDK v3.
      external: ['@aws-sdk/*'],
      banner: {
        js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
      },
      logLevel: 'error',
    });
    return { entry, bytes: out.outputFiles[0].contents.length };
  }),
);

let over = 0;
for (const { entry, bytes } of results.sort((a, b) => b.bytes - a.bytes)) {
  const flag = bytes > LIMIT ? '  OVER BUDGET' : '';
  if (bytes > LIMIT) over++;
  console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${entry}${flag}`);
}
console.log(
  `${results.length} bundles, largest ${(Math.max(...results.map((r) => r.bytes)) / 1024).toFixed(1)} KB (budget 300 KB)`,
);
process.exit(over ? 1 : 0);
