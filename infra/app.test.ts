import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CURRENTLY_RECOMMENDED_FLAGS } from 'aws-cdk-lib/cx-api';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const cdkContext = (JSON.parse(readFileSync(join(ROOT, 'cdk.json'), 'utf8')) as { context: object }).context;

/** Runs the CDK entry as `cdk synth` does (context and output dir through the environment). */
function synth(stage: string, environment: Record<string, string>) {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-app-'));
  const run = spawnSync('npx', ['tsx', 'infra/app.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      AWS_REGION: '',
      AWS_DEFAULT_REGION: '',
      CDK_OUTDIR: outdir,
      // Bundling is skipped: the bundle check builds every Lambda.
      CDK_CONTEXT_JSON: JSON.stringify({ ...cdkContext, stage, 'aws:cdk:bundling-stacks': [] }),
      ...environment,
    },
  });
  return { run, outdir };
}

describe('the CDK app (infra/app.ts)', { timeout: 120_000 }, () => {
  it("targets eu-central-1 even when the CLI's default region is us-east-1 (the edge stacks aside)", () => {
    const { run, outdir } = synth('dev', {
      CDK_DEFAULT_REGION: 'us-east-1',
      CDK_DEFAULT_ACCOUNT: '123456789012',
    });
    expect(run.status, run.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(outdir, 'manifest.json'), 'utf8')) as {
      artifacts: Record<string, { type: string; environment?: string }>;
    };
    const stacks = Object.entries(manifest.artifacts).filter(
      ([, a]) => a.type === 'aws:cloudformation:stack',
    );
    expect(Object.fromEntries(stacks.map(([name, a]) => [name, a.environment]))).toEqual({
      'Relocation-dev-Data': 'aws://123456789012/eu-central-1',
      'Relocation-dev-Auth': 'aws://123456789012/eu-central-1',
      'Relocation-dev-Api': 'aws://123456789012/eu-central-1',
      'Relocation-dev-AdminApi': 'aws://123456789012/eu-central-1',
      'Relocation-dev-CompanyApi': 'aws://123456789012/eu-central-1',
      'Relocation-dev-Monitoring': 'aws://123456789012/eu-central-1',
      'Relocation-dev-Edge': 'aws://123456789012/us-east-1',
      'Relocation-dev-Web': 'aws://123456789012/eu-central-1',
      'Relocation-dev-EdgeMonitoring': 'aws://123456789012/us-east-1',
    });
  });

  it('fails when the deployer chose another region, and for prod with example settings', () => {
    const wrongRegion = synth('dev', { AWS_REGION: 'us-east-1' }).run;
    expect(wrongRegion.status).not.toBe(0);
    expect(wrongRegion.stderr).toContain('AWS_REGION is us-east-1, but stage dev lives in eu-central-1');
    const prod = synth('prod', {}).run;
    expect(prod.status).not.toBe(0);
    expect(prod.stderr).toContain('Stage prod cannot be synthesized');
    expect(prod.stderr).toContain('mailVerified is false');
  });
});

describe('cdk.json', () => {
  it('sets every feature flag this CDK version recommends, at the recommended value', () => {
    expect(cdkContext).toEqual(expect.objectContaining(CURRENTLY_RECOMMENDED_FLAGS));
  });
});
