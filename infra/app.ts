// CDK entry (cdk.json). Stage from `-c stage=<dev|staging|prod>`, default dev.
import { App } from 'aws-cdk-lib';
import { deployTarget, stageConfig } from './config/stages';
import { applyNag } from './nag';
import { addStageStacks } from './stacks/stage-stacks';

const app = new App();
const config = stageConfig(String(app.node.tryGetContext('stage') ?? 'dev'));
addStageStacks(app, config, { env: deployTarget(config, process.env) });
// `-c nag=true` (npm run nag) runs cdk-nag's AwsSolutions and Serverless packs over the app.
if (app.node.tryGetContext('nag') === 'true') applyNag(app, config);
app.synth();
