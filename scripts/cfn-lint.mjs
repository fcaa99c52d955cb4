// `npm run cfn-lint [-- --no-synth]`: synthesizes every stage into cdk.out/<stage> (scripts/cdk.mjs:
// builds web/dist first if there is none; through infra/lint-app.ts, which builds a stage still
// holding launch placeholders, prod until its domain is set, from its launch rehearsal) and runs cfn-lint over each stage's templates, each for
// the region its stack deploys to (from the cloud assembly's manifest: the edge stack lives in
// us-east-1). `--no-synth` lints what is already in cdk.out/<stage> (CI synthesizes it with cdk-nag
// just before). Fails when cfn-lint is missing, when a stage does not synthesize, and on any cfn-lint
// error or warning; a rule we accept is ignored in .cfnlintrc, with its reason.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const STAGES = ['dev', 'staging', 'prod'];
/** Where a stack without an explicit region deploys (infra/config/stages.ts, HOME_REGION). */
const DEFAULT_REGION = 'eu-central-1';
const synthesize = !process.argv.includes('--no-synth');

const fail = (message) => {
  console.error(`\n✗ cfn-lint: ${message}`);
  process.exit(1);
};

const version = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
if (version.error || version.status !== 0) {
  fail(
    'the cfn-lint command is not on PATH (or does not start). Install it, e.g. `pip install cfn-lint==1.51.0` ' +
      '(the version CI uses), and run again.',
  );
}
console.log(version.stdout.trim());

/** The stacks of a synthesized stage, as { template, region }. */
function stacksOf(out) {
  const manifest = join(out, 'manifest.json');
  if (!existsSync(manifest)) return [];
  const { artifacts = {} } = JSON.parse(readFileSync(manifest, 'utf8'));
  return Object.values(artifacts)
    .filter((artifact) => artifact.type === 'aws:cloudformation:stack')
    .map((artifact) => {
      const region = /^aws:\/\/[^/]+\/(.+)$/.exec(artifact.environment ?? '')?.[1];
      const template = join(out, artifact.properties.templateFile);
      return {
        template,
        region: region && region !== 'unknown-region' ? region : DEFAULT_REGION,
        resources: Object.keys(JSON.parse(readFileSync(template, 'utf8')).Resources ?? {}).length,
      };
    })
    .sort((a, b) => a.template.localeCompare(b.template));
}

// cfn-lint's exit code is a bit field: 2 errors, 4 warnings, 8 informational; 1 means it failed itself.
const ERRORS = 2;
const WARNINGS = 4;
const INFORMATIONAL = 8;
const failures = [];
for (const stage of STAGES) {
  const out = join('cdk.out', stage);
  if (synthesize) {
    console.log(`\n▶ synthesize ${stage} into ${out}`);
    rmSync(out, { recursive: true, force: true });
    const synth = spawnSync(
      'node',
      ['scripts/cdk.mjs', 'synth', '--stage', stage, '-o', out, '--app', 'npx tsx infra/lint-app.ts'],
      {
        stdio: 'inherit',
      },
    );
    if (synth.status !== 0) {
      failures.push(`${stage} does not synthesize (see above)`);
      continue;
    }
  }
  const stacks = stacksOf(out);
  if (stacks.length === 0) {
    failures.push(
      `${stage}: no stacks in ${out}${synthesize ? '' : ': synthesize the stage there first, or drop --no-synth'}`,
    );
    continue;
  }
  for (const region of [...new Set(stacks.map((stack) => stack.region))]) {
    const inRegion = stacks.filter((stack) => stack.region === region);
    const templates = inRegion.map((stack) => stack.template);
    console.log(`\n▶ cfn-lint ${stage} (${region}), resources per stack (CloudFormation takes 500):`);
    for (const stack of inRegion)
      console.log(`  ${stack.template.slice(out.length + 1)}: ${stack.resources}`);
    const lint = spawnSync('cfn-lint', ['--regions', region, '--', ...templates], { stdio: 'inherit' });
    const status = lint.status ?? 1;
    if (lint.error || status & 1) {
      failures.push(`${stage} (${region}): cfn-lint did not run to the end (exit code ${status})`);
    } else if (status & (ERRORS | WARNINGS)) {
      const found = [status & ERRORS ? 'errors' : '', status & WARNINGS ? 'warnings' : ''].filter(Boolean);
      failures.push(`${stage} (${region}): ${found.join(' and ')} (see above)`);
    } else {
      console.log(
        `  no errors, no warnings${status & INFORMATIONAL ? ' (informational findings above)' : ''}`,
      );
    }
  }
}

if (failures.length > 0) fail(failures.join('; '));
console.log(`\n✓ cfn-lint: ${STAGES.join(', ')} pass`);
