import { join } from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config/stages';
import type { Permissions } from './route-permissions';

const FUNCTIONS = join(import.meta.dirname, '../../functions/src');

export interface FunctionDeps {
  config: StageConfig;
  table: ITableV2;
  bucket?: IBucket;
  userPoolId?: string;
  userPoolArn?: string;
  environment?: Record<string, string>;
}

const RETENTION: Record<number, RetentionDays> = {
  14: RetentionDays.TWO_WEEKS,
  30: RetentionDays.ONE_MONTH,
  90: RetentionDays.THREE_MONTHS,
};

/**
 * One Lambda for one handler module: Node 22 on arm64, an ESM bundle with only what the
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
    runtime: Runtime.NODEJS_24_X,
    architecture: Architecture.ARM_64,
    memorySize: 512,
    timeout: Duration.seconds(10),
    logGroup: new LogGroup(scope, `${id}Logs`, { retention: RETENTION[deps.config.logRetentionDays] }),
    environment: {
      STAGE: deps.config.stage,
      TABLE_NAME: deps.table.tableName,
      APP_ORIGIN: deps.config.origin,
      MAIL_FROM: deps.config.mailFrom,
      ...(deps.bucket ? { BUCKET_NAME: deps.bucket.bucketName } : {}),
      ...(deps.userPoolId ? { USER_POOL_ID: deps.userPoolId } : {}),
      ...deps.environment,
    },
    bundling: {
      format: OutputFormat.ESM,
      target: 'node24',
      minify: true,
      sourceMap: false,
      mainFields: ['module', 'main'],
      // Some SDK dependencies still call require(); ESM bundles need it defined.
      banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
    },
  });
  if (permissions.table === 'read') deps.table.grantReadData(fn);
  if (permissions.table === 'write') deps.table.grantReadWriteData(fn);
  if (permissions.bucket === 'read' && deps.bucket) deps.bucket.grantRead(fn);
  if (permissions.bucket === 'write' && deps.bucket) deps.bucket.grantReadWrite(fn);
  if (permissions.bucket === 'write' && deps.bucket) deps.bucket.grantDelete(fn);
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
        ],
      }),
    );
  }
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
