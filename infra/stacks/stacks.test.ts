import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUSINESS_METRICS, METRICS_NAMESPACE, SERVICE_NAME } from '@functions/lib/metrics';
import { findRoute, permissionsOf, type RouteDef, routeKey, routes } from '@functions/routes';
import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Effect, Policy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATEFUL } from '../../scripts/stateful-diff.mjs';
import {
  BLOCKED_COGNITO_OPERATIONS,
  BROWSER_COGNITO_OPERATIONS,
  cognitoTarget,
} from '../config/cognito-operations';
import { launchRehearsal } from '../config/launch-rehearsal';
import { STAGES, type Stage, type StageConfig, stageConfig } from '../config/stages';
import { applyNag } from '../nag';
import { EDGE_ALARM_THRESHOLDS } from './edge-monitoring-stack';
import { ALARM_THRESHOLDS, pascal } from './monitoring';
import { ROUTE_STACK, STACK_RESOURCE_BUDGET } from './route-stacks';
import { SPA_ROUTING, SPA_STATUS } from './spa-routing';
import { addStageStacks } from './stage-stacks';

/** The Api stack: the gateway, the customers' and public routes, the guardrail, the daily job. */
let api: Template;
/** Every stack that deploys routes (Api, AdminApi, CompanyApi) as one template: the routes' Lambdas and grants. */
let apis: Template;
let monitoring: Template;
const nagViolations: string[] = [];
let wildcardUses: number[] = [];
let auth: Template;
let data: Template;
let web: Template;
let edge: Template;
let edgeMonitoring: Template;

const env = { account: '123456789012', region: 'eu-central-1' };

/** The feature flags `cdk synth` runs with. */
const CDK_CONTEXT = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  }
).context;

/** A stage's settings; prod as its operator fills it in before launch (the committed one is refused). */
const configFor = (stage: Stage, settings: Partial<StageConfig> = {}): StageConfig => ({
  ...launchRehearsal(stageConfig(stage)),
  ...settings,
});

/** All stacks of a stage (prod by default) in a fresh app (bundling skipped: the bundle check builds them). */
function buildApp(outdir?: string, stage: Stage = 'prod', settings: Partial<StageConfig> = {}) {
  const app = new App({
    context: { ...CDK_CONTEXT, 'aws:cdk:bundling-stacks': [] },
    ...(outdir ? { outdir } : {}),
  });
  const config = configFor(stage, settings);
  const site = mkdtempSync(join(tmpdir(), 'site-'));
  mkdirSync(join(site, 'assets'));
  writeFileSync(join(site, 'index.html'), '<!doctype html>');
  writeFileSync(join(site, 'assets', 'index-abc.js'), '');
  const stacks = addStageStacks(app, config, { env, siteDir: site });
  return {
    app,
    dataStack: stacks.data,
    authStack: stacks.auth,
    apiStack: stacks.api,
    adminApiStack: stacks.adminApi,
    companyApiStack: stacks.companyApi,
    monitoringStack: stacks.monitoring,
    edgeStack: stacks.edge,
    webStack: stacks.web,
    edgeMonitoringStack: stacks.edgeMonitoring,
  };
}

let built: ReturnType<typeof buildApp>;

/** The route stacks' resources in one template; a logical id in both would hide one of them. */
function routeStacksOf(app: ReturnType<typeof buildApp>): Template {
  const resources: Record<string, unknown> = {};
  for (const stack of [app.apiStack, app.adminApiStack, app.companyApiStack]) {
    for (const [id, resource] of Object.entries(Template.fromStack(stack).toJSON().Resources ?? {})) {
      if (id in resources) throw new Error(`${id} is in more than one route stack`);
      resources[id] = resource;
    }
  }
  return Template.fromJSON({ Resources: resources });
}

// Synthesizes every stack (and bundles ~30 Lambdas) a few times over: minutes on a busy 2-core machine.
beforeAll(() => {
  built = buildApp();
  api = Template.fromStack(built.apiStack);
  apis = routeStacksOf(built);
  monitoring = Template.fromStack(built.monitoringStack);
  auth = Template.fromStack(built.authStack);
  data = Template.fromStack(built.dataStack);
  web = Template.fromStack(built.webStack);
  edge = Template.fromStack(built.edgeStack);
  edgeMonitoring = Template.fromStack(built.edgeMonitoringStack);

  // cdk-nag on a fresh copy of the app per stage (their settings differ): what it still reports.
  for (const stage of STAGES) {
    const outdir = mkdtempSync(join(tmpdir(), 'nag-'));
    const { app: nagged } = buildApp(outdir, stage);
    const uses = applyNag(nagged, configFor(stage));
    wildcardUses = uses.map((count, index) => count + (wildcardUses[index] ?? 0));
    try {
      nagged.synth();
    } catch {
      // Findings fail the synthesis; the report below lists them either way.
    }
    const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as {
      pluginReports: { violations: { ruleName: string }[] }[];
    };
    nagViolations.push(
      ...report.pluginReports.flatMap((r) => r.violations.map((v) => `${stage}: ${v.ruleName}`)),
    );
  }
}, 180_000);

type Resource = { Properties: Record<string, unknown> };
const statements = (policy: Resource) =>
  (
    policy.Properties.PolicyDocument as {
      Statement: { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown }[];
    }
  ).Statement ?? [];

describe('API stack, generated from the route table', () => {
  it('creates one Lambda (Node 24, arm64) per route', () => {
    const functions = apis.findResources('AWS::Lambda::Function');
    // And the daily reminder job.
    expect(Object.keys(functions)).toHaveLength(routes.length + 1);
    for (const fn of Object.values(functions) as Resource[]) {
      expect(fn.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        // X-Ray, and Powertools' service and namespace (the dashboard reads the same).
        TracingConfig: { Mode: 'Active' },
        Environment: {
          Variables: expect.objectContaining({
            POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
            POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
          }),
        },
      });
    }
  });

  it('gives none of our functions (any stack) a layer: scripts/bundle-check.mjs budgets the bundle, AWS SDK included, as all a cold start loads', () => {
    const ours = [apis, auth, data, web, edge].flatMap(
      (template) => Object.values(template.findResources('AWS::Lambda::Function')) as Resource[],
    );
    const functions = ours.filter(
      (fn) =>
        (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables
          ?.POWERTOOLS_SERVICE_NAME === SERVICE_NAME,
    );
    expect(functions.length).toBeGreaterThan(routes.length); // the routes' and the triggers' and jobs'
    for (const fn of functions) expect(fn.Properties.Layers).toBeUndefined();
  });

  it('creates one route per entry, with the JWT authorizer on every non-public one', () => {
    const created = Object.values(apis.findResources('AWS::ApiGatewayV2::Route')) as Resource[];
    expect(created.map((r) => r.Properties.RouteKey).sort()).toEqual(routes.map(routeKey).sort());
    for (const route of created) {
      const isPublic = findRoute(String(route.Properties.RouteKey))?.access === 'public';
      expect(route.Properties.AuthorizationType, String(route.Properties.RouteKey)).toBe(
        isPublic ? 'NONE' : 'JWT',
      );
    }
    api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      JwtConfiguration: Match.objectLike({ Audience: Match.anyValue() }),
    });
  });

  it('grants data actions on named resources only, in every stack', () => {
    for (const template of [apis, auth, data]) {
      const policies = Object.entries(template.findResources('AWS::IAM::Policy')) as [string, Resource][];
      for (const [id, policy] of policies) {
        for (const statement of statements(policy)) {
          const actions = [statement.Action].flat();
          if (
            actions.some((a) => /^(dynamodb|s3|cognito-idp|ses):/.test(a)) &&
            !id.includes('CDKBucketDeployment')
          )
            expect([statement.Resource].flat(), id).not.toContain('*');
        }
      }
    }
  });

  it('gives GET routes read-only grants, unless their row says why they write', () => {
    const gets = routes.filter((route) => route.method === 'GET');
    expect(gets.length).toBeGreaterThan(5);
    for (const route of gets) {
      const permissions = route.permissions;
      // A writing GET names what it writes in its row (writesOnRead); no other row has a reason.
      expect(permissions.table === 'write', route.handler).toBe(Boolean(route.writesOnRead?.trim()));
      if (route.writesOnRead) continue;
      expect(permissions.bucket ?? 'read', route.handler).toBe('read');
      expect(permissions.cognito ?? [], route.handler).toEqual([]);
    }
    for (const route of routes.filter((route) => route.method !== 'GET'))
      expect(route.writesOnRead, route.handler).toBeUndefined();
    // Today: the lazy profile, the tasks of newly unlocked phases, the calendar feed's address.
    expect(gets.filter((route) => route.writesOnRead).map((route) => route.handler)).toEqual([
      'get-me',
      'get-journey',
      'get-my-calendar',
      'admin-get-user',
      'hr-get-employee',
      'hr-export-employees',
    ]);
  });

  it('grants every read-only route (any method) no table write, in its template, whatever stack deploys it', () => {
    const policies = Object.entries(apis.findResources('AWS::IAM::Policy')) as [string, Resource][];
    const readers = routes.filter((route) => route.permissions.table === 'read');
    expect(readers.length).toBeGreaterThan(10);
    for (const route of readers) {
      const policy = policies.find(([id]) =>
        id.startsWith(`${pascal(route.handler)}ServiceRoleDefaultPolicy`),
      );
      const allowed = (policy ? statements(policy[1]) : []).filter((s) => s.Effect === 'Allow');
      const unconditional = allowed.filter((s) => !s.Condition).flatMap((s) => [s.Action].flat());
      expect(unconditional.filter((a) => a.startsWith('dynamodb:')).sort(), route.handler).toEqual([
        'dynamodb:BatchGetItem',
        'dynamodb:GetItem',
        'dynamodb:Query',
      ]);
    }
  });

  it('lets the data export read the files and write only its archive under exports/', () => {
    expect(findRoute('POST /api/me/export')?.permissions.bucket).toBe('export');
    const policies = Object.entries(apis.findResources('AWS::IAM::Policy')) as [string, Resource][];
    const policy = policies.find(([id]) => id.startsWith('ExportMyDataServiceRoleDefaultPolicy'));
    const s3 = statements(policy?.[1] as Resource).filter((s) =>
      [s.Action].flat().some((a) => a.startsWith('s3:')),
    );
    const puts = s3.filter((s) => [s.Action].flat().includes('s3:PutObject'));
    expect(puts).toHaveLength(1);
    expect(JSON.stringify(puts[0]?.Resource)).toMatch(/\/exports\/\*"/);
    expect(s3.flatMap((s) => [s.Action].flat()).sort()).toEqual([
      's3:GetObject',
      's3:ListBucket',
      's3:PutObject',
    ]);
  });

  it("gives each route's role exactly the data access its permissions entry lists", () => {
    const policies = Object.entries(apis.findResources('AWS::IAM::Policy')) as [string, Resource][];
    for (const route of routes) {
      const permissions = route.permissions;
      const policy = policies.find(([id]) =>
        id.startsWith(`${pascal(route.handler)}ServiceRoleDefaultPolicy`),
      );
      const granted = policy ? statements(policy[1]) : [];
      const actions = granted.flatMap((s) => [s.Action].flat());
      const where = route.handler;
      expect(
        actions.some((a) => a.startsWith('dynamodb:')),
        where,
      ).toBe(Boolean(permissions.table));
      const writes = granted.filter((s) =>
        [s.Action].flat().some((a) => /^dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem)$/.test(a)),
      );
      expect(
        writes.some((s) => s.Effect === 'Allow' && !s.Condition),
        where,
      ).toBe(permissions.table === 'write');
      // A reading route that records what it shows may put audit records, and nothing else.
      if (permissions.table !== 'write')
        expect(writes, where).toEqual(
          permissions.audit
            ? [
                expect.objectContaining({
                  Effect: 'Allow',
                  Action: 'dynamodb:PutItem',
                  Condition: AUDIT_ONLY,
                }),
              ]
            : [],
        );
      expect(
        actions.some((a) => a.startsWith('s3:')),
        where,
      ).toBe(Boolean(permissions.bucket));
      expect(actions.includes('s3:DeleteObject'), where).toBe(permissions.bucket === 'write');
      expect(
        actions.filter((a) => a === 'dynamodb:Scan' || a.endsWith('*')),
        where,
      ).toEqual([]);
      if (permissions.bucket === 'upload') {
        const s3 = granted.filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));
        expect(
          s3.map((s) => s.Action),
          where,
        ).toEqual(['s3:PutObject']);
        expect(JSON.stringify(s3[0]?.Resource), where).toContain('/incoming/*');
      }
      // Queries name the indexes of the key design; nothing is granted on index/*.
      expect(JSON.stringify(granted), where).not.toContain('/index/*');
    }
  });

  it('lets every signed-in route read the table: the account check runs before each of them', () => {
    for (const route of routes.filter((r) => r.access !== 'public')) {
      expect(route.permissions.table, route.handler).toBeDefined();
    }
  });

  it('revokes the sessions of every account it deletes', () => {
    for (const { handler, permissions } of routes) {
      const cognito = permissions.cognito ?? [];
      if (cognito.includes('cognito-idp:AdminDeleteUser'))
        expect(cognito, handler).toContain('cognito-idp:AdminUserGlobalSignOut');
    }
  });

  it("lets every signed-in route ask Cognito for the caller's groups (admission settles the role), and no public one", () => {
    const policies = Object.entries(apis.findResources('AWS::IAM::Policy')) as [string, Resource][];
    for (const route of routes) {
      const policy = policies.find(([id]) =>
        id.startsWith(`${pascal(route.handler)}ServiceRoleDefaultPolicy`),
      );
      const asks = JSON.stringify(policy?.[1] ?? {}).includes('cognito-idp:AdminListGroupsForUser');
      expect(asks, route.handler).toBe(route.access !== 'public');
    }
  });

  it('lets every staff route (admin, hr) read whether the caller has a second factor, and no other', () => {
    const policies = Object.entries(apis.findResources('AWS::IAM::Policy')) as [string, Resource][];
    for (const route of routes) {
      if (route.permissions.cognito?.includes('cognito-idp:AdminGetUser')) continue; // its own need
      const policy = policies.find(([id]) =>
        id.startsWith(`${pascal(route.handler)}ServiceRoleDefaultPolicy`),
      );
      const reads = JSON.stringify(policy?.[1] ?? {}).includes('cognito-idp:AdminGetUser');
      expect(reads, route.handler).toBe(route.access === 'admin' || route.access === 'hr');
    }
  });

  it('lets only the deletion routes delete Cognito users', () => {
    const policies = Object.entries(apis.findResources('AWS::IAM::Policy')) as [string, Resource][];
    const deleters = policies
      .filter(([, p]) => statements(p).some((s) => [s.Action].flat().includes('cognito-idp:AdminDeleteUser')))
      .map(([id]) => id.replace(/ServiceRoleDefaultPolicy.*/, ''));
    expect(deleters.sort()).toEqual(['AdminDeleteUser', 'RequestDeletion']);
  });
});

// The audit trail is append-only for every function, by IAM, whatever the code does.
interface IamStatement {
  Effect: 'Allow' | 'Deny';
  Action?: string | string[];
  NotAction?: unknown;
  Resource?: unknown;
  NotResource?: unknown;
  Condition?: Record<string, Record<string, string | string[]>>;
}
type IamResource = { Properties: Record<string, unknown> };
const TABLE_WRITES = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];
/** Every DynamoDB action a function may be allowed (PartiQL, Scan, dynamodb:* would go around the guard). */
const TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  ...TABLE_WRITES,
];
const AUDIT_KEYS = { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': ['AUDIT#*'] } };
/** The one conditional grant there may be: putting audit records, nothing else, for a role that may append. */
const AUDIT_ONLY = { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['AUDIT#*'] } };
/**
 * The staff routes whose use cases record an action (services/*.ts): the only ones that may
 * append. Admin actions, and an HR user's views and exports of a company's employees.
 */
const RECORDING_ROUTES = [
  'admin-verify-user',
  'admin-edit-user',
  'admin-delete-user',
  'admin-download-document',
  'admin-replace-document',
  'admin-delete-document',
  'admin-update-document-expiry',
  'admin-complete-task',
  'admin-update-workflow',
  'admin-set-workflow-owner',
  'admin-set-conversation-owner',
  'admin-reject-deletion',
  'admin-delete-company',
  'hr-get-employee',
  'hr-export-employees',
  // On the company's own trail (AUDIT#COMPANY#<id>): what an HR user did to the company.
  'hr-invite-employee',
  'hr-import-employees',
  'admin-create-company',
  'admin-invite-hr',
  'admin-resend-hr-invitation',
  'admin-revoke-hr',
];
/**
 * Customer routes that record on a trail (the customer's own acts, in the same transaction as
 * the act; an HR user joining, on the company's): each item of a transaction is authorized on
 * its own, so without the right to put audit records the whole act is refused.
 */
const OWN_RECORDING_ROUTES = [
  'accept-hr-invitation',
  'request-service',
  'withdraw-my-request',
  'complete-my-task',
  'confirm-upload',
  'delete-my-document',
  'send-my-message',
  'hand-off-companion-question',
  'consent-to-company',
  'decline-company',
  'stop-sharing',
];
const actionsOf = (statement: IamStatement) => [statement.Action ?? []].flat();
const normalized = (condition: IamStatement['Condition']) =>
  Object.fromEntries(
    Object.entries(condition ?? {}).map(([operator, keys]) => [
      operator,
      Object.fromEntries(Object.entries(keys).map(([key, values]) => [key, [values].flat()])),
    ]),
  );

/** The statements of every role Lambda assumes in a template, by the role's logical id. */
function lambdaRoles(template: Template): Map<string, IamStatement[]> {
  const roles = Object.entries(
    template.findResources('AWS::IAM::Role') as Record<string, IamResource>,
  ).filter(([, role]) =>
    JSON.stringify(role.Properties.AssumeRolePolicyDocument).includes('lambda.amazonaws.com'),
  );
  const out = new Map<string, IamStatement[]>(
    roles.map(([id, role]) => [
      id,
      ((role.Properties.Policies ?? []) as { PolicyDocument: { Statement: IamStatement[] } }[]).flatMap(
        (policy) => policy.PolicyDocument.Statement,
      ),
    ]),
  );
  for (const policy of Object.values(
    template.findResources('AWS::IAM::Policy') as Record<string, IamResource>,
  )) {
    const document = policy.Properties.PolicyDocument as { Statement: IamStatement[] };
    for (const role of (policy.Properties.Roles ?? []) as { Ref?: string }[])
      if (role.Ref && out.has(role.Ref)) out.get(role.Ref)?.push(...document.Statement);
  }
  return out;
}

/**
 * What breaks the audit trail's guard, per role: a role allowed to write the table must deny
 * updating, deleting and batch-writing AUDIT# items, and putting them unless it may append
 * (`mayAppend`); nothing allows more than the table's named actions, or anything by partition.
 */
function auditGuardViolations(
  roles: Map<string, IamStatement[]>,
  mayAppend: (roleId: string) => boolean,
): string[] {
  const violations: string[] = [];
  for (const [id, statements] of roles) {
    if (statements.some((s) => s.NotAction !== undefined || s.NotResource !== undefined))
      violations.push(`${id}: NotAction/NotResource`);
    const allows = statements.filter((s) => s.Effect === 'Allow');
    for (const action of allows.flatMap(actionsOf).filter((a) => a.startsWith('dynamodb:')))
      if (!TABLE_ACTIONS.includes(action)) violations.push(`${id}: allows ${action}`);
    for (const conditional of allows.filter((s) =>
      JSON.stringify(s.Condition ?? {}).includes('dynamodb:LeadingKeys'),
    )) {
      const appendOnly =
        JSON.stringify(actionsOf(conditional)) === JSON.stringify(['dynamodb:PutItem']) &&
        JSON.stringify(normalized(conditional.Condition)) === JSON.stringify(AUDIT_ONLY);
      if (!appendOnly || !mayAppend(id)) violations.push(`${id}: allows by partition key`);
    }
    const writes = allows.filter(
      (s) => s.Condition === undefined && actionsOf(s).some((a) => TABLE_WRITES.includes(a)),
    );
    if (writes.length === 0) continue;
    const guards = statements.filter(
      (s) => s.Effect === 'Deny' && JSON.stringify(normalized(s.Condition)) === JSON.stringify(AUDIT_KEYS),
    );
    if (guards.length !== 1) {
      violations.push(`${id}: ${guards.length} audit guards`);
      continue;
    }
    const [guard] = guards;
    const expected = [
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      ...(mayAppend(id) ? [] : ['dynamodb:PutItem']),
    ];
    if (JSON.stringify(actionsOf(guard ?? { Effect: 'Deny' }).sort()) !== JSON.stringify(expected.sort()))
      violations.push(`${id}: denies ${actionsOf(guard ?? { Effect: 'Deny' }).join(', ')}`);
    const guarded = [guard?.Resource].flat().map((r) => JSON.stringify(r));
    for (const write of writes)
      for (const resource of [write.Resource].flat())
        if (!guarded.includes(JSON.stringify(resource)))
          violations.push(`${id}: writes ${JSON.stringify(resource)} unguarded`);
  }
  return violations;
}

/** The route whose Lambda assumes this role of a route stack. */
const routeOfRole = (roleId: string): RouteDef | undefined =>
  routes.find((route) => roleId.startsWith(`${pascal(route.handler)}ServiceRole`));
/** Whether a route's Lambda may append to the audit trail, by its permissions. */
const appends = (route: RouteDef | undefined) => (route ? permissionsOf(route).audit === true : false);

describe('the audit trail in IAM', () => {
  it('every Lambda role that may write the table is denied changing AUDIT# items, and putting them unless its route records an admin action', () => {
    const apiRoles = lambdaRoles(apis);
    expect(auditGuardViolations(apiRoles, (id) => appends(routeOfRole(id)))).toEqual([]);
    // Cognito triggers and jobs: no admin action, never a new audit record.
    expect(auditGuardViolations(lambdaRoles(auth), () => false)).toEqual([]);
    expect(auditGuardViolations(lambdaRoles(data), () => false)).toEqual([]);
  });

  it('covers every route that writes, and the triggers and jobs that do', () => {
    const writers = (roles: Map<string, IamStatement[]>) =>
      [...roles].filter(([, statements]) =>
        statements.some(
          (s) =>
            s.Effect === 'Allow' &&
            s.Condition === undefined &&
            actionsOf(s).some((a) => TABLE_WRITES.includes(a)),
        ),
      );
    const apiWriterRoles = writers(lambdaRoles(apis)).map(([id]) => id);
    // Besides the routes, the daily reminder job.
    expect(apiWriterRoles.filter((id) => !routeOfRole(id))).toEqual([
      expect.stringMatching(/^RemindersSendReminders/),
    ]);
    const apiWriters = apiWriterRoles.flatMap((id) => routeOfRole(id)?.handler ?? []);
    expect(apiWriters.sort()).toEqual(
      routes
        .filter((r) => r.permissions.table === 'write')
        .map((r) => r.handler)
        .sort(),
    );
    // post-confirmation; the catalogue seed and the SES feedback job.
    expect(writers(lambdaRoles(auth)).length).toBe(2);
    expect(writers(lambdaRoles(data)).length).toBe(1);
    // Customers' own routes that write are among them, denied putting audit records.
    expect(
      routes.filter((r) => r.access === 'customer' && r.permissions.table === 'write').length,
    ).toBeGreaterThan(5);
  });

  it.each([...RECORDING_ROUTES, ...OWN_RECORDING_ROUTES])(
    '%s records an action: its role may put new audit records (and nothing more)',
    (handler) => {
      const route = routes.find((r) => r.handler === handler);
      if (OWN_RECORDING_ROUTES.includes(handler)) expect(route?.access).toBe('customer');
      else expect(['admin', 'hr']).toContain(route?.access);
      expect(route && permissionsOf(route).audit).toBe(true);
      const [, statements = []] =
        [...lambdaRoles(apis)].find(([id]) => routeOfRole(id)?.handler === handler) ?? [];
      if (route?.permissions.table !== 'write') {
        // Reads otherwise: its one write grant is putting audit records.
        const writes = statements.filter((s) => actionsOf(s).some((a) => TABLE_WRITES.includes(a)));
        expect(writes).toEqual([
          expect.objectContaining({ Effect: 'Allow', Action: 'dynamodb:PutItem', Condition: AUDIT_ONLY }),
        ]);
        return;
      }
      const guard = statements.find(
        (s) => s.Effect === 'Deny' && JSON.stringify(normalized(s.Condition)) === JSON.stringify(AUDIT_KEYS),
      );
      expect(actionsOf(guard ?? { Effect: 'Deny' }).sort()).toEqual([
        'dynamodb:BatchWriteItem',
        'dynamodb:DeleteItem',
        'dynamodb:UpdateItem',
      ]);
    },
  );

  it('no other route, trigger or job may append: not even an admin route that writes without recording', () => {
    expect(
      routes
        .filter(appends)
        .map((r) => r.handler)
        .sort(),
    ).toEqual([...RECORDING_ROUTES, ...OWN_RECORDING_ROUTES].sort());
    const quiet = routes.filter(
      (r) => r.access === 'admin' && r.permissions.table === 'write' && !appends(r),
    );
    expect(quiet.map((r) => r.handler)).toEqual(
      expect.arrayContaining(['admin-get-user', 'admin-send-message']),
    );
  });

  it('the check can fail: a writer without the guard, or a guard that lets a non-admin put', () => {
    const app = new App();
    const stack = new Stack(app, 'Careless', { env });
    const table = 'arn:aws:dynamodb:eu-central-1:123456789012:table/t';
    const writer = (id: string, guard: string[] | null, extra: string[] = []) =>
      new Policy(stack, `${id}Policy`, {
        roles: [new Role(stack, id, { assumedBy: new ServicePrincipal('lambda.amazonaws.com') })],
        statements: [
          new PolicyStatement({ actions: [...TABLE_WRITES, ...extra], resources: [table] }),
          ...(guard
            ? [
                new PolicyStatement({
                  effect: Effect.DENY,
                  actions: guard,
                  resources: [table],
                  conditions: AUDIT_KEYS,
                }),
              ]
            : []),
        ],
      });
    writer('NoGuard', null);
    writer('PutAllowed', ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem']);
    writer(
      'Partiql',
      ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:PutItem'],
      ['dynamodb:PartiQLUpdate'],
    );
    new Policy(stack, 'SneakyPolicy', {
      roles: [new Role(stack, 'Sneaky', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') })],
      statements: [
        new PolicyStatement({ actions: ['dynamodb:PutItem'], resources: [table], conditions: AUDIT_ONLY }),
      ],
    });
    writer('Fine', [
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:PutItem',
    ]);
    const violations = auditGuardViolations(lambdaRoles(Template.fromStack(stack)), () => false);
    expect(violations).toEqual([
      expect.stringMatching(/^NoGuard.*: 0 audit guards$/),
      expect.stringMatching(/^PutAllowed.*: denies /),
      expect.stringMatching(/^Partiql.*: allows dynamodb:PartiQLUpdate$/),
      expect.stringMatching(/^Sneaky.*: allows by partition key$/),
    ]);
  });
});

describe('operations', () => {
  it('alarms on every Lambda, API 5xx, DynamoDB throttling and failed mails, to one topic', () => {
    monitoring.resourceCountIs('AWS::SNS::Topic', 1);
    const alarms = Object.values(monitoring.findResources('AWS::CloudWatch::Alarm')) as Resource[];
    // Every route, both Cognito triggers, the SES feedback function, the catalogue seed and the
    // reminder job.
    // Each function's error rate over 5 minutes (errors / invocations), not a single error.
    const errorRates = alarms.filter((a) =>
      (a.Properties.Metrics as { MetricStat?: { Metric: { MetricName: string } } }[] | undefined)?.some(
        (m) => m.MetricStat?.Metric.MetricName === 'Errors',
      ),
    );
    expect(errorRates).toHaveLength(routes.length + 5);
    for (const a of errorRates) {
      expect(a.Properties).toMatchObject({
        Threshold: ALARM_THRESHOLDS.functionErrorRatePercent,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        EvaluationPeriods: 1,
      });
      const metrics = a.Properties.Metrics as {
        Expression?: string;
        Id: string;
        MetricStat?: { Metric: { MetricName: string }; Period: number; Stat: string };
      }[];
      expect(metrics.find((m) => m.Expression)?.Expression).toBe(
        'IF(invocations > 0, 100 * errors / invocations, 0)',
      );
      expect(
        metrics
          .filter((m) => m.MetricStat)
          .map((m) => [m.Id, m.MetricStat?.Metric.MetricName, m.MetricStat?.Period, m.MetricStat?.Stat]),
      ).toEqual(
        expect.arrayContaining([
          ['errors', 'Errors', 300, 'Sum'],
          ['invocations', 'Invocations', 300, 'Sum'],
        ]),
      );
    }
    expect(ALARM_THRESHOLDS.functionErrorRatePercent).toBe(5);
    expect(
      alarms.some((a) => a.Properties.MetricName === '5xx' || a.Properties.MetricName === '5XXError'),
    ).toBe(true);
    for (const metric of ['ReadThrottleEvents', 'WriteThrottleEvents']) {
      const throttles = alarms.find((a) => a.Properties.MetricName === metric);
      expect(throttles?.Properties.Dimensions, metric).toEqual([
        {
          Name: 'TableName',
          Value: {
            'Fn::GetStackOutput': {
              StackName: 'Relocation-prod-Data',
              OutputName: 'TableName',
              Region: 'eu-central-1',
            },
          },
        },
      ]);
    }
    // The metric services/notify.ts counts when a mail fails after its retries.
    const mail = alarms.find((a) => a.Properties.MetricName === 'MailFailures');
    expect(mail?.Properties).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      Dimensions: expect.arrayContaining([
        { Name: 'service', Value: 'relocation' },
        { Name: 'stage', Value: 'prod' },
      ]),
      Threshold: 1,
    });
    for (const a of alarms) expect(a.Properties.AlarmActions).toHaveLength(1);
  });

  it('alarms on Lambda throttles, the SES feedback dead letters and the SES reputation', () => {
    monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/Lambda',
      MetricName: 'Throttles',
      Statistic: 'Sum',
      Period: 300,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    // The feedback function's dead-letter queue (Auth stack), by name.
    const deadLetters = (
      Object.values(monitoring.findResources('AWS::CloudWatch::Alarm')) as Resource[]
    ).filter(
      (a) =>
        a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible' &&
        JSON.stringify(a.Properties.Dimensions).includes('SesFeedbackFailures'),
    );
    expect(deadLetters).toHaveLength(1);
    expect(deadLetters[0]?.Properties).toMatchObject({ Namespace: 'AWS/SQS', Threshold: 1 });
    for (const [metricName, threshold] of [
      ['Reputation.BounceRate', 0.05],
      ['Reputation.ComplaintRate', 0.001],
    ] as const)
      monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'AWS/SES',
        MetricName: metricName,
        Threshold: threshold,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        AlarmActions: [Match.anyValue()],
      });
  });

  it("alarms where CloudFront's metrics are (us-east-1): a spike of WAF blocks, the 5xx rate", () => {
    expect(built.edgeMonitoringStack.region).toBe('us-east-1');
    edgeMonitoring.resourceCountIs('AWS::SNS::Topic', 1);
    edgeMonitoring.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@relocate-germany.de',
    });
    edgeMonitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Dimensions: Match.arrayWith([{ Name: 'WebACL', Value: 'relocation-prod-site' }]),
      Statistic: 'Sum',
      Period: 300,
      Threshold: EDGE_ALARM_THRESHOLDS.wafBlockedRequests,
      AlarmActions: [Match.anyValue()],
    });
    edgeMonitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'BlockedRequests',
      Dimensions: Match.arrayWith([{ Name: 'Rule', Value: 'ALL' }]),
    });
    // The web ACL's metric name is the WebACL dimension the alarm watches.
    edge.hasResourceProperties('AWS::WAFv2::WebACL', {
      VisibilityConfig: Match.objectLike({ MetricName: 'relocation-prod-site' }),
    });
    edgeMonitoring.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/CloudFront',
      MetricName: '5xxErrorRate',
      Dimensions: Match.arrayWith([{ Name: 'Region', Value: 'Global' }]),
      Threshold: 5,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [Match.anyValue()],
    });
    const distribution = (
      Object.values(edgeMonitoring.findResources('AWS::CloudWatch::Alarm')) as Resource[]
    ).find((a) => a.Properties.MetricName === '5xxErrorRate');
    expect(JSON.stringify(distribution?.Properties.Dimensions)).toMatch(/DistributionId/);
  });

  it("mails dev's and staging's alarms to the address of their stage config", () => {
    for (const stage of ['dev', 'staging'] as const) {
      const emails = stageConfig(stage).alarmEmails;
      expect(emails.length, stage).toBeGreaterThan(0);
      const stacks = buildApp(undefined, stage);
      for (const stack of [stacks.monitoringStack, stacks.edgeMonitoringStack])
        for (const email of emails)
          Template.fromStack(stack).hasResourceProperties('AWS::SNS::Subscription', {
            Protocol: 'email',
            Endpoint: email,
          });
    }
  });

  it("mails the alarms to the stage's alarm e-mails", () => {
    monitoring.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@relocate-germany.de',
    });
    const dev = Template.fromStack(
      buildApp(undefined, 'dev', { alarmEmails: ['a@x.de', 'b@x.de'] }).monitoringStack,
    );
    dev.resourceCountIs('AWS::SNS::Subscription', 2);
  });

  it("keeps a monthly budget of the stage's tagged costs, alerting the alarm topic", () => {
    monitoring.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: Match.objectLike({
        BudgetLimit: { Amount: 500, Unit: 'USD' },
        TimeUnit: 'MONTHLY',
        CostFilters: { TagKeyValue: ['user:stage$prod'] },
      }),
      NotificationsWithSubscribers: [
        Match.objectLike({ Notification: Match.objectLike({ NotificationType: 'ACTUAL', Threshold: 80 }) }),
        Match.objectLike({
          Notification: Match.objectLike({ NotificationType: 'FORECASTED', Threshold: 100 }),
        }),
      ],
    });
    monitoring.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: 'sns:Publish' }),
          Match.objectLike({ Principal: { Service: 'budgets.amazonaws.com' }, Action: 'sns:Publish' }),
        ]),
      }),
    });
  });

  it('tags every resource with its stage and service (cost allocation)', () => {
    for (const template of [apis, monitoring, auth, data, web, edge]) {
      for (const type of [
        'AWS::Lambda::Function',
        'AWS::S3::Bucket',
        'AWS::DynamoDB::GlobalTable',
        'AWS::WAFv2::WebACL',
      ]) {
        for (const [id, resource] of Object.entries(template.findResources(type)) as [string, Resource][]) {
          // CDK's bucket auto-delete provider is a raw CfnResource, which takes no tags.
          if (id.startsWith('CustomS3AutoDeleteObjectsCustomResourceProvider')) continue;
          const tags = JSON.stringify(resource.Properties.Tags ?? resource.Properties.Replicas ?? []);
          expect(tags, id).toContain('"Key":"stage","Value":"prod"');
          expect(tags, id).toContain('"Key":"service","Value":"relocation"');
        }
      }
    }
  });

  it('draws one dashboard: API per route, Lambda, DynamoDB with its index, Cognito, SES and the business metrics', () => {
    const dashboards = Object.values(monitoring.findResources('AWS::CloudWatch::Dashboard')) as Resource[];
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]?.Properties.DashboardBody);
    for (const route of routes) expect(body, route.handler).toContain(route.path.replace(/[{}]/g, (c) => c));
    for (const title of [
      'API 4xx per route',
      'API 5xx per route',
      'API latency p90 per route (ms)',
      'Lambda errors',
      'Lambda duration p90 (ms)',
      'Lambda throttles',
    ])
      expect(body).toContain(title);
    for (const metric of [
      'ConsumedReadCapacityUnits',
      'GlobalSecondaryIndexName',
      'SignInSuccesses',
      'Bounce',
      'Complaint',
      ...BUSINESS_METRICS,
    ])
      expect(body, metric).toContain(metric);
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: Match.objectLike({ DetailedMetricsEnabled: true }),
    });
  });

  it('throttles the API and writes access logs', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: Match.objectLike({ ThrottlingBurstLimit: 200, ThrottlingRateLimit: 100 }),
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });

  it('seeds the catalogue at deploy through a custom resource that changes with the catalogue', () => {
    data.hasResourceProperties('AWS::CloudFormation::CustomResource', {
      version: Match.stringLikeRegexp('^[0-9a-f]{64}$'),
    });
  });

  it("gives the seed the time to migrate every customer's tasks after it (Lambda's longest)", () => {
    const seed = Object.entries(data.findResources('AWS::Lambda::Function')).find(([id]) =>
      id.startsWith('SeedCatalogue'),
    );
    expect(seed?.[1].Properties.Timeout).toBe(900);
  });

  it('verifies the SES sender domain of the stage', () => {
    // In the Data stack, deployed first: prod's domain is verified before its pool mails through it.
    data.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'relocate-germany.de' });
    auth.resourceCountIs('AWS::SES::EmailIdentity', 0);
  });
});

describe("the companion's model (Bedrock)", () => {
  const companion = stageConfig('prod').companion;
  /** The environment variables of a route's function. */
  const environmentOf = (template: Template, handler: string): Record<string, unknown> => {
    const found = (
      Object.entries(template.findResources('AWS::Lambda::Function')) as [string, Resource][]
    ).find(([id]) => id.startsWith(pascal(handler)) && !id.includes('Logs'));
    if (!found) throw new Error(`no function for ${handler}`);
    return (found[1].Properties.Environment as { Variables: Record<string, unknown> }).Variables;
  };
  const bedrockStatements = (template: Template) =>
    (Object.entries(template.findResources('AWS::IAM::Policy')) as [string, Resource][]).flatMap(
      ([id, policy]) =>
        statements(policy)
          .filter((s) => [s.Action].flat().some((a) => a.startsWith('bedrock:')))
          .map((s) => ({ id, ...s })),
    );

  it('answers with an EU inference profile on prod, within a monthly token budget', () => {
    expect(companion).toMatchObject({ answerer: 'bedrock', modelId: expect.stringMatching(/^eu\./) });
    expect(stageConfig('dev').companion.answerer).toBe('extractive');
  });

  it('creates a guardrail: individual legal, tax and insurance advice denied, personal data blocked, content filtered', () => {
    api.resourceCountIs('AWS::Bedrock::Guardrail', 1);
    const guardrail = Object.values(api.findResources('AWS::Bedrock::Guardrail'))[0] as Resource;
    const topics = (
      guardrail.Properties.TopicPolicyConfig as { TopicsConfig: { Name: string; Type: string }[] }
    ).TopicsConfig;
    expect(topics.map((t) => [t.Name, t.Type])).toEqual([
      ['Individual legal advice', 'DENY'],
      ['Individual tax advice', 'DENY'],
      ['Individual insurance advice', 'DENY'],
    ]);
    const pii = (
      guardrail.Properties.SensitiveInformationPolicyConfig as {
        PiiEntitiesConfig: { Type: string; Action: string }[];
      }
    ).PiiEntitiesConfig;
    for (const type of ['EMAIL', 'PHONE', 'INTERNATIONAL_BANK_ACCOUNT_NUMBER', 'CREDIT_DEBIT_CARD_NUMBER'])
      expect(pii, type).toContainEqual(expect.objectContaining({ Type: type, Action: 'BLOCK' }));
    const filters = (guardrail.Properties.ContentPolicyConfig as { FiltersConfig: { Type: string }[] })
      .FiltersConfig;
    expect(filters.map((f) => f.Type)).toEqual(
      expect.arrayContaining(['HATE', 'MISCONDUCT', 'PROMPT_ATTACK']),
    );
    api.resourceCountIs('AWS::Bedrock::GuardrailVersion', 1);
  });

  it('lets only ask-companion invoke exactly the profile and its model in its Regions, and apply exactly that guardrail', () => {
    if (companion.answerer !== 'bedrock') throw new Error('prod answers with a model');
    const granted = bedrockStatements(apis);
    expect(new Set(granted.map((s) => s.id.replace(/ServiceRoleDefaultPolicy.*/, '')))).toEqual(
      new Set(['AskCompanion']),
    );
    const [guardrailId] = Object.keys(api.findResources('AWS::Bedrock::Guardrail'));
    const foundation = companion.modelId.replace(/^eu\./, '');
    expect(granted.map(({ Effect, Action, Resource }) => ({ Effect, Action, Resource }))).toEqual([
      {
        Effect: 'Allow',
        Action: 'bedrock:InvokeModel',
        Resource: [
          `arn:aws:bedrock:eu-central-1:123456789012:inference-profile/${companion.modelId}`,
          ...companion.modelRegions.map(
            (region) => `arn:aws:bedrock:${region}::foundation-model/${foundation}`,
          ),
        ],
      },
      {
        Effect: 'Allow',
        Action: 'bedrock:ApplyGuardrail',
        Resource: { 'Fn::GetAtt': [guardrailId, 'GuardrailArn'] },
      },
    ]);
    const variables = environmentOf(apis, 'ask-companion');
    expect(variables).toMatchObject({
      COMPANION_ANSWERER: 'bedrock',
      COMPANION_MODEL_ID: companion.modelId,
      COMPANION_GUARDRAIL_ID: { 'Fn::GetAtt': [guardrailId, 'GuardrailId'] },
      COMPANION_GUARDRAIL_VERSION: {
        'Fn::GetAtt': [expect.stringContaining('CompanionGuardrailVersion'), 'Version'],
      },
    });
    const others = routes.filter((r) => r.handler !== 'ask-companion');
    for (const route of others)
      expect(Object.keys(environmentOf(apis, route.handler)), route.handler).not.toContain(
        'COMPANION_MODEL_ID',
      );
  });

  it("alarms when a day's tokens pass a 30th of the monthly budget", () => {
    if (companion.answerer !== 'bedrock') throw new Error('prod answers with a model');
    const alarms = Object.values(monitoring.findResources('AWS::CloudWatch::Alarm')) as Resource[];
    const tokens = alarms.filter((a) => a.Properties.MetricName === 'CompanionTokens');
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.Properties).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      Statistic: 'Sum',
      Period: 86_400,
      EvaluationPeriods: 1,
      Threshold: Math.ceil(companion.monthlyTokenBudget / 30),
      ComparisonOperator: 'GreaterThanThreshold',
      AlarmActions: [expect.anything()],
    });
  });

  it('on a stage that answers extractively: no guardrail, no Bedrock grant, no token alarm', () => {
    const devApp = buildApp(undefined, 'dev');
    const dev = routeStacksOf(devApp);
    dev.resourceCountIs('AWS::Bedrock::Guardrail', 0);
    expect(bedrockStatements(dev)).toEqual([]);
    const devMonitoring = Template.fromStack(devApp.monitoringStack);
    const alarms = Object.values(devMonitoring.findResources('AWS::CloudWatch::Alarm')) as Resource[];
    expect(alarms.filter((a) => a.Properties.MetricName === 'CompanionTokens')).toEqual([]);
    expect(environmentOf(dev, 'ask-companion')).toMatchObject({ COMPANION_ANSWERER: 'extractive' });
  });
});

describe('cdk-nag (AwsSolutions)', () => {
  it('reports no finding that infra/nag.ts does not acknowledge with a reason, in any stage', () => {
    expect(nagViolations).toEqual([]);
  });

  it('still fails on a wildcard nobody accepted (the check can fail)', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'nag-bad-'));
    const app = new App({ outdir });
    const stack = new Stack(app, 'Careless', { env });
    new Policy(stack, 'TooBroad', {
      roles: [new Role(stack, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') })],
      statements: [new PolicyStatement({ actions: ['dynamodb:*'], resources: ['*'] })],
    });
    applyNag(app, stageConfig('prod'));
    expect(() => app.synth()).toThrow();
    const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as {
      pluginReports: { violations: { ruleName: string }[] }[];
    };
    expect(report.pluginReports.flatMap((r) => r.violations.map((v) => v.ruleName))).toEqual(
      expect.arrayContaining(['AwsSolutions-IAM5[Action::dynamodb:*]', 'AwsSolutions-IAM5[Resource::*]']),
    );
  });

  it('has no stale wildcard acknowledgement: each one matches a policy', () => {
    expect(wildcardUses.length).toBeGreaterThan(0);
    for (const [index, uses] of wildcardUses.entries())
      expect(uses, `accepted wildcard #${index}`).toBeGreaterThan(0);
  });
});

describe('deploy order', () => {
  it('deploys Data before the stacks that read its outputs, and Web last', () => {
    const names = (stack: Stack) => stack.dependencies.map((d) => d.stackName).sort();
    expect(names(built.authStack)).toEqual(['Relocation-prod-Data']);
    expect(names(built.apiStack)).toEqual(['Relocation-prod-Auth', 'Relocation-prod-Data']);
    // Its routes attach to the Api stack's gateway.
    for (const routeStack of [built.adminApiStack, built.companyApiStack])
      expect(names(routeStack)).toEqual([
        'Relocation-prod-Api',
        'Relocation-prod-Auth',
        'Relocation-prod-Data',
      ]);
    // It watches the functions of all of them; nothing reads anything of it.
    expect(names(built.monitoringStack)).toEqual([
      'Relocation-prod-AdminApi',
      'Relocation-prod-Api',
      'Relocation-prod-Auth',
      'Relocation-prod-CompanyApi',
      'Relocation-prod-Data',
    ]);
    expect(names(built.edgeStack)).toEqual([]);
    expect(names(built.webStack)).toEqual(
      expect.arrayContaining([
        'Relocation-prod-AdminApi',
        'Relocation-prod-Api',
        'Relocation-prod-Auth',
        'Relocation-prod-CompanyApi',
        'Relocation-prod-Data',
        'Relocation-prod-Edge',
      ]),
    );
  });

  it('passes values between stacks as outputs read by name, never exports a replacement would be blocked by', () => {
    const app = buildApp(mkdtempSync(join(tmpdir(), 'refs-'))).app;
    const assembly = app.synth();
    for (const stack of assembly.stacks) {
      const template = JSON.stringify(stack.template);
      expect(template, stack.stackName).not.toContain('Fn::ImportValue');
      expect(template, stack.stackName).not.toContain('"Export"');
    }
  });
});

describe('the stacks of every stage: size, and where each route is deployed', () => {
  /** Each stage's synthesized stacks, by name (`Relocation-<stage>-<name>`). */
  const assemblies = new Map<
    Stage,
    {
      name: string;
      template: { Resources?: Record<string, Resource & { Type: string }>; Outputs?: object };
    }[]
  >();
  beforeAll(() => {
    for (const stage of STAGES) {
      const assembly = buildApp(mkdtempSync(join(tmpdir(), `sizes-${stage}-`)), stage).app.synth();
      assemblies.set(
        stage,
        assembly.stacks.map((stack) => ({
          name: stack.stackName.replace(`Relocation-${stage}-`, ''),
          template: stack.template,
        })),
      );
    }
  }, 120_000);

  it(`keeps every stack within ${STACK_RESOURCE_BUDGET} resources (CloudFormation's limit: 500) and 200 outputs`, () => {
    expect(STACK_RESOURCE_BUDGET).toBeLessThan(500);
    for (const [stage, stacks] of assemblies) {
      expect(stacks.length, stage).toBe(9);
      for (const { name, template } of stacks) {
        const resources = Object.keys(template.Resources ?? {}).length;
        expect(resources, `${stage} ${name}: ${resources} resources`).toBeLessThanOrEqual(
          STACK_RESOURCE_BUDGET,
        );
        expect(Object.keys(template.Outputs ?? {}).length, `${stage} ${name} outputs`).toBeLessThanOrEqual(
          200,
        );
      }
    }
  });

  it('deploys every route of the route table exactly once, with its Lambda, in the stack of its audience', () => {
    for (const [stage, stacks] of assemblies) {
      const deployed = stacks.flatMap(({ name, template }) =>
        Object.entries(template.Resources ?? {}).flatMap(([id, resource]) =>
          resource.Type === 'AWS::ApiGatewayV2::Route'
            ? [{ name, id, key: String(resource.Properties.RouteKey), target: resource.Properties.Target }]
            : [],
        ),
      );
      expect(deployed.map((route) => route.key).sort(), stage).toEqual(routes.map(routeKey).sort());
      for (const route of routes) {
        const [where] = deployed.filter((d) => d.key === routeKey(route));
        expect(where?.name, `${stage} ${route.handler}`).toBe(ROUTE_STACK[route.access]);
        // The Api stack's routes keep the logical ids HttpApi.addRoutes gave them before the split
        // (under the API): an update must not make a route anew beside the old one of the same key.
        if (where?.name === 'Api')
          expect(where.id, route.handler).toMatch(new RegExp(`^Api${route.method}api`));
        // Its Lambda: in that stack and no other, invoked by the route's integration there.
        const functions = stacks.flatMap(({ name, template }) =>
          Object.entries(template.Resources ?? {})
            .filter(
              ([id, resource]) =>
                resource.Type === 'AWS::Lambda::Function' &&
                new RegExp(`^${pascal(route.handler)}[0-9A-F]{8}$`).test(id),
            )
            .map(([id]) => ({ name, id })),
        );
        expect(
          functions.map((fn) => fn.name),
          `${stage} ${route.handler}`,
        ).toEqual([where?.name]);
        const stack = stacks.find(({ name }) => name === where?.name);
        const integrationId = JSON.stringify(where?.target).match(/"Ref":"([^"]+)"/)?.[1] ?? '';
        const integration = stack?.template.Resources?.[integrationId];
        expect(JSON.stringify(integration?.Properties.IntegrationUri), route.handler).toContain(
          functions[0]?.id,
        );
      }
    }
  });
});

describe('Auth stack', () => {
  it('treats e-mail addresses case-insensitively (fixed when the pool is created)', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', { UsernameConfiguration: { CaseSensitive: false } });
  });

  it("blocks Cognito's self-service calls that go around the product, with a web ACL on the pool", () => {
    const acls = Object.values(auth.findResources('AWS::WAFv2::WebACL')) as Resource[];
    expect(acls).toHaveLength(1);
    const rule = JSON.stringify(acls[0]);
    expect(rule).toContain('"Scope":"REGIONAL"');
    for (const operation of BLOCKED_COGNITO_OPERATIONS)
      expect(rule).toContain(`"${cognitoTarget(operation)}"`);
    // Nothing the SPA needs is blocked (the local proxy allows exactly those).
    for (const operation of BROWSER_COGNITO_OPERATIONS)
      expect(rule).not.toContain(`"${cognitoTarget(operation)}"`);
    auth.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Users'), 'Arn'] },
    });
  });

  it('signs in by e-mail with verification and the sign-up password rule', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 6, RequireUppercase: false }) },
      LambdaConfig: Match.objectLike({ CustomMessage: Match.anyValue(), PostConfirmation: Match.anyValue() }),
    });
    auth.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
    auth.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'hr' });
    auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_SRP_AUTH']),
      IdTokenValidity: 60,
      AccessTokenValidity: 60,
      RefreshTokenValidity: 43200,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'minutes' },
    });
  });

  it('offers a second factor by authenticator app only (TOTP), optional in the pool', () => {
    for (const stage of ['prod', 'dev'] as const) {
      const template = stage === 'prod' ? auth : Template.fromStack(buildApp(undefined, stage).authStack);
      template.hasResourceProperties('AWS::Cognito::UserPool', {
        MfaConfiguration: 'OPTIONAL',
        EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      });
    }
  });

  it('lets visitors sign up themselves, with threat protection in prod only', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
    });
    const dev = Template.fromStack(buildApp(undefined, 'dev').authStack);
    dev.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'ESSENTIALS',
      UserPoolAddOns: { AdvancedSecurityMode: 'OFF' },
    });
  });

  it("sends Cognito's mail through SES only once the stage's sender domain is verified", () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({
        EmailSendingAccount: 'DEVELOPER',
        From: 'no-reply@relocate-germany.de',
        SourceArn: Match.anyValue(),
      }),
    });
    const unverified = Template.fromStack(buildApp(undefined, 'dev').authStack);
    unverified.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
    });
  });

  it('gives the SPA client no OAuth flows or callback URLs (it never uses the hosted UI)', () => {
    const clients = Object.values(auth.findResources('AWS::Cognito::UserPoolClient')) as Resource[];
    expect(clients).toHaveLength(1);
    const client = clients[0]?.Properties ?? {};
    expect(client.AllowedOAuthFlowsUserPoolClient).toBe(false);
    expect(client.AllowedOAuthFlows).toBeUndefined();
    expect(client.CallbackURLs).toBeUndefined();
  });

  it('limits calls to the user pool per IP with the same web ACL', () => {
    const acl = JSON.stringify(Object.values(auth.findResources('AWS::WAFv2::WebACL'))[0]);
    expect(acl).toContain('"RateBasedStatement":{"AggregateKeyType":"IP","Limit":500}');
  });
});

describe('logs', () => {
  it('keeps every log group of ours seven days, as the privacy policy says', () => {
    for (const template of [apis, auth, data, web, edge]) {
      const groups = Object.values(template.findResources('AWS::Logs::LogGroup')) as Resource[];
      expect(groups.length).toBeGreaterThan(0);
      for (const group of groups) expect(group.Properties.RetentionInDays).toBe(7);
    }
    data.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: [Match.objectLike({ ExpirationInDays: 7 })] },
      OwnershipControls: Match.anyValue(),
    });
  });
});

describe('the key of the unsubscribe links', () => {
  it('is a secret CloudFormation generates in the Data stack (never a value in the template)', () => {
    data.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 64 }),
    });
    data.resourcePropertiesCountIs('AWS::SecretsManager::Secret', { SecretString: Match.anyValue() }, 0);
  });

  it('is readable by exactly the functions that sign or verify the links, which are told where it is', () => {
    const policies = Object.entries(apis.findResources('AWS::IAM::Policy')) as [string, Resource][];
    const functions = Object.entries(apis.findResources('AWS::Lambda::Function')) as [string, Resource][];
    const readers = routes.filter((route) => route.permissions.unsubscribeKey).map((r) => r.handler);
    expect(readers).toEqual(['unsubscribe-reminders']);
    for (const route of routes) {
      const policy = policies.find(([id]) =>
        id.startsWith(`${pascal(route.handler)}ServiceRoleDefaultPolicy`),
      );
      const secretStatements = (policy ? statements(policy[1]) : []).filter((s) =>
        [s.Action].flat().some((a) => a.startsWith('secretsmanager:')),
      );
      const fn = functions.find(([id]) => id.startsWith(pascal(route.handler)))?.[1] as Resource;
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      if (readers.includes(route.handler)) {
        expect(secretStatements, route.handler).toEqual([
          expect.objectContaining({ Effect: 'Allow', Action: 'secretsmanager:GetSecretValue' }),
        ]);
        expect(JSON.stringify(secretStatements[0]?.Resource)).toContain('UnsubscribeKeyArn');
        expect(JSON.stringify(variables.UNSUBSCRIBE_KEY_SECRET)).toContain('UnsubscribeKeyArn');
      } else {
        expect(secretStatements, route.handler).toEqual([]);
        expect(variables.UNSUBSCRIBE_KEY_SECRET, route.handler).toBeUndefined();
      }
    }
    // The daily reminder job signs the link it mails.
    const job = functions.find(([id]) => id.startsWith('RemindersSendReminders'))?.[1] as Resource;
    const jobVariables = (job.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(JSON.stringify(jobVariables.UNSUBSCRIBE_KEY_SECRET)).toContain('UnsubscribeKeyArn');
    const jobPolicy = policies.find(([id]) =>
      id.startsWith('RemindersSendRemindersServiceRoleDefaultPolicy'),
    );
    expect(
      (jobPolicy ? statements(jobPolicy[1]) : []).filter((s) =>
        [s.Action].flat().some((a) => a.startsWith('secretsmanager:')),
      ),
    ).toEqual([expect.objectContaining({ Effect: 'Allow', Action: 'secretsmanager:GetSecretValue' })]);
  });
});

describe("the pipeline's stateful diff gate (scripts/stateful-diff.mjs)", () => {
  it('names the table, the user pool, the documents bucket and its key: each rule matches what the stage holds', () => {
    const all = [apis, monitoring, auth, data, web, edge, edgeMonitoring].flatMap(
      (template) => Object.entries(template.toJSON().Resources ?? {}) as [string, { Type: string }][],
    );
    const matches = (rule: (typeof STATEFUL)[number]) =>
      all.filter(
        ([id, resource]) => resource.Type === rule.type && (!rule.logicalId || rule.logicalId.test(id)),
      );
    const found = Object.fromEntries(
      [...new Set(STATEFUL.map((rule) => rule.what))].map((what) => [
        what,
        STATEFUL.filter((rule) => rule.what === what).flatMap((rule) => matches(rule).map(([id]) => id)),
      ]),
    );
    expect(Object.keys(found).sort()).toEqual([
      'the documents bucket',
      'the documents key',
      'the table',
      'the user pool',
    ]);
    for (const [what, ids] of Object.entries(found)) expect(ids, what).toHaveLength(1);
    // The bucket it names is the one the routes read their documents from (the DocumentsArn output).
    expect(JSON.stringify(data.toJSON().Outputs?.DocumentsArn)).toContain(
      found['the documents bucket']?.[0] ?? 'none',
    );
  });
});

describe('Data stack', () => {
  it('lets tombstones and unused upload tickets expire by themselves (TTL)', () => {
    data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
    });
  });

  it('encrypts the table and the buckets at rest, documents with our own rotated key', () => {
    data.hasResourceProperties('AWS::DynamoDB::GlobalTable', { SSESpecification: { SSEEnabled: true } });
    const keys = Object.entries(data.findResources('AWS::KMS::Key')) as [string, Resource][];
    expect(keys).toHaveLength(1);
    expect(keys[0]?.[1].Properties.EnableKeyRotation).toBe(true);
    const encryption = (Object.values(data.findResources('AWS::S3::Bucket')) as Resource[]).map(
      (bucket) => bucket.Properties.BucketEncryption,
    );
    expect(encryption).toEqual(
      expect.arrayContaining([
        {
          ServerSideEncryptionConfiguration: [
            {
              BucketKeyEnabled: true,
              ServerSideEncryptionByDefault: {
                SSEAlgorithm: 'aws:kms',
                KMSMasterKeyID: { 'Fn::GetAtt': [keys[0]?.[0], 'Arn'] },
              },
            },
          ],
        },
        // The access logs: S3 server access logging cannot write to a KMS-encrypted bucket.
        {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
      ]),
    );
  });

  it('lets each bucket route use the documents key only as it uses the bucket', () => {
    const policies = Object.entries(apis.findResources('AWS::IAM::Policy')) as [string, Resource][];
    for (const route of routes) {
      const policy = policies.find(([id]) =>
        id.startsWith(`${pascal(route.handler)}ServiceRoleDefaultPolicy`),
      );
      const kms = (policy ? statements(policy[1]) : [])
        .flatMap((s) => [s.Action].flat())
        .filter((a) => a.startsWith('kms:'))
        .sort();
      const expected = {
        upload: ['kms:GenerateDataKey'],
        read: ['kms:Decrypt'],
        export: ['kms:Decrypt', 'kms:GenerateDataKey'],
        write: ['kms:Decrypt', 'kms:GenerateDataKey'],
      };
      expect(kms, route.handler).toEqual(route.permissions.bucket ? expected[route.permissions.bucket] : []);
    }
  });

  it('keeps documents private, encrypted, TLS-only and versioned (recoverable for a while), with access logs', () => {
    data.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      VersioningConfiguration: { Status: 'Enabled' },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'documents/' }),
      // Set by the Web stack, from the site's real origin.
      CorsConfiguration: Match.absent(),
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
          Match.objectLike({ Prefix: 'incoming/', ExpirationInDays: 1, Status: 'Enabled' }),
          Match.objectLike({ Prefix: 'exports/', ExpirationInDays: 1, Status: 'Enabled' }),
        ]),
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

describe('Web stack deployment of the SPA', () => {
  it('caches hashed assets for a year, revalidates pages, and uploads pages after assets', () => {
    const deployments = Object.entries(web.findResources('Custom::CDKBucketDeployment')) as [
      string,
      { Properties: Record<string, unknown>; DependsOn?: string[] },
    ][];
    const assets = deployments.find(([id]) => id.startsWith('Assets'));
    const pages = deployments.find(([id]) => id.startsWith('Pages'));
    expect(assets?.[1].Properties.SystemMetadata).toEqual({
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(pages?.[1].Properties.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    expect(pages?.[1].Properties.DistributionId).toBeDefined();
    expect(pages?.[1].DependsOn ?? []).toEqual(expect.arrayContaining([assets?.[0]]));
  });
});

describe('Web stack', () => {
  it('writes CloudFront standard logs to a private, encrypted logs bucket with ownership controls, emptied after the log retention', () => {
    const distribution = (Object.values(web.findResources('AWS::CloudFront::Distribution')) as Resource[])[0];
    const logging = (
      distribution?.Properties.DistributionConfig as
        | { Logging?: { Bucket: unknown; Prefix: string } }
        | undefined
    )?.Logging;
    expect(logging?.Prefix).toBe('cloudfront/');
    expect(JSON.stringify(logging?.Bucket)).toContain('CdnLogs');
    const [logsBucket] = Object.entries(web.findResources('AWS::S3::Bucket')).filter(([id]) =>
      id.startsWith('CdnLogs'),
    );
    expect(logsBucket?.[1].Properties).toMatchObject({
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      LifecycleConfiguration: {
        Rules: [expect.objectContaining({ ExpirationInDays: 7, Status: 'Enabled' })],
      },
    });
  });

  it('compresses the SPA (brotli or gzip, as the local server does: infra/local/static-web.test.ts)', () => {
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          Compress: true,
          // Managed-CachingOptimized: gzip and brotli enabled in the cache key, which CloudFront
          // needs to compress at all.
          CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6',
        }),
      }),
    });
  });

  it('serves the SPA over HTTPS from a private bucket, /api/* uncached to the API, with a strict CSP', () => {
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
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
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: [Match.objectLike({ PathPattern: '/api/*', ViewerProtocolPolicy: 'https-only' })],
      }),
    });
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    // The routing and the 404 status the local server runs too (infra/stacks/spa-routing.test.ts),
    // on the request and on the response of the SPA's behaviour.
    const functionIds = Object.fromEntries(
      Object.entries(web.findResources('AWS::CloudFront::Function')).map(([id, fn]) => {
        expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
        return [fn.Properties.FunctionCode as string, id];
      }),
    );
    expect(Object.keys(functionIds).sort()).toEqual([SPA_ROUTING, SPA_STATUS].sort());
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [
            {
              EventType: 'viewer-request',
              FunctionARN: { 'Fn::GetAtt': [functionIds[SPA_ROUTING], 'FunctionARN'] },
            },
            {
              EventType: 'viewer-response',
              FunctionARN: { 'Fn::GetAtt': [functionIds[SPA_STATUS], 'FunctionARN'] },
            },
          ],
        }),
      }),
    });
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

describe('Edge stack (CloudFront firewall)', () => {
  it('lives in us-east-1, the only region a CloudFront web ACL can be in, and holds no data', () => {
    expect(built.edgeStack.region).toBe('us-east-1');
    expect(
      Object.keys(edge.toJSON().Resources ?? {})
        .map((id) => edge.toJSON().Resources[id].Type)
        .sort(),
    ).toEqual(['AWS::Logs::LogGroup', 'AWS::WAFv2::LoggingConfiguration', 'AWS::WAFv2::WebACL']);
  });

  it('logs to CloudWatch Logs (aws-waf-logs-…, kept as every log), without the Authorization and Cookie headers', () => {
    edge.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: 'aws-waf-logs-relocation-prod',
      RetentionInDays: 7,
    });
    const logging = (Object.values(edge.findResources('AWS::WAFv2::LoggingConfiguration')) as Resource[])[0];
    expect(logging?.Properties.RedactedFields).toEqual([
      { SingleHeader: { Name: 'authorization' } },
      { SingleHeader: { Name: 'cookie' } },
    ]);
    expect(JSON.stringify(logging?.Properties.LogDestinationConfigs)).toContain(
      ':log-group:aws-waf-logs-relocation-prod"',
    );
    expect(JSON.stringify(logging?.Properties.ResourceArn)).toContain('SiteFirewall');
  });

  it('rate-limits the API and the sign-in pages per IP and runs AWS managed common and known-bad-inputs rules', () => {
    const acl = (Object.values(edge.findResources('AWS::WAFv2::WebACL')) as Resource[])[0]?.Properties ?? {};
    expect(acl.Scope).toBe('CLOUDFRONT');
    const rules = acl.Rules as { Name: string; Statement: Record<string, unknown> }[];
    expect(rules.map((rule) => rule.Name)).toEqual([
      'ApiRateLimit',
      'SignInPagesRateLimit',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    const [api, signIn] = rules.map((rule) => JSON.stringify(rule.Statement));
    expect(api).toContain('"SearchString":"/api/"');
    expect(signIn).toContain('"SearchString":"/login"');
    expect(signIn).toContain('"SearchString":"/signup"');
  });

  it('is attached to the distribution', () => {
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: Match.anyValue() }),
    });
  });
});

describe('a stage on its own domain (prod)', () => {
  it('serves the SPA on the domain with TLS 1.2+, and the API only through CloudFront', () => {
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['app.relocate-germany.de'],
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021' }),
        Origins: Match.arrayWith([Match.objectLike({ DomainName: 'api.app.relocate-germany.de' })]),
      }),
    });
    api.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    api.hasResourceProperties('AWS::ApiGatewayV2::DomainName', { DomainName: 'api.app.relocate-germany.de' });
  });

  it('allows uploads from the domain (CORS) and links to it in mails', () => {
    expect(JSON.stringify(web.findResources('Custom::AWS'))).toContain('https://app.relocate-germany.de');
    for (const fn of Object.values(apis.findResources('AWS::Lambda::Function')) as Resource[]) {
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.APP_ORIGIN).toBe('https://app.relocate-germany.de');
    }
  });
});

describe('a stage on its CloudFront URL (dev)', () => {
  let dev: ReturnType<typeof buildApp>;
  beforeAll(() => {
    dev = buildApp(undefined, 'dev');
  }, 60_000);

  it('keeps the execute-api endpoint CloudFront forwards to', () => {
    const devApi = Template.fromStack(dev.apiStack);
    devApi.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: Match.absent() });
  });

  it("sets the documents bucket's CORS to the distribution's own domain, so uploads work after the first deploy", () => {
    const devWeb = Template.fromStack(dev.webStack);
    const cors = JSON.stringify(Object.values(devWeb.findResources('Custom::AWS'))[0]);
    expect(cors).toContain('putBucketCors');
    // The rule is rendered as a JSON string around the distribution's domain name (a token).
    expect(cors).toContain('AllowedOrigins');
    expect(cors).toMatch(/"Fn::GetAtt":\["Cdn[0-9A-F]+","DomainName"\]/);
  });

  it('publishes the origin in SSM, where the functions that write links read it', () => {
    const devWeb = Template.fromStack(dev.webStack);
    devWeb.hasResourceProperties('AWS::SSM::Parameter', {
      Name: '/relocation/dev/app-origin',
      Value: {
        'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('^Cdn'), 'DomainName'] }]],
      },
    });
    const devApi = routeStacksOf(dev);
    const policies = Object.entries(devApi.findResources('AWS::IAM::Policy')) as [string, Resource][];
    for (const route of routes) {
      const fn = Object.entries(devApi.findResources('AWS::Lambda::Function')).find(([id]) =>
        id.startsWith(pascal(route.handler)),
      )?.[1] as Resource;
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.APP_ORIGIN, route.handler).toBeUndefined();
      expect(variables.APP_ORIGIN_PARAMETER, route.handler).toBe('/relocation/dev/app-origin');
      const policy = policies.find(([id]) =>
        id.startsWith(`${pascal(route.handler)}ServiceRoleDefaultPolicy`),
      );
      const reads = JSON.stringify(policy?.[1] ?? {}).includes('ssm:GetParameter');
      expect(reads, route.handler).toBe(Boolean(route.permissions.mail || route.permissions.links));
    }
  });
});

describe('SES feedback', () => {
  it('sends every mail with a configuration set that suppresses bounces and complaints and publishes them', () => {
    data.hasResourceProperties('AWS::SES::ConfigurationSet', {
      Name: 'relocation-prod',
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    });
    auth.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: 'relocation-prod',
      EventDestination: Match.objectLike({
        MatchingEventTypes: ['bounce', 'complaint'],
        SnsDestination: Match.anyValue(),
      }),
    });
    // SES may publish to the feedback topic (a topic policy replaces SNS's default one).
    auth.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'ses.amazonaws.com' }, Action: 'sns:Publish' }),
        ]),
      }),
    });
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({ ConfigurationSet: Match.anyValue() }),
    });
    for (const route of routes.filter((r) => r.permissions.mail)) {
      const fn = Object.entries(apis.findResources('AWS::Lambda::Function')).find(([id]) =>
        id.startsWith(pascal(route.handler)),
      )?.[1] as Resource;
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.MAIL_CONFIGURATION_SET, route.handler).toBe('relocation-prod');
    }
    expect(JSON.stringify(apis.findResources('AWS::IAM::Policy'))).toContain(
      ':configuration-set/relocation-prod',
    );
  });

  it('hands the events to the feedback function, whose failures are kept in a dead-letter queue', () => {
    auth.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'lambda' });
    const feedback = Object.entries(auth.findResources('AWS::Lambda::Function')).find(([id]) =>
      id.startsWith('SesFeedback'),
    )?.[1] as Resource;
    expect(feedback.Properties.DeadLetterConfig).toEqual({ TargetArn: expect.anything() });
  });
});

describe('daily reminders', () => {
  const reminderFunction = () =>
    Object.entries(api.findResources('AWS::Lambda::Function')).find(([id]) =>
      id.startsWith('RemindersSendReminders'),
    ) as [string, Resource];

  it('runs the job at 06:00 German time every day, retried, then dead-lettered with an alarm', () => {
    const [functionId, fn] = reminderFunction();
    expect(fn.Properties.Timeout).toBe(900);
    api.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(0 6 * * ? *)',
      ScheduleExpressionTimezone: 'Europe/Berlin',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: Match.objectLike({
        Arn: { 'Fn::GetAtt': [functionId, 'Arn'] },
        RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 },
        DeadLetterConfig: { Arn: Match.anyValue() },
      }),
    });
    // With the stage's other alarms, in the Monitoring stack.
    const alarms = Object.values(monitoring.findResources('AWS::CloudWatch::Alarm')) as Resource[];
    expect(alarms.some((a) => a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible')).toBe(true);
  });

  it('the scheduler may invoke only this function and dead-letter only into its queue; the job may mail', () => {
    const [functionId, fn] = reminderFunction();
    const schedulerPolicies = (Object.values(api.findResources('AWS::IAM::Policy')) as Resource[]).filter(
      (p) => JSON.stringify(p.Properties.Roles).includes('RemindersSchedulerRole'),
    );
    const granted = schedulerPolicies.flatMap(statements);
    expect(granted.flatMap((s) => s.Action).sort()).toEqual(['lambda:InvokeFunction', 'sqs:SendMessage']);
    expect(JSON.stringify(granted)).toContain(functionId);
    const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables.MAIL_CONFIGURATION_SET).toBe('relocation-prod');
  });
});

describe('GuardDuty Malware Protection for uploads', () => {
  it('scans the staging prefix of the documents bucket and tags the result, where the stage enables it', () => {
    data.hasResourceProperties('AWS::GuardDuty::MalwareProtectionPlan', {
      ProtectedResource: { S3Bucket: { BucketName: Match.anyValue(), ObjectPrefixes: ['incoming/'] } },
      Actions: { Tagging: { Status: 'ENABLED' } },
    });
    const dev = Template.fromStack(buildApp(undefined, 'dev').dataStack);
    dev.resourceCountIs('AWS::GuardDuty::MalwareProtectionPlan', 0);
  });

  it("lets the routes that confirm uploads read the scan's tag, and tells them to wait for it", () => {
    const policies = Object.entries(apis.findResources('AWS::IAM::Policy')) as [string, Resource][];
    const functions = Object.entries(apis.findResources('AWS::Lambda::Function')) as [string, Resource][];
    for (const route of routes) {
      const policy = policies.find(([id]) =>
        id.startsWith(`${pascal(route.handler)}ServiceRoleDefaultPolicy`),
      );
      const fn = functions.find(([id]) => id.startsWith(pascal(route.handler)))?.[1] as Resource;
      const confirms = route.permissions.bucket === 'write';
      expect(JSON.stringify(policy?.[1] ?? {}).includes('s3:GetObjectTagging'), route.handler).toBe(confirms);
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.MALWARE_SCAN, route.handler).toBe(confirms ? 'guardduty' : undefined);
    }
  });
});
