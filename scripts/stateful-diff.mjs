// `node scripts/stateful-diff.mjs --app cdk.out/<stage> [--out cdk-diff.txt]`: the deploy pipeline's
// gate. Runs `cdk diff` of a synthesized cloud assembly against the deployed stage (AWS credentials
// of the stage), keeps the diff in --out (and in the GitHub job summary when GITHUB_STEP_SUMMARY is
// set: prod's reviewer reads it before approving), and fails when a resource that holds the
// stage's data would be replaced or removed: the table, the user pool, the documents bucket, the
// documents key. Such a change is made by hand with a plan to move the data, never by a pipeline run.
// `node scripts/stateful-diff.mjs --diff <file>` decides on a diff already written (no AWS).
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * The resources a replacement or removal of would lose data (or lock it away: the key), by
 * CloudFormation type and, where a stage has several of the type, by logical id. The documents
 * bucket is the Data stack's `Documents` construct (logical id `Documents` + CDK's 8-digit hash);
 * its access-log bucket and the site bucket hold nothing that is not written again.
 * infra/stacks/stacks.test.ts checks that each of them matches exactly one resource of a stage.
 */
export const STATEFUL = [
  { what: 'the table', type: 'AWS::DynamoDB::GlobalTable' },
  { what: 'the table', type: 'AWS::DynamoDB::Table' },
  { what: 'the user pool', type: 'AWS::Cognito::UserPool' },
  { what: 'the documents key', type: 'AWS::KMS::Key' },
  { what: 'the documents bucket', type: 'AWS::S3::Bucket', logicalId: /^Documents[0-9A-F]{8}$/ },
];

/** The impacts `cdk diff` prints after a resource line that lose the resource as it is. */
const LOSING = new Set(['replace', 'may be replaced', 'destroy', 'orphan']);

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes are control characters
const ANSI = /\u001b\[[0-9;]*m/g;
const STACK_LINE = /^Stack (\S+)/;
/** `[~] AWS::S3::Bucket Documents Documents9F2A3B4C replace`: prefix, type, path and id, impact. */
const RESOURCE_LINE =
  /^\[([-+~←])\]\s+(\S+::\S+::\S+)\s+(.*?)(?:\s+(replace|may be replaced|destroy|orphan))?$/;

/**
 * The changes of a `cdk diff` output that would replace or remove a stateful resource, each as
 * { stack, type, logicalId, impact, what }.
 */
export function statefulChanges(diffText) {
  const found = [];
  let stack = '';
  for (const raw of diffText.replace(ANSI, '').split(/\r?\n/)) {
    const line = raw.trimEnd();
    const header = STACK_LINE.exec(line);
    if (header) {
      stack = header[1];
      continue;
    }
    const match = RESOURCE_LINE.exec(line);
    if (!match) continue;
    const [, prefix, type, name, impact = prefix === '-' ? 'destroy' : ''] = match;
    if (!LOSING.has(impact)) continue;
    // The logical id is the last word: a path (when the assembly knows it) comes before it.
    const logicalId = name.split(/\s+/).at(-1) ?? '';
    const rule = STATEFUL.find(
      (candidate) => candidate.type === type && (!candidate.logicalId || candidate.logicalId.test(logicalId)),
    );
    if (rule) found.push({ stack, type, logicalId, impact, what: rule.what });
  }
  return found;
}

/** The verdict as the pipeline prints it. */
export function verdict(changes) {
  if (changes.length === 0)
    return 'No stateful resource (table, user pool, documents bucket or key) would be replaced or removed.';
  return [
    'Refused: this deploy would replace or remove a resource that holds the stage’s data:',
    ...changes.map((c) => `- ${c.what}: ${c.stack} ${c.logicalId} (${c.type}) — ${c.impact}`),
    'Make such a change by hand, with a plan to move the data, not through the pipeline.',
  ].join('\n');
}

function main(args) {
  const option = (name) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const app = option('--app');
  const given = option('--diff');
  let text;
  if (given) text = readFileSync(given, 'utf8');
  else if (app) {
    // The CLI prints the diff on stderr; --no-color keeps the file readable.
    const run = spawnSync('npx', ['cdk', 'diff', '--app', app, '--no-color'], { encoding: 'utf8' });
    text = `${run.stdout ?? ''}${run.stderr ?? ''}`;
    process.stdout.write(text);
    if (run.status !== 0) {
      console.error(`\n✗ cdk diff failed (exit code ${run.status}): no deploy without a diff`);
      process.exit(1);
    }
  } else {
    console.error(
      'usage: node scripts/stateful-diff.mjs --app <cloud assembly> [--out <file>] | --diff <file>',
    );
    process.exit(2);
  }
  const out = option('--out');
  if (out) writeFileSync(out, text);
  const changes = statefulChanges(text);
  const message = verdict(changes);
  if (process.env.GITHUB_STEP_SUMMARY) {
    appendFileSync(
      process.env.GITHUB_STEP_SUMMARY,
      `## cdk diff${app ? ` of ${app}` : ''}\n\n${message}\n\n<details><summary>The diff</summary>\n\n\`\`\`\n${text}\n\`\`\`\n\n</details>\n`,
    );
  }
  console.log(`\n${changes.length ? '✗' : '✓'} ${message}`);
  process.exit(changes.length ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main(process.argv.slice(2));
