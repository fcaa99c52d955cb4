// CDK entry (cdk.json). Stage from `-c stage=<dev|staging|prod>`, default dev.
import { App } from 'aws-cdk-lib';
import { stageConfig } from './config/stages';
import { applyNag } from './nag';
import { addStageStacks } from './stacks/stage-stacks';

const app = new App();
const config = stageConfig(String(app.node.tryGetContext('stage') ?? 'dev'));
const env = {
  account: process.env.CDK_DEFAULT_ACCOUNT,
  region: process.env.CDK_DEFAULT_REGION ?? 'eu-central-1',
};
addStageStacks(app, config, { env });
// `-c nag=true` (npm run nag) runs cdk-nag's AwsSolutions pack over the app.
if (app.node.tryGetContext('nag') === 'true') applyNag(app, config);
app.synth();
