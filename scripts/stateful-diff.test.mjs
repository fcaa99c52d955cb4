// The pipeline's diff gate (scripts/stateful-diff.mjs) decides on `cdk diff` outputs kept as
// fixtures: what the CLI prints for a change that keeps, replaces or removes each stateful resource.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { statefulChanges, verdict } from './stateful-diff.mjs';

const fixture = (name) => new URL(`./fixtures/cdk-diff/${name}`, import.meta.url);
const read = (name) => readFileSync(fixture(name), 'utf8');
const gate = (name) =>
  spawnSync(process.execPath, ['scripts/stateful-diff.mjs', '--diff', fixture(name).pathname], {
    encoding: 'utf8',
    env: { ...process.env, GITHUB_STEP_SUMMARY: '' },
  });

describe('the stateful diff gate', () => {
  it('lets through changes inside the stateful resources, and replacements of buckets that hold no data', () => {
    // The table's recovery period and the documents bucket's versioning change in place; the
    // access-log and site buckets are replaced; a policy is removed, an alarm added.
    expect(statefulChanges(read('safe.txt'))).toEqual([]);
    const run = gate('safe.txt');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('No stateful resource');
  });

  it('refuses a replacement of the table', () => {
    expect(statefulChanges(read('table-replaced.txt'))).toEqual([
      {
        stack: 'Relocation-prod-Data',
        type: 'AWS::DynamoDB::GlobalTable',
        logicalId: 'TableCD117FA1',
        impact: 'replace',
        what: 'the table',
      },
    ]);
    const run = gate('table-replaced.txt');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('the table: Relocation-prod-Data TableCD117FA1');
  });

  it('refuses removing the user pool (even when retained) or the documents bucket, and a possible replacement of the key, in colour too', () => {
    expect(statefulChanges(read('removed-colored.txt'))).toEqual([
      expect.objectContaining({ stack: 'Relocation-staging-Auth', what: 'the user pool', impact: 'orphan' }),
      expect.objectContaining({
        stack: 'Relocation-staging-Data',
        what: 'the documents bucket',
        logicalId: 'Documents9F2A3B4C',
        impact: 'destroy',
      }),
      expect.objectContaining({ what: 'the documents key', impact: 'may be replaced' }),
    ]);
    expect(gate('removed-colored.txt').status).toBe(1);
  });

  it('says what it refuses and why, one line per resource', () => {
    const message = verdict(statefulChanges(read('removed-colored.txt')));
    expect(message.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(3);
    expect(message).toContain('not through the pipeline');
  });
});
