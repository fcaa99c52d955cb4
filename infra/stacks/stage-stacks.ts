import type { App, Environment } from 'aws-cdk-lib';
import type { StageConfig } from '../config/stages';
import { ApiStack } from './api-stack';
import { AuthStack } from './auth-stack';
import { DataStack } from './data-stack';
import { WebStack } from './web-stack';

/** The four stacks of one stage, `Relocation-<stage>-{Data,Auth,Api,Web}` (infra/app.ts and the tests). */
export function addStageStacks(
  app: App,
  config: StageConfig,
  options: { env?: Environment; siteDir?: string } = {},
) {
  const { env, siteDir } = options;
  const prefix = `Relocation-${config.stage}`;
  const data = new DataStack(app, `${prefix}-Data`, { env, config });
  const auth = new AuthStack(app, `${prefix}-Auth`, { env, config, table: data.tableRef });
  const api = new ApiStack(app, `${prefix}-Api`, {
    env,
    config,
    table: data.tableRef,
    documents: data.documentsRef,
    userPool: auth.userPool,
    client: auth.client,
    alsoWatch: [...auth.triggers, data.seed],
  });
  // The table and bucket reach Auth and Api as imports of fixed export names, which CDK does
  // not trace: without these, a first deploy could start them before the exports exist.
  auth.addStackDependency(data, 'imports the table export');
  api.addStackDependency(data, 'imports the table and documents bucket exports');
  const web = new WebStack(app, `${prefix}-Web`, {
    env,
    config,
    api: api.api,
    userPool: auth.userPool,
    client: auth.client,
    documents: data.documents,
    ...(siteDir ? { siteDir } : {}),
  });
  return { data, auth, api, web };
}
