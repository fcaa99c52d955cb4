import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey, routes, triggers } from '../../functions/src/routes';
import { stageConfig } from '../config/stages';
import { applyNag } from '../nag';
import { ApiStack } from './api-stack';
import { AuthStack } from './auth-stack';
import { DataStack } from './data-stack';
import { HANDLER_PERMISSIONS, TRIGGER_PERMISSIONS } from './route-permissions';
import { WebStack } from './web-stack';

let api: Template;
let nagViolations: string[] = [];
let auth: Template;
let data: Template;
let web: Template;

const env = { account: '123456789012', region: 'eu-central-1' };

/** All four stacks of the prod stage in a fresh app (bundling skipped: the bundle check builds them). */
function buildApp(outdir?: string) {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] }, ...(outdir ? { outdir } : {}) });
  const config = stageConfig('prod');
  const site = mkdtempSync(join(tmpdir(), 'site-'));
  mkdirSync(join(site, 'assets'));
  writeFileSync(join(site, 'index.html'), '<!doctype html>');
  writeFileSync(join(site, 'assets', 'index-abc.js'), '');
  const dataStack = new DataStack(app, 'Data', { env, config });
  const authStack = new AuthStack(app, 'Auth', { env, config, table: dataStack.table });
  const apiStack = new ApiStack(app, 'Api', {
    env,
    config,
    table: dataStack.table,
    documents: dataStack.documents,
    userPool: authStack.userPool,
    client: authStack.client,
  });
  const webStack = new WebStack(app, 'Web', {
    env,
    config,
    api: apiStack.api,
    userPool: authStack.userPool,
    client: authStack.client,
    documents: dataStack.documents,
    siteDir: site,
  });
  return { app, dataStack, authStack, apiStack, webStack };
}

beforeAll(() => {
  const built = buildApp();
  api = Template.fromStack(built.apiStack);
  auth = Template.fromStack(built.authStack);
  data = Template.fromStack(built.dataStack);
  web = Template.fromStack(built.webStack);

  // cdk-nag on a second copy of the app: collect what it still reports.
  const outdir = mkdtempSync(join(tmpdir(), 'nag-'));
  const { app: nagged } = buildApp(outdir);
  applyNag(nagged);
  try {
    nagged.synth();
  } catch {
    const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as {
      pluginReports: { violations: { ruleName: string }[] }[];
    };
    nagViolations = report.pluginReports.flatMap((r) => r.violations.map((v) => v.ruleName));
  }
});

type Resource = { Properties: Record<string, unknown> };
const statements = (policy: Resource) =>
  (policy.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] })
    .Statement ?? [];

describe('API stack, generated from the route table', () => {
  it('has every handler and trigger in the permissions map', () => {
    for (const route of routes) expect(HANDLER_PERMISSIONS[route.handler], route.handler).toBeDefined();
    for (const trigger of Object.values(triggers))
      expect(TRIGGER_PERMISSIONS[trigger], trigger).toBeDefined();
  });

  it('creates one Lambda (Node 24, arm64) per route', () => {
    const functions = api.findResources('AWS::Lambda::Function');
    expect(Object.keys(functions)).toHaveLength(routes.length);
    for (const fn of Object.values(functions) as Resource[]) {
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs24.x', Architectures: ['arm64'] });
    }
  });

  it('creates one route per entry, with the JWT authorizer on every non-public one', () => {
    const created = Object.values(api.findResources('AWS::ApiGatewayV2::Route')) as Resource[];
    expect(created.map((r) => r.Properties.RouteKey).sort()).toEqual(routes.map(routeKey).sort());
    for (const route of created) {
      const isPublic = routes.find((r) => routeKey(r) === route.Properties.RouteKey)?.access === 'public';
      expect(route.Properties.AuthorizationType, String(route.Properties.RouteKey)).toBe(
        isPublic ? 'NONE' : 'JWT',
      );
    }
    api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      JwtConfiguration: Match.objectLike({ Audience: Match.anyValue() }),
    });
  });

  it('grants data actions on named resources only, and writes only where the route writes', () => {
    const policies = Object.entries(api.findResources('AWS::IAM::Policy')) as [string, Resource][];
    expect(policies.length).toBeGreaterThan(0);
    for (const [id, policy] of policies) {
      for (const statement of statements(policy)) {
        const actions = [statement.Action].flat();
        if (actions.some((a) => a.startsWith('dynamodb:') || a.startsWith('s3:'))) {
          expect(statement.Resource, id).not.toBe('*');
        }
      }
    }
    const readOnly = policies.filter(([id]) => id.startsWith('AdminListUsers'));
    expect(readOnly).toHaveLength(1);
    const readActions = readOnly.flatMap(([, p]) => statements(p).flatMap((s) => [s.Action].flat()));
    expect(readActions.some((a) => /PutItem|UpdateItem|DeleteItem|BatchWriteItem/.test(a))).toBe(false);
  });

  it('lets only the deletion routes delete Cognito users', () => {
    const policies = Object.entries(api.findResources('AWS::IAM::Policy')) as [string, Resource][];
    const deleters = policies
      .filter(([, p]) => statements(p).some((s) => [s.Action].flat().includes('cognito-idp:AdminDeleteUser')))
      .map(([id]) => id.replace(/ServiceRoleDefaultPolicy.*/, ''));
    expect(deleters.sort()).toEqual(['AdminDeleteUser', 'RequestDeletion']);
  });
});

describe('operations', () => {
  it('alarms on every Lambda, API 5xx and DynamoDB throttling, to one topic', () => {
    api.resourceCountIs('AWS::SNS::Topic', 1);
    const alarms = Object.values(api.findResources('AWS::CloudWatch::Alarm')) as Resource[];
    expect(alarms.filter((a) => a.Properties.MetricName === 'Errors')).toHaveLength(routes.length);
    expect(
      alarms.some((a) => a.Properties.MetricName === '5xx' || a.Properties.MetricName === '5XXError'),
    ).toBe(true);
    expect(alarms.some((a) => a.Properties.MetricName === 'ThrottledRequests')).toBe(true);
    for (const a of alarms) expect(a.Properties.AlarmActions).toHaveLength(1);
  });

  it('throttles the API and writes access logs', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingBurstLimit: 200, ThrottlingRateLimit: 100 },
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });

  it('seeds the catalogue at deploy through a custom resource that changes with the catalogue', () => {
    data.hasResourceProperties('AWS::CloudFormation::CustomResource', {
      version: Match.stringLikeRegexp('^[0-9a-f]{64}$'),
    });
  });

  it('verifies the SES sender domain of the stage', () => {
    auth.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'relocate-germany.example' });
  });
});

describe('cdk-nag (AwsSolutions)', () => {
  it('reports nothing but the known resource wildcards on our own table indexes and bucket objects', () => {
    // Known and explained in infra/nag.ts: our table's indexes, our buckets' objects (and the
    // CDK bootstrap assets bucket the site deployment reads), our own function's versions.
    const known =
      /^AwsSolutions-IAM5\[Resource::.*(Table|Documents|Site|SeedCatalogue|cdk-hnb659fds-assets)[^\]]*(\/index\/\*|\/\*|:\*)\]$/;
    expect(nagViolations.filter((rule) => !known.test(rule))).toEqual([]);
    expect(nagViolations.length).toBeLessThan(40);
  });
});

describe('Auth stack', () => {
  it('signs in by e-mail with verification and the spec password rule', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 6, RequireUppercase: false }) },
      LambdaConfig: Match.objectLike({ CustomMessage: Match.anyValue(), PostConfirmation: Match.anyValue() }),
    });
    auth.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
    auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_SRP_AUTH']),
    });
  });
});

describe('Data stack', () => {
  it('keeps documents private, encrypted, TLS-only and versioned, with access logs', () => {
    data.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      VersioningConfiguration: { Status: 'Enabled' },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'documents/' }),
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedOrigins: ['https://app.relocate-germany.example'] })],
      },
    });
    data.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });
});

describe('Web stack', () => {
  it('serves the SPA over HTTPS from a private bucket, /api/* uncached to the API, with a strict CSP', () => {
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        CacheBehaviors: [
          Match.objectLike({
            PathPattern: '/api/*',
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
            AllowedMethods: Match.arrayWith(['PATCH', 'POST', 'DELETE']),
          }),
        ],
      }),
    });
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const policies = Object.values(web.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    expect(policies).toHaveLength(1);
    // The CSP names the documents bucket (a token), so it is checked as rendered JSON.
    const rendered = JSON.stringify(policies[0]);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(rendered).toContain(directive);
    }
    expect(rendered).toContain('"FrameOption":"DENY"');
    expect(rendered).toContain('"AccessControlMaxAgeSec":31536000');
  });
});
