// CDK entry (cdk.json). Stage from `-c stage=<dev|staging|prod>`, default dev.
import { App } from 'aws-cdk-lib';
import { stageConfig } from './config/stages';
import { applyNag } from './nag';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { WebStack } from './stacks/web-stack';

const app = new App();
const config = stageConfig(String(app.node.tryGetContext('stage') ?? 'dev'));
const prefix = `Relocation-${config.stage}`;
const env = {
  account: process.env.CDK_DEFAULT_ACCOUNT,
  region: process.env.CDK_DEFAULT_REGION ?? 'eu-central-1',
};
const data = new DataStack(app, `${prefix}-Data`, { env, config });
const auth = new AuthStack(app, `${prefix}-Auth`, { env, config, table: data.tableRef });
const api = new ApiStack(app, `${prefix}-Api`, {
  env,
  config,
  table: data.tableRef,
  documents: data.documentsRef,
  userPool: auth.userPool,
  client: auth.client,
});
new WebStack(app, `${prefix}-Web`, {
  env,
  config,
  api: api.api,
  userPool: auth.userPool,
  client: auth.client,
  documents: data.documents,
});
// `-c nag=true` (npm run nag) runs cdk-nag's AwsSolutions pack over the app.
if (app.node.tryGetContext('nag') === 'true') applyNag(app, config);
app.synth();
