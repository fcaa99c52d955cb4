// `npm run synth|deploy|destroy -- --stage <dev|staging|prod>`: the CDK CLI for one stage
// (its settings: infra/config/stages.ts). The web stack uploads web/dist: deploy always builds it first,
// the other commands when there is none yet (a fresh clone). With `--app cdk.out/<stage>` (the
// pipeline: a cloud assembly synthesized and checked before) nothing is built or synthesized again:
// the assembly already holds the site and the bundles.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const [command, ...rest] = process.argv.slice(2);
const at = rest.indexOf('--stage');
const stage = at >= 0 ? rest[at + 1] : 'dev';
const passThrough = at >= 0 ? [...rest.slice(0, at), ...rest.slice(at + 2)] : rest;
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const app = passThrough[passThrough.indexOf('--app') + 1];
const fromAssembly = passThrough.includes('--app') && existsSync(`${app}/manifest.json`);
if (!fromAssembly && (command === 'deploy' || !existsSync('web/dist/index.html')))
  run('npm', ['run', 'build:web']);
// Named stacks (`npm run deploy -- --stage prod Relocation-prod-Data`) go alone; otherwise all of the stage.
const namesStacks = passThrough.some(
  (arg, i) => !arg.startsWith('-') && !passThrough[i - 1]?.startsWith('-'),
);
const extra =
  command === 'synth'
    ? ['--quiet']
    : (command === 'destroy' || command === 'deploy') && !namesStacks
      ? ['--all']
      : [];
run('npx', ['cdk', command, '-c', `stage=${stage}`, ...extra, ...passThrough]);
