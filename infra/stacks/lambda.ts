import { join } from 'node:path';
import { METRICS_NAMESPACE, SERVICE_NAME } from '@functions/lib/metrics';
import type { Permissions } from '@functions/routes';
import { AUDIT_PARTITION_PREFIX } from '@functions/store/entities';
import { EXPORTS_PREFIX, INCOMING_PREFIX } from '@functions/store/object-keys';
import { TABLE_KEYS } from '@functions/store/table';
import { Duration, Stack } from 'aws-cdk-lib';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { stageParameter } from '../config/parameters';
import { configuredOrigin, LOG_RETENTION_DAYS, type StageConfig } from '../config/stages';
import { LAMBDA_BUNDLE } from './bundling.mjs';
import type { GuardrailRef } from './companion-guardrail';

const FUNCTIONS = join(import.meta.dirname, '../../functions/src');

/** Every log group of ours keeps LOG_RETENTION_DAYS (the privacy policy's promise). */
export const LOG_RETENTION = RetentionDays.ONE_WEEK;

/** The Node every function runs on; the project builds and tests on the same major. */
export const LAMBDA_RUNTIME = Runtime.NODEJS_24_X;
if (Number(LOG_RETENTION) !== LOG_RETENTION_DAYS)
  throw new Error('LOG_RETENTION must match LOG_RETENTION_DAYS');

/** A table or bucket as a function sees it: its name (environment) and ARN (policies). */
export interface ResourceRef {
  name: string;
  arn: string;
  /** The customer-managed KMS key its objects are encrypted with. */
  keyArn?: string;
}

/**
 * The SSM parameter the Web stack publishes the SPA's origin in: a stage without its own
 * domain knows its CloudFront URL only after the functions are deployed (app-origin.ts).
 */
export const originParameter = (config: StageConfig) => stageParameter(config.stage, 'app-origin');

/** The SES configuration set of a stage (the Auth stack makes it; every mail is sent with it). */
export const mailConfigurationName = (config: StageConfig) => `relocation-${config.stage}`;

export interface FunctionDeps {
  config: StageConfig;
  table: ResourceRef;
  bucket?: ResourceRef;
  userPoolId?: string;
  userPoolArn?: string;
  /** The Secrets Manager secret that signs unsubscribe links (for `unsubscribeKey` functions). */
  unsubscribeKeyArn?: string;
  /** The companion's guardrail, on a stage whose companion answers with a model. */
  guardrail?: GuardrailRef;
  environment?: Record<string, string>;
  /** For a function invoked asynchronously: where failed events end up. */
  deadLetterQueue?: IQueue;
  /** How long one invocation may run; 10 seconds unless a job needs longer. */
  timeout?: Duration;
}

/**
 * One Lambda for one handler module: Node 24 on arm64, an ESM bundle with only what the
 * module imports, its own log group, and exactly the grants its permissions entry lists.
 */
export function lambdaFor(
  scope: Construct,
  id: string,
  module: 'handlers' | 'triggers' | 'jobs',
  name: string,
  permissions: Permissions,
  deps: FunctionDeps,
): NodejsFunction {
  const fn = new NodejsFunction(scope, id, {
    entry: join(FUNCTIONS, module, `${name}.ts`),
    handler: 'handler',
    runtime: LAMBDA_RUNTIME,
    architecture: Architecture.ARM_64,
    memorySize: 512,
    timeout: deps.timeout ?? Duration.seconds(10),
    ...(deps.deadLetterQueue ? { deadLetterQueue: deps.deadLetterQueue } : {}),
    // X-Ray: each request's path through the function and its AWS SDK calls (lib/tracing.ts).
    tracing: Tracing.ACTIVE,
    logGroup: new LogGroup(scope, `${id}Logs`, { retention: LOG_RETENTION }),
    environment: {
      // Powertools (functions/src/lib/log.ts, metrics.ts): the same service and namespace as
      // the dashboard's; INFO logs (DEBUG lines are dropped).
      POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
      POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
      POWERTOOLS_LOG_LEVEL: 'INFO',
      STAGE: deps.config.stage,
      TABLE_NAME: deps.table.name,
      ...originEnvironment(deps.config),
      MAIL_FROM: deps.config.mailFrom,
      ...(permissions.mail
        ? {
            MAIL_CONFIGURATION_SET: mailConfigurationName(deps.config),
            SUPPORT_EMAIL: deps.config.supportEmail,
          }
        : {}),
      ...(deps.bucket ? { BUCKET_NAME: deps.bucket.name } : {}),
      // Confirming uploads waits for GuardDuty's verdict (functions/src/adapters/malware-scan.ts).
      ...(permissions.bucket === 'write' && deps.config.malwareScan ? { MALWARE_SCAN: 'guardduty' } : {}),
      ...(deps.userPoolId ? { USER_POOL_ID: deps.userPoolId } : {}),
      ...(permissions.unsubscribeKey ? { UNSUBSCRIBE_KEY_SECRET: unsubscribeKeyArn(deps) } : {}),
      ...(permissions.bedrock ? companionEnvironment(deps) : {}),
      ...deps.environment,
    },
    // The settings scripts/bundle-check.mjs measures (bundling.mjs): the AWS SDK bundled too.
    bundling: {
      format: OutputFormat.ESM,
      target: LAMBDA_BUNDLE.target,
      minify: LAMBDA_BUNDLE.minify,
      sourceMap: false,
      mainFields: LAMBDA_BUNDLE.mainFields,
      externalModules: LAMBDA_BUNDLE.external,
      banner: LAMBDA_BUNDLE.banner,
    },
  });
  for (const statement of dataStatements(permissions, deps)) fn.addToRolePolicy(statement);
  if (permissions.mail) {
    fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['ses:SendEmail'],
        resources: [
          Stack.of(scope).formatArn({
            service: 'ses',
            resource: 'identity',
            resourceName: deps.config.mailFrom.split('@')[1] ?? '*',
          }),
          // Sending with the configuration set needs the grant on it too.
          Stack.of(scope).formatArn({
            service: 'ses',
            resource: 'configuration-set',
            resourceName: mailConfigurationName(deps.config),
          }),
        ],
      }),
    );
  }
  if ((permissions.mail || permissions.links) && !configuredOrigin(deps.config)) {
    fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['ssm:GetParameter'],
        resources: [
          Stack.of(scope).formatArn({
            service: 'ssm',
            resource: 'parameter',
            resourceName: originParameter(deps.config).slice(1),
          }),
        ],
      }),
    );
  }
  if (permissions.unsubscribeKey) {
    // Only the functions that sign or verify unsubscribe links may read their key.
    fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['secretsmanager:GetSecretValue'],
        resources: [unsubscribeKeyArn(deps)],
      }),
    );
  }
  for (const statement of companionStatements(scope, permissions, deps)) fn.addToRolePolicy(statement);
  if (permissions.cognito?.length && deps.userPoolArn) {
    fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: [...permissions.cognito],
        resources: [deps.userPoolArn],
      }),
    );
  }
  return fn;
}

function unsubscribeKeyArn(deps: FunctionDeps): string {
  if (!deps.unsubscribeKeyArn)
    throw new Error('A function that signs unsubscribe links needs the key secret');
  return deps.unsubscribeKeyArn;
}

/** How the companion answers (services/companion.ts reads these; locally COMPANION_ANSWERER is unset). */
function companionEnvironment({ config, guardrail }: FunctionDeps): Record<string, string> {
  const companion = config.companion;
  if (companion.answerer !== 'bedrock') return { COMPANION_ANSWERER: companion.answerer };
  if (!guardrail) throw new Error('A function that asks the companion model needs the guardrail');
  return {
    COMPANION_ANSWERER: companion.answerer,
    COMPANION_MODEL_ID: companion.modelId,
    COMPANION_GUARDRAIL_ID: guardrail.id,
    COMPANION_GUARDRAIL_VERSION: guardrail.version,
  };
}

/** A cross-Region inference profile's id starts with its geography (`eu.`, `us.`, `apac.`, `global.`). */
const PROFILE_PREFIX = /^(eu|us|apac|global)\./;

/**
 * The Bedrock resources the companion's model is invoked on: a plain model in the stage's
 * region; an inference profile, and the foundation model behind it in each Region the profile
 * routes to (Bedrock authorizes the call on both). Nothing else: no other model, no wildcard.
 */
function companionModelArns(scope: Construct, config: StageConfig): string[] {
  const companion = config.companion;
  if (companion.answerer !== 'bedrock') return [];
  const stack = Stack.of(scope);
  const foundationModel = (modelId: string, region: string) =>
    stack.formatArn({
      service: 'bedrock',
      region,
      account: '',
      resource: 'foundation-model',
      resourceName: modelId,
    });
  if (!PROFILE_PREFIX.test(companion.modelId)) return [foundationModel(companion.modelId, stack.region)];
  return [
    stack.formatArn({ service: 'bedrock', resource: 'inference-profile', resourceName: companion.modelId }),
    ...companion.modelRegions.map((region) =>
      foundationModel(companion.modelId.replace(PROFILE_PREFIX, ''), region),
    ),
  ];
}

/** Converse with a guardrail needs InvokeModel on the model and ApplyGuardrail on the guardrail. */
function companionStatements(
  scope: Construct,
  permissions: Permissions,
  deps: FunctionDeps,
): PolicyStatement[] {
  if (!permissions.bedrock || deps.config.companion.answerer !== 'bedrock' || !deps.guardrail) return [];
  return [
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: ['bedrock:InvokeModel'],
      resources: companionModelArns(scope, deps.config),
    }),
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: ['bedrock:ApplyGuardrail'],
      resources: [deps.guardrail.arn],
    }),
  ];
}

function originEnvironment(config: StageConfig): Record<string, string> {
  const origin = configuredOrigin(config);
  return origin ? { APP_ORIGIN: origin } : { APP_ORIGIN_PARAMETER: originParameter(config) };
}

const TABLE_READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
const TABLE_WRITE = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

/** Every partition key of the audit trail. */
const AUDIT_KEYS = `${AUDIT_PARTITION_PREFIX}*`;

/**
 * The audit trail is append-only for every function. No function may update or
 * delete an item of an `AUDIT#` partition (in a transaction or not: IAM authorizes each of a
 * transaction's items as its own action), and only a route marked `audit` may put one (as
 * new: store/audit.ts conditions every put on the item's absence).
 */
export function auditTrailGuard(table: ResourceRef, mayAppend: boolean): PolicyStatement {
  return new PolicyStatement({
    effect: Effect.DENY,
    actions: [
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      ...(mayAppend ? [] : ['dynamodb:PutItem']),
    ],
    resources: [table.arn],
    conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [AUDIT_KEYS] } },
  });
}

// Table and bucket grants written out rather than CDK's grant helpers: those add every index
// (index/*), Scan, s3:List* and s3:Abort*, which no route uses. Queries name each index of the
// key design; upload routes may only write under the staging prefix.
export function dataStatements(permissions: Permissions, deps: FunctionDeps): PolicyStatement[] {
  const allow = (actions: string[], resources: string[]) =>
    new PolicyStatement({ effect: Effect.ALLOW, actions, resources });
  const out: PolicyStatement[] = [];
  const { table, bucket } = deps;
  if (permissions.table) {
    const indexes = TABLE_KEYS.indexes.map((index) => `${table.arn}/index/${index.name}`);
    out.push(allow(TABLE_READ, [table.arn, ...indexes]));
    if (permissions.table === 'write') {
      out.push(allow(TABLE_WRITE, [table.arn]));
      out.push(auditTrailGuard(table, permissions.audit === true));
    } else if (permissions.audit) {
      // A reading route that records what it shows (a document's view): new audit records only.
      out.push(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['dynamodb:PutItem'],
          resources: [table.arn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [AUDIT_KEYS] } },
        }),
      );
    }
  }
  if (permissions.bucket && bucket) {
    const objects = `${bucket.arn}/*`;
    if (permissions.bucket === 'upload')
      out.push(allow(['s3:PutObject'], [`${bucket.arn}/${INCOMING_PREFIX}*`]));
    if (permissions.bucket === 'read') out.push(allow(['s3:GetObject'], [objects]));
    if (permissions.bucket === 'export') {
      // Reads a customer's files and writes their archive: new objects only under exports/.
      out.push(allow(['s3:GetObject'], [objects]));
      out.push(allow(['s3:PutObject'], [`${bucket.arn}/${EXPORTS_PREFIX}*`]));
      out.push(allow(['s3:ListBucket'], [bucket.arn]));
    }
    if (permissions.bucket === 'write') {
      out.push(allow(['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], [objects]));
      // Without ListBucket S3 answers a missing object with 403, not 404, and prefixes cannot be listed.
      out.push(allow(['s3:ListBucket'], [bucket.arn]));
      // GuardDuty's verdict is a tag on the staged upload.
      if (deps.config.malwareScan)
        out.push(allow(['s3:GetObjectTagging'], [`${bucket.arn}/${INCOMING_PREFIX}*`]));
    }
    // Objects are encrypted with the documents key: writing needs a data key, reading its decryption.
    if (bucket.keyArn) {
      const kms = {
        upload: ['kms:GenerateDataKey'],
        read: ['kms:Decrypt'],
        export: ['kms:Decrypt', 'kms:GenerateDataKey'],
        write: ['kms:Decrypt', 'kms:GenerateDataKey'],
      }[permissions.bucket];
      out.push(allow(kms, [bucket.keyArn]));
    }
  }
  return out;
}
