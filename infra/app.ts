// CDK entry (cdk.json). Stage from `-c stage=<dev|staging|prod>`, default dev.
import { App } from 'aws-cdk-lib';
import { stageConfig } from './config/stages';
import { applyNag } from './nag';
import { addStageStacks } from './stacks/stage-stacks';

const app = new App();
const context = (name: string) => {
  const value = app.node.tryGetContext(name);
  return value === undefined ? undefined : String(value);
};
const config = stageConfig(context('stage') ?? 'dev', {
  origin: context('origin'),
  mailFrom: context('mailFrom'),
  mailVerified: context('mailVerified'),
});
const env = {
  account: process.env.CDK_DEFAULT_ACCOUNT,
  region: process.env.CDK_DEFAULT_REGION ?? 'eu-central-1',
};
addStageStacks(app, config, { env });
// `-c nag=true` (npm run nag) runs cdk-nag's AwsSolutions pack over the app.
if (app.node.tryGetContext('nag') === 'true') applyNag(app, config);
app.synth();
