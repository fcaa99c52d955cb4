// CDK entry (cdk.json). Stage from `-c stage=<dev|staging|prod>`, default dev.
import { App } from 'aws-cdk-lib';
import { stageConfig } from './config/stages';
import { DataStack } from './stacks/data-stack';

const app = new App();
const config = stageConfig(String(app.node.tryGetContext('stage') ?? 'dev'));
new DataStack(app, `Relocation-${config.stage}-Data`, { config });
app.synth();
