import { spawnSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LAMBDA_RUNTIME } from '../infra/stacks/lambda';

// Everything here runs on the Lambdas' major too: the `node` devDependency puts it first on the
// PATH of every npm script, whatever Node the machine itself has.
const LAMBDA_NODE_MAJOR = Number(/^nodejs(\d+)\.x$/.exec(LAMBDA_RUNTIME.name)?.[1]);

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  engines: { node: string };
  devDependencies: { node: string };
};
const majorOf = (version: string) => Number(/\d+/.exec(version)?.[0]);

/** The Node executable a command started by name runs on, as it reports itself. */
function execPathOf(command: string, args: string[]) {
  const run = spawnSync(command, args, { encoding: 'utf8' });
  expect(run.status, `${command}: ${run.error?.message ?? run.stderr}`).toBe(0);
  return realpathSync(run.stdout.trim());
}

describe('the Node the project runs on', () => {
  it('is the Lambdas’ major, as package.json installs and requires it', () => {
    expect(majorOf(process.versions.node)).toBe(LAMBDA_NODE_MAJOR);
    expect(majorOf(pkg.devDependencies.node)).toBe(LAMBDA_NODE_MAJOR);
    expect(pkg.engines.node).toBe(`>=${LAMBDA_NODE_MAJOR} <${LAMBDA_NODE_MAJOR + 1}`);
  });

  it('is the one `node` and every bin’s `#!/usr/bin/env node` find on the PATH', () => {
    const self = realpathSync(process.execPath);
    // scripts/test.mjs, cfn-lint.mjs and bench-web.mjs start `node` by name.
    expect(execPathOf('node', ['-p', 'process.execPath'])).toBe(self);
    // `npm start` is `tsx infra/local/start.ts`; the stack starts its emulators on process.execPath.
    expect(execPathOf('tsx', ['-e', 'console.log(process.execPath)'])).toBe(self);
  });
});
