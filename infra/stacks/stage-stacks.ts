import { SERVICE_NAME } from '@functions/lib/metrics';
import { type App, type Environment, Tags } from 'aws-cdk-lib';
import { EDGE_REGION, type StageConfig } from '../config/stages';
import { ApiStack } from './api-stack';
import { AuthStack } from './auth-stack';
import { DataStack } from './data-stack';
import { EdgeStack } from './edge-stack';
import { WebStack } from './web-stack';

/**
 * The stacks of one stage, `Relocation-<stage>-{Data,Auth,Api,Edge,Web}` (infra/app.ts and
 * the tests): all in the stage's region but Edge, CloudFront's firewall, which must be in
 * us-east-1 and reaches the Web stack as a cross-region reference.
 */
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
    unsubscribeKeyArn: data.unsubscribeKeyArn,
    userPool: auth.userPool,
    client: auth.client,
    alsoWatch: [...auth.triggers, data.seed],
  });
  // Named outputs are read by name (DataStack), which CDK does not trace as a dependency.
  auth.addStackDependency(data, 'reads the table outputs');
  api.addStackDependency(data, 'reads the table and documents outputs');
  const edge = new EdgeStack(app, `${prefix}-Edge`, {
    env: { ...env, region: EDGE_REGION },
    config,
    crossRegionReferences: true,
  });
  const web = new WebStack(app, `${prefix}-Web`, {
    env,
    config,
    crossRegionReferences: true,
    apiHost: api.originHost,
    webAclArn: edge.webAclArn,
    userPool: auth.userPool,
    client: auth.client,
    documents: data.documents,
    ...(siteDir ? { siteDir } : {}),
  });
  web.addStackDependency(edge, 'attaches the CloudFront firewall');
  // With a custom domain the API host is a plain name, not a reference: the order is said here.
  web.addStackDependency(api, 'forwards /api/* to it');
  // Cost allocation tags on every resource (activate them once in the Billing console): the
  // stage's budget (monitoring.ts) counts what carries its stage tag.
  for (const stack of [data, auth, api, edge, web]) {
    Tags.of(stack).add('stage', config.stage);
    Tags.of(stack).add('service', SERVICE_NAME);
  }
  return { data, auth, api, edge, web };
}
