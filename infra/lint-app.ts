// The CDK app as `npm run cfn-lint` synthesizes it: infra/app.ts, but a stage whose settings
// still hold launch placeholders (prod, until its domain and sender are decided) is built from
// its launch rehearsal (config/launch-rehearsal.ts), so its templates are linted all the same.
// For deploying, only infra/app.ts counts.
import { App } from 'aws-cdk-lib';
import { launchRehearsal } from './config/launch-rehearsal';
import { deployTarget, launchProblems, stageConfig } from './config/stages';
import { addStageStacks } from './stacks/stage-stacks';

const app = new App();
const committed = stageConfig(String(app.node.tryGetContext('stage') ?? 'dev'));
const config = launchRehearsal(committed);
if (config !== committed) {
  console.error(
    `Note: ${committed.stage} is linted as its launch rehearsal (${launchProblems(committed).length} placeholders).`,
  );
}
addStageStacks(app, config, { env: deployTarget(config, process.env) });
app.synth();
