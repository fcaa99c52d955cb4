import { SERVICE_NAME } from '@functions/lib/metrics';
import { type App, type Environment, Tags } from 'aws-cdk-lib';
import { EDGE_REGION, type StageConfig } from '../config/stages';
import { ApiStack } from './api-stack';
import { AuthStack } from './auth-stack';
import { DataStack } from './data-stack';
import { EdgeMonitoringStack } from './edge-monitoring-stack';
import { EdgeStack } from './edge-stack';
import { MonitoringStack } from './monitoring-stack';
import { RouteStack } from './route-stacks';
import { WebStack } from './web-stack';

/**
 * The stacks of one stage, `Relocation-<stage>-{Data,Auth,Api,AdminApi,CompanyApi,Monitoring,Edge,Web,EdgeMonitoring}`
 * (infra/app.ts and the tests): all in the stage's region but Edge, CloudFront's firewall, which
 * must be in us-east-1 and reaches the Web stack as a cross-region reference, and EdgeMonitoring,
 * the alarms on CloudFront's and the firewall's metrics, which are there too. The routes' Lambdas
 * are split by audience (route-stacks.ts, ROUTE_STACK): the Api stack has the gateway and the
 * customers' and public routes, AdminApi the team's, CompanyApi the HR users'; Monitoring watches all of them.
 */
export function addStageStacks(
  app: App,
  config: StageConfig,
  options: { env?: Environment; siteDir?: string } = {},
) {
  const { env, siteDir } = options;
  const prefix = `Relocation-${config.stage}`;
  // The stateful stacks: what a stage cannot rebuild (StageConfig.terminationProtection).
  const { terminationProtection } = config;
  const data = new DataStack(app, `${prefix}-Data`, { env, config, terminationProtection });
  const auth = new AuthStack(app, `${prefix}-Auth`, {
    env,
    config,
    table: data.tableRef,
    terminationProtection,
  });
  const api = new ApiStack(app, `${prefix}-Api`, {
    env,
    config,
    table: data.tableRef,
    documents: data.documentsRef,
    unsubscribeKeyArn: data.unsubscribeKeyArn,
    userPool: auth.userPool,
    client: auth.client,
  });
  const adminApi = new RouteStack(app, `${prefix}-AdminApi`, {
    env,
    name: 'AdminApi',
    gateway: api.gateway,
    deps: api.functionDeps,
  });
  const companyApi = new RouteStack(app, `${prefix}-CompanyApi`, {
    env,
    name: 'CompanyApi',
    gateway: api.gateway,
    deps: api.functionDeps,
  });
  const routeStacks = [api, adminApi, companyApi];
  const monitoring = new MonitoringStack(app, `${prefix}-Monitoring`, {
    env,
    watch: {
      config,
      api: api.api,
      routeFunctions: routeStacks.flatMap((stack) => stack.routeFunctions),
      otherFunctions: [...auth.triggers, data.seed, api.reminders.function],
      table: data.tableRef,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.client.userPoolClientId,
    },
    reminders: api.reminders,
  });
  // Named outputs are read by name (DataStack), which CDK does not trace as a dependency.
  auth.addStackDependency(data, 'reads the table outputs');
  for (const stack of [...routeStacks, monitoring])
    stack.addStackDependency(data, 'reads the table and documents outputs');
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
  // CloudFront's and the firewall's alarms, where their metrics are (us-east-1), after the Web stack.
  const edgeMonitoring = new EdgeMonitoringStack(app, `${prefix}-EdgeMonitoring`, {
    env: { ...env, region: EDGE_REGION },
    config,
    crossRegionReferences: true,
    distributionId: web.distributionId,
  });
  // With a custom domain the API host is a plain name, not a reference: the order is said here.
  // The site goes live with every route in place.
  for (const stack of routeStacks) web.addStackDependency(stack, 'forwards /api/* to its routes');
  const stacks = { data, auth, api, adminApi, companyApi, monitoring, edge, web, edgeMonitoring };
  // Cost allocation tags on every resource (activate them once in the Billing console): the
  // stage's budget (monitoring.ts) counts what carries its stage tag.
  for (const stack of Object.values(stacks)) {
    Tags.of(stack).add('stage', config.stage);
    Tags.of(stack).add('service', SERVICE_NAME);
  }
  return stacks;
}
