// The deploy workflow (.github/workflows/deploy.yml), checked offline: GitHub's workflow schema
// (@action-validator/core, which also resolves every `needs`), then what the operations team relies
// on. Which deploy jobs run for which trigger is not read off the text: the jobs' `if:` expressions
// are evaluated (a small evaluator for the subset the workflow uses) over every trigger.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const source = readFileSync(new URL('../.github/workflows/deploy.yml', import.meta.url), 'utf8');
const workflow = parse(source);
const STAGES = ['dev', 'staging', 'prod'];
/** A workflow expression as written in the YAML: `${{ inner }}`. */
const expression = (inner) => `\${{ ${inner} }}`;

const needsOf = (job) => [job.needs ?? []].flat();
const runs = (job) => (job.steps ?? []).map((step) => step.run ?? '');
const stepUsing = (job, action) => (job.steps ?? []).find((step) => step.uses?.startsWith(`${action}@`));
const indexOfRun = (job, command) => runs(job).findIndex((run) => run.includes(command));
const environmentName = (job) =>
  typeof job.environment === 'string' ? job.environment : job.environment?.name;

/** The jobs that deploy, by stage (the stage their `npm run deploy` names). */
function deployJobs(jobs) {
  const found = {};
  for (const [id, job] of Object.entries(jobs)) {
    for (const run of runs(job)) {
      const stage = /npm run deploy -- --stage (\S+)/.exec(run)?.[1];
      if (stage) found[stage] = id;
    }
  }
  return found;
}

/** Every job `id` waits for, directly or not. */
function ancestors(jobs, id, seen = new Set()) {
  for (const need of needsOf(jobs[id] ?? {})) {
    if (!seen.has(need)) {
      seen.add(need);
      ancestors(jobs, need, seen);
    }
  }
  return seen;
}

// --- GitHub expressions: the subset used in `if:` (literals, context paths, ! == != && ||, calls) ---

function tokenize(text) {
  const tokens = [];
  const pattern = /\s*(?:('(?:[^']|'')*')|(&&|\|\||==|!=|[!(),])|([A-Za-z_][\w.-]*))/y;
  let at = 0;
  while (at < text.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) {
      if (/^\s*$/.test(text.slice(at))) break;
      throw new Error(`cannot read the expression at "${text.slice(at)}"`);
    }
    at = pattern.lastIndex;
    if (match[1]) tokens.push({ value: match[1].slice(1, -1).replaceAll("''", "'") });
    else if (match[2]) tokens.push({ op: match[2] });
    else tokens.push({ name: match[3] });
  }
  return tokens;
}

const loose = (value) => (typeof value === 'string' ? value.toLowerCase() : (value ?? null));

/** Evaluates one expression; `functions` supplies the status functions of the job. */
function evaluate(text, context, functions) {
  const tokens = tokenize(text.replace(/^\s*\$\{\{([\s\S]*)\}\}\s*$/, '$1'));
  let at = 0;
  const peek = (op) => tokens[at]?.op === op;
  const take = (op) => {
    if (!peek(op)) throw new Error(`expected ${op} in "${text}"`);
    at++;
  };
  const or = () => {
    let value = and();
    while (peek('||')) {
      at++;
      const right = and();
      value = value || right;
    }
    return value;
  };
  const and = () => {
    let value = equality();
    while (peek('&&')) {
      at++;
      const right = equality();
      value = value && right;
    }
    return value;
  };
  const equality = () => {
    let value = unary();
    while (peek('==') || peek('!=')) {
      const negate = tokens[at++].op === '!=';
      const same = loose(value) === loose(unary());
      value = negate ? !same : same;
    }
    return value;
  };
  const unary = () => {
    if (peek('!')) {
      at++;
      return !unary();
    }
    return primary();
  };
  const primary = () => {
    const token = tokens[at++];
    if (!token) throw new Error(`unexpected end of "${text}"`);
    if (token.op === '(') {
      const value = or();
      take(')');
      return value;
    }
    if ('value' in token) return token.value;
    if (!token.name) throw new Error(`unexpected ${token.op} in "${text}"`);
    if (peek('(')) {
      at++;
      const args = [];
      while (!peek(')')) {
        args.push(or());
        if (peek(',')) at++;
      }
      take(')');
      const call = functions[token.name];
      if (!call) throw new Error(`unknown function ${token.name} in "${text}"`);
      return call(...args);
    }
    if (token.name === 'true' || token.name === 'false') return token.name === 'true';
    if (token.name === 'null') return null;
    return token.name.split('.').reduce((object, key) => object?.[key] ?? null, context);
  };
  const value = or();
  if (at !== tokens.length) throw new Error(`unexpected ${JSON.stringify(tokens[at])} in "${text}"`);
  return value;
}

/**
 * The result of every job for one trigger, as GitHub decides it: a job's `if:` (with an implicit
 * `success()` unless it calls a status function) sees its needs' results; jobs named in `fail`
 * fail when they run, every other job that runs succeeds.
 */
function simulate(jobs, { event, ref, stage, fail = [] }) {
  const results = {};
  const pending = Object.keys(jobs);
  while (pending.length > 0) {
    const index = pending.findIndex((id) => needsOf(jobs[id]).every((need) => need in results));
    if (index < 0) throw new Error(`the needs of ${pending.join(', ')} never resolve`);
    const [id] = pending.splice(index, 1);
    const job = jobs[id];
    const needs = Object.fromEntries(needsOf(job).map((need) => [need, { result: results[need] }]));
    const outcomes = Object.values(needs).map((need) => need.result);
    const condition = String(job.if ?? 'success()');
    const withStatus = /\b(success|failure|always|cancelled)\s*\(/.test(condition)
      ? condition
      : `success() && (${condition.replace(/^\s*\$\{\{([\s\S]*)\}\}\s*$/, '$1')})`;
    const context = {
      github: { event_name: event, ref },
      inputs: event === 'workflow_dispatch' ? { stage } : {},
      needs,
    };
    const runsNow = evaluate(withStatus, context, {
      success: () => outcomes.every((result) => result === 'success'),
      failure: () => outcomes.some((result) => result === 'failure'),
      always: () => true,
      cancelled: () => false,
      startsWith: (text, prefix) => loose(String(text ?? '')).startsWith(loose(String(prefix ?? ''))),
      contains: (text, part) => loose(String(text ?? '')).includes(loose(String(part ?? ''))),
    });
    results[id] = !runsNow ? 'skipped' : fail.includes(id) ? 'failure' : 'success';
  }
  return results;
}

/** The stages deployed for one trigger. */
function deployed(jobs, trigger) {
  const results = simulate(jobs, trigger);
  return Object.entries(deployJobs(jobs))
    .filter(([, id]) => results[id] === 'success')
    .map(([stage]) => stage)
    .sort((a, b) => STAGES.indexOf(a) - STAGES.indexOf(b));
}

const MAIN = 'refs/heads/main';
const TAG = 'refs/tags/v1.4.0';
const push = (ref, extra = {}) => ({ event: 'push', ref, ...extra });
const dispatch = (stage, ref, extra = {}) => ({ event: 'workflow_dispatch', stage, ref, ...extra });

describe('the deploy workflow', () => {
  it("is valid against GitHub's workflow schema", () => {
    expect(validateWorkflow(source).errors).toEqual([]);
  });

  it('is refused by the validator when a job has an unknown key (the check can fail)', () => {
    // JSON is YAML: the same workflow written out again validates, one unknown key does not.
    expect(validateWorkflow(JSON.stringify(workflow)).errors).toEqual([]);
    const broken = {
      ...workflow,
      jobs: { ...workflow.jobs, test: { ...workflow.jobs.test, 'run-on': 'x' } },
    };
    const errors = validateWorkflow(JSON.stringify(broken)).errors;
    expect(errors.length).toBeGreaterThan(0);
    expect(JSON.stringify(errors)).toContain("Additional property 'run-on' is not allowed");
  });

  it('runs on pushes to main, on v* tags and by hand with a stage to choose', () => {
    expect(workflow.on.push).toEqual({ branches: ['main'], tags: ['v*'] });
    const stage = workflow.on.workflow_dispatch.inputs.stage;
    expect(stage.type).toBe('choice');
    expect(stage.options).toEqual(STAGES);
  });

  it('has one deploy job per stage, each behind its GitHub environment and its own concurrency group', () => {
    const jobs = deployJobs(workflow.jobs);
    expect(Object.keys(jobs).sort()).toEqual([...STAGES].sort());
    for (const [stage, id] of Object.entries(jobs)) {
      const job = workflow.jobs[id];
      expect(environmentName(job), id).toBe(stage);
      expect(job.concurrency, id).toEqual({ group: `deploy-${stage}`, 'cancel-in-progress': false });
    }
    // The manual approval: the prod environment's required reviewers.
    expect(environmentName(workflow.jobs[jobs.prod])).toBe('prod');
  });

  it('reaches AWS through OIDC only, with the role of the stage environment, and stores no AWS keys', () => {
    expect(source).not.toMatch(/aws-access-key-id|aws-secret-access-key|aws-session-token|secrets\.AWS_/i);
    expect(source).not.toMatch(/AWS_ACCESS_KEY_ID|AWS_SECRET_ACCESS_KEY/);
    expect(workflow.permissions).toEqual({ contents: 'read' });
    for (const [stage, id] of Object.entries(deployJobs(workflow.jobs))) {
      const job = workflow.jobs[id];
      expect(job.permissions, id).toEqual({ 'id-token': 'write', contents: 'read' });
      const credentials = stepUsing(job, 'aws-actions/configure-aws-credentials');
      expect(credentials, id).toBeDefined();
      expect(credentials.with['role-to-assume']).toBe(expression('vars.AWS_DEPLOY_ROLE_ARN'));
      expect(credentials.with['aws-region']).toBe('eu-central-1');
      const deployAt = indexOfRun(job, `npm run deploy -- --stage ${stage} `);
      expect(deployAt, id).toBeGreaterThan(job.steps.indexOf(credentials));
    }
    // Prod's diff before the approval reads prod with a role of its own environment (no reviewers).
    const diff = workflow.jobs['diff-prod'];
    expect(environmentName(diff)).toBe('prod-diff');
    expect(diff.permissions).toEqual({ 'id-token': 'write', contents: 'read' });
    expect(stepUsing(diff, 'aws-actions/configure-aws-credentials').with['role-to-assume']).toBe(
      expression('vars.AWS_DIFF_ROLE_ARN'),
    );
    expect(runs(diff).join('\n')).not.toMatch(/npm run deploy|cdk deploy/);
    // No other job can ask for an OIDC token.
    for (const [id, job] of Object.entries(workflow.jobs)) {
      if (![...Object.values(deployJobs(workflow.jobs)), 'diff-prod'].includes(id))
        expect(job.permissions, id).toBeUndefined();
    }
  });

  it('smoke-tests the stage origin of the environment after each deploy', () => {
    for (const [stage, id] of Object.entries(deployJobs(workflow.jobs))) {
      const job = workflow.jobs[id];
      expect(job.env?.APP_ORIGIN, id).toBe(expression('vars.APP_ORIGIN'));
      const smokeAt = indexOfRun(job, 'npm run smoke -- --url "$APP_ORIGIN"');
      expect(smokeAt, id).toBeGreaterThan(indexOfRun(job, `npm run deploy -- --stage ${stage}`));
    }
  });

  it('runs npm test (Node 24, Java 17, Chromium) before any deploy', () => {
    const test = workflow.jobs.test;
    expect(test['runs-on']).toBe('ubuntu-latest');
    expect(stepUsing(test, 'actions/setup-node').with).toEqual({ 'node-version': 24, cache: 'npm' });
    expect(stepUsing(test, 'actions/setup-java').with).toEqual({
      distribution: 'temurin',
      'java-version': 17,
    });
    expect(indexOfRun(test, 'apt-get install -y chromium')).toBeGreaterThanOrEqual(0);
    expect(runs(test)).toContain('npm install --no-audit --no-fund');
    expect(runs(test)).toContain('npm test');
    for (const job of Object.values(workflow.jobs)) expect(runs(job).join('\n')).not.toMatch(/\bnpm ci\b/);
    for (const id of Object.values(deployJobs(workflow.jobs))) {
      expect([...ancestors(workflow.jobs, id)], id).toContain('test');
    }
  });

  it('synthesizes every stage with cdk-nag and lints the templates before any deploy', () => {
    const synth = workflow.jobs.synth;
    expect(needsOf(synth)).toContain('test');
    expect(indexOfRun(synth, 'pip install cfn-lint')).toBeGreaterThan(-1);
    expect(indexOfRun(synth, 'npm run cfn-lint')).toBeGreaterThan(-1);
    for (const id of Object.values(deployJobs(workflow.jobs))) {
      expect([...ancestors(workflow.jobs, id)], id).toContain('synth');
    }
  });

  it('deploys the cloud assembly that passed cdk-nag, handed over as an artifact, never a second synthesis', () => {
    for (const [stage, id] of Object.entries(deployJobs(workflow.jobs))) {
      const job = workflow.jobs[id];
      const assembly = `cdk.out/${stage}`;
      // The job that synthesized it under cdk-nag into cdk.out/<stage> and uploaded exactly that.
      const producers = [...ancestors(workflow.jobs, id)].filter((ancestor) =>
        (workflow.jobs[ancestor].steps ?? []).some(
          (step) =>
            step.uses?.startsWith('actions/upload-artifact@') && step.with.name === `cdk-out-${stage}`,
        ),
      );
      expect(producers, id).toHaveLength(1);
      const producer = workflow.jobs[producers[0]];
      const upload = producer.steps.find((step) => step.with?.name === `cdk-out-${stage}`);
      expect(upload.with.path.replace(/\/$/, ''), id).toBe(assembly);
      const nagAt = indexOfRun(producer, `npm run nag -- --stage ${stage} -o ${assembly}`);
      expect(nagAt, id).toBeGreaterThan(-1);
      expect(nagAt, id).toBeLessThan(producer.steps.indexOf(upload));
      // The deploy job downloads it where it deploys it from, and builds nothing itself.
      const download = stepUsing(job, 'actions/download-artifact');
      expect(download.with, id).toEqual({ name: `cdk-out-${stage}`, path: assembly });
      const deployAt = indexOfRun(
        job,
        `npm run deploy -- --stage ${stage} --app ${assembly} --require-approval never`,
      );
      expect(deployAt, id).toBeGreaterThan(job.steps.indexOf(download));
      expect(runs(job).join('\n'), id).not.toMatch(/npm run (synth|nag|build:web|cfn-lint)|cdk synth/);
    }
    // scripts/cdk.mjs builds the SPA before a deploy, except from an assembly.
    const cdk = readFileSync(new URL('./cdk.mjs', import.meta.url), 'utf8');
    expect(cdk).toMatch(/fromAssembly[^\n]*manifest\.json/);
    expect(cdk).toMatch(/if \(!fromAssembly && /);
  });

  it('runs the stateful diff gate against the deployed stage right before every deploy', () => {
    for (const [stage, id] of Object.entries(deployJobs(workflow.jobs))) {
      const job = workflow.jobs[id];
      const gateAt = indexOfRun(job, `node scripts/stateful-diff.mjs --app cdk.out/${stage}`);
      expect(gateAt, id).toBeGreaterThan(
        job.steps.indexOf(stepUsing(job, 'aws-actions/configure-aws-credentials')),
      );
      expect(gateAt, id).toBeLessThan(indexOfRun(job, 'npm run deploy'));
      // A step's failure ends the job: nothing lets the deploy run after a refused diff.
      for (const step of job.steps) expect(step['continue-on-error'], id).toBeUndefined();
    }
  });

  it("shows prod's diff before the approval, and deploys no prod when the diff is refused", () => {
    const jobs = workflow.jobs;
    const prod = deployJobs(jobs).prod;
    const diff = jobs['diff-prod'];
    expect(needsOf(jobs[prod])).toContain('diff-prod');
    // No reviewers wait on the diff job: it runs before the approval, in its own environment.
    expect(environmentName(diff)).not.toBe('prod');
    expect(
      indexOfRun(diff, 'node scripts/stateful-diff.mjs --app cdk.out/prod --out cdk-diff-prod.txt'),
    ).toBeGreaterThan(-1);
    const artifact = diff.steps.find((step) => step.with?.name === 'cdk-diff-prod');
    expect(artifact.uses).toMatch(/^actions\/upload-artifact@/);
    expect(artifact.with.path).toBe('cdk-diff-prod.txt');
    // The script writes the diff and its verdict into the job summary the reviewer reads.
    expect(readFileSync(new URL('./stateful-diff.mjs', import.meta.url), 'utf8')).toContain(
      'GITHUB_STEP_SUMMARY',
    );
    for (const trigger of [push(TAG), dispatch('prod', TAG)]) {
      expect(simulate(jobs, trigger)['diff-prod']).toBe('success');
      expect(deployed(jobs, { ...trigger, fail: ['diff-prod'] })).not.toContain('prod');
      expect(deployed(jobs, { ...trigger, fail: ['synth-prod'] })).not.toContain('prod');
    }
    // Staging never waits on prod's synthesis.
    expect(deployed(jobs, push(TAG, { fail: ['synth-prod'] }))).toEqual(['staging']);
    expect(simulate(jobs, push(MAIN))['diff-prod']).toBe('skipped');
  });

  it('deploys a v* tag only when it names a commit on main', () => {
    const test = workflow.jobs.test;
    expect(stepUsing(test, 'actions/checkout').with).toEqual({ 'fetch-depth': 0 });
    const check = test.steps.find((step) => step.run?.includes('git merge-base --is-ancestor'));
    expect(check).toBeDefined();
    // It runs for tags, before anything is installed or tested.
    const on = (ref) => evaluate(check.if, { github: { ref } }, { startsWith: (a, b) => a.startsWith(b) });
    expect(on(TAG)).toBe(true);
    expect(on(MAIN)).toBe(false);
    expect(test.steps.indexOf(check)).toBeLessThan(indexOfRun(test, 'npm test'));
    // The step itself, in a clone whose origin has main and a side branch.
    const dir = mkdtempSync(join(tmpdir(), 'tag-rule-'));
    const git = (cwd, ...args) => {
      const run = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
        cwd,
        encoding: 'utf8',
      });
      if (run.status !== 0) throw new Error(run.stderr);
      return run.stdout.trim();
    };
    const origin = join(dir, 'origin');
    git(dir, 'init', '-q', '-b', 'main', origin);
    git(origin, 'commit', '-q', '--allow-empty', '-m', 'one');
    const onMain = git(origin, 'rev-parse', 'HEAD');
    git(origin, 'checkout', '-q', '-b', 'side');
    git(origin, 'commit', '-q', '--allow-empty', '-m', 'side');
    const offMain = git(origin, 'rev-parse', 'HEAD');
    git(origin, 'checkout', '-q', 'main');
    git(origin, 'commit', '-q', '--allow-empty', '-m', 'two');
    git(dir, 'clone', '-q', origin, join(dir, 'clone'));
    const step = (sha) =>
      spawnSync('bash', ['-eo', 'pipefail', '-c', check.run], {
        cwd: join(dir, 'clone'),
        encoding: 'utf8',
        env: { ...process.env, GITHUB_SHA: sha, GITHUB_REF: TAG },
      });
    expect(step(onMain).status).toBe(0);
    const refused = step(offMain);
    expect(refused.status).not.toBe(0);
    expect(refused.stdout).toContain('not on main');
  });

  it('deploys dev only from main, staging only from a v* tag, prod after staging or by hand from a tag', () => {
    const jobs = workflow.jobs;
    expect(deployed(jobs, push(MAIN))).toEqual(['dev']);
    expect(deployed(jobs, push('refs/heads/feature'))).toEqual([]);
    expect(deployed(jobs, push(TAG))).toEqual(['staging', 'prod']);
    expect(deployed(jobs, dispatch('dev', MAIN))).toEqual(['dev']);
    expect(deployed(jobs, dispatch('dev', TAG))).toEqual([]);
    expect(deployed(jobs, dispatch('dev', 'refs/heads/feature'))).toEqual([]);
    expect(deployed(jobs, dispatch('staging', TAG))).toEqual(['staging']);
    expect(deployed(jobs, dispatch('staging', MAIN))).toEqual([]);
    expect(deployed(jobs, dispatch('prod', TAG))).toEqual(['prod']);
    expect(deployed(jobs, dispatch('prod', MAIN))).toEqual([]);
  });

  it('deploys nothing when the tests or the synthesis fail, and no prod when staging fails', () => {
    const jobs = workflow.jobs;
    for (const trigger of [push(MAIN), push(TAG), dispatch('prod', TAG), dispatch('staging', TAG)]) {
      expect(deployed(jobs, { ...trigger, fail: ['test'] })).toEqual([]);
      expect(deployed(jobs, { ...trigger, fail: ['synth'] })).toEqual([]);
    }
    const results = simulate(jobs, push(TAG, { fail: [deployJobs(jobs).staging] }));
    expect(results[deployJobs(jobs).prod]).toBe('skipped');
  });

  it('notices a deploy job without its branch condition (the trigger check can fail)', () => {
    const dev = deployJobs(workflow.jobs).dev;
    const { if: _dropped, ...unguarded } = workflow.jobs[dev];
    expect(deployed({ ...workflow.jobs, [dev]: unguarded }, push(TAG))).toEqual(['dev', 'staging', 'prod']);
  });

  it('pins every action to a version', () => {
    const uses = Object.values(workflow.jobs).flatMap((job) => [
      ...(job.uses ? [job.uses] : []),
      ...(job.steps ?? []).flatMap((step) => (step.uses ? [step.uses] : [])),
    ]);
    expect(uses.length).toBeGreaterThan(0);
    for (const action of uses) {
      expect(action).toMatch(/^[\w.-]+\/[\w.-]+(\/[\w./-]+)?@(v\d+(\.\d+){0,2}|[0-9a-f]{40})$/);
    }
  });
});
