import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JOB_PERMISSIONS } from '@functions/routes';
import {
  EXPORT_EXPIRY_DAYS,
  EXPORTS_PREFIX,
  INCOMING_EXPIRY_DAYS,
  INCOMING_PREFIX,
} from '@functions/store/object-keys';
import { TABLE_KEYS } from '@functions/store/table';
import { PHASES, TASK_TEMPLATES } from '@shared/catalogue';
import { CfnOutput, CustomResource, Duration, Fn, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup';
import { AttributeType, Billing, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { CfnMalwareProtectionPlan } from 'aws-cdk-lib/aws-guardduty';
import { ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { ConfigurationSet, EmailIdentity, Identity, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { Provider } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { stageParameter } from '../config/parameters';
import { RECOVERY_DAYS, type StageConfig } from '../config/stages';
import { LOG_RETENTION, lambdaFor, mailConfigurationName, type ResourceRef } from './lambda';
import { logBucket } from './log-bucket';

const LOCALES = join(import.meta.dirname, '../../shared/locales');

/**
 * The single table (from the same key declaration the local stack uses), the documents bucket
 * and its key. The other stacks read them as weak references (`Fn::GetStackOutput`, as
 * cdk.json's recommended flags make every cross-stack reference): outputs read at their deploy,
 * never exports, so replacing the table or bucket cannot be blocked by a stack that imports it
 * (`npm run deploy` deploys the readers after this stack, which then read the new names).
 */
export class DataStack extends Stack {
  readonly table: TableV2;
  readonly documents: Bucket;
  /** The documents' customer-managed key (rotated yearly). */
  readonly documentsKey: Key;
  /** For functions in the other stacks. */
  readonly tableRef: ResourceRef;
  readonly documentsRef: ResourceRef;
  /** The key that signs unsubscribe links (functions read the value themselves). */
  readonly unsubscribeKey: Secret;
  /** Its ARN as an output read by name, for the other stacks' functions (this stack's use the secret's own). */
  readonly unsubscribeKeyArn: string;
  /** The catalogue seed function (its errors alarm in the Monitoring stack). */
  readonly seed: IFunction;

  constructor(scope: Construct, id: string, props: StackProps & { config: StageConfig }) {
    super(scope, id, props);
    const { protectData } = props.config;
    const removalPolicy = protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const key = (name: string) => ({ name, type: AttributeType.STRING });
    this.table = new TableV2(this, 'Table', {
      partitionKey: key(TABLE_KEYS.partitionKey),
      sortKey: key(TABLE_KEYS.sortKey),
      billing: Billing.onDemand(),
      encryption: TableEncryptionV2.awsManagedKey(),
      pointInTimeRecoverySpecification: {
        pointInTimeRecoveryEnabled: true,
        recoveryPeriodInDays: RECOVERY_DAYS,
      },
      deletionProtection: protectData,
      removalPolicy,
      // Tombstones of deleted accounts and unused upload tickets remove themselves.
      timeToLiveAttribute: TABLE_KEYS.timeToLive,
      globalSecondaryIndexes: TABLE_KEYS.indexes.map((index) => ({
        indexName: index.name,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
      })),
    });

    const accessLogs = logBucket(this, 'DocumentsAccessLogs', { keep: protectData });
    // Passports under our own key: its use is logged in CloudTrail, and disabling it locks every copy.
    this.documentsKey = new Key(this, 'DocumentsKey', {
      description: `Relocation ${props.config.stage}: customer documents`,
      enableKeyRotation: true,
      removalPolicy,
    });
    this.documents = new Bucket(this, 'Documents', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.KMS,
      encryptionKey: this.documentsKey,
      // One data key per bucket, not per object: fewer KMS calls (and costs) per upload.
      bucketKeyEnabled: true,
      enforceSSL: true,
      // Versioned: a deleted or overwritten file stays a noncurrent version for RECOVERY_DAYS,
      // the table's point-in-time window, so a mistaken deletion can be undone
      // (npm run restore-customer) and a deleted file is gone for good after the same days as
      // the deleted items, as the privacy page says.
      versioned: true,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'documents/',
      // No CORS here: the Web stack sets it from the site's real origin (its CloudFront URL
      // until the stage has a domain), so uploads work after the first deploy.
      // Where rules overlap, S3 applies the shorter expiration: the prefixes' day wins.
      lifecycleRules: [
        {
          abortIncompleteMultipartUploadAfter: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(RECOVERY_DAYS),
          // A deletion leaves a delete marker; once the versions behind it have expired, it goes too.
          expiredObjectDeleteMarker: true,
        },
        // Uploads nobody confirmed (closed tab, failed check) never reach their final key; the
        // confirmed ones are copied there, so no older version of a staged upload is worth keeping.
        {
          prefix: INCOMING_PREFIX,
          expiration: Duration.days(INCOMING_EXPIRY_DAYS),
          noncurrentVersionExpiration: Duration.days(INCOMING_EXPIRY_DAYS),
        },
        // Data exports are copies of a customer's data: kept only as long as their link is useful.
        {
          prefix: EXPORTS_PREFIX,
          expiration: Duration.days(EXPORT_EXPIRY_DAYS),
          noncurrentVersionExpiration: Duration.days(EXPORT_EXPIRY_DAYS),
        },
      ],
      removalPolicy,
      autoDeleteObjects: !protectData,
    });

    // Named outputs, read by name: the readers' policies say the same in every synthesis, so
    // cdk-nag acknowledgements can name them (infra/nag.ts).
    const share = (name: string, value: string) => {
      new CfnOutput(this, name, { value });
      return Fn.getStackOutput(this.stackName, name, this.region);
    };
    this.tableRef = {
      name: share('TableName', this.table.tableName),
      arn: share('TableArn', this.table.tableArn),
    };
    this.documentsRef = {
      name: share('DocumentsName', this.documents.bucketName),
      arn: share('DocumentsArn', this.documents.bucketArn),
      keyArn: share('DocumentsKeyArn', this.documentsKey.keyArn),
    };
    // Generated by CloudFormation, never in the repository or a template: the functions that
    // sign or verify unsubscribe links read it at cold start (functions/src/adapters/unsubscribe-key.ts).
    // Kept with the data: a new key would void every link already mailed.
    this.unsubscribeKey = new Secret(this, 'UnsubscribeKey', {
      description: "HMAC-SHA256 key of the reminder mails' unsubscribe links",
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy,
    });
    this.unsubscribeKeyArn = share('UnsubscribeKeyArn', this.unsubscribeKey.secretArn);

    if (props.config.malwareScan) this.scanUploads(INCOMING_PREFIX);
    if (props.config.backupPlan) this.backUp();

    // The sender domain everything mails from, and the configuration set every mail goes
    // through: SES suppresses addresses that bounced for good or complained, and the Auth
    // stack's feedback function hears of them (it marks the profile; services/notify.ts stops
    // mailing it). Here, in the first stack, so the domain can be verified (its DKIM records
    // in DNS) before the Auth stack's user pool mails through it.
    const configurationSet = new ConfigurationSet(this, 'Mail', {
      configurationSetName: mailConfigurationName(props.config),
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    new EmailIdentity(this, 'Sender', {
      identity: Identity.domain(props.config.mailFrom.split('@')[1] ?? props.config.mailFrom),
      configurationSet,
    });

    // For the operator's commands (npm run admin, restore-customer): the table and the bucket
    // by their stage, not their generated names.
    new StringParameter(this, 'TableNameParameter', {
      parameterName: stageParameter(props.config.stage, 'table-name'),
      stringValue: this.table.tableName,
    });
    new StringParameter(this, 'DocumentsBucketParameter', {
      parameterName: stageParameter(props.config.stage, 'documents-bucket'),
      stringValue: this.documents.bucketName,
    });

    // The catalogue is seeded at deploy; the hash makes a changed catalogue re-run the seed.
    // The seed then migrates every customer's tasks to it, page by page: Lambda's longest
    // timeout, as that takes longer the more customers a stage has (jobs/seed-catalogue.ts).
    this.seed = lambdaFor(
      this,
      'SeedCatalogue',
      'jobs',
      'seed-catalogue',
      JOB_PERMISSIONS['seed-catalogue'],
      {
        config: props.config,
        table: { name: this.table.tableName, arn: this.table.tableArn },
        timeout: Duration.minutes(15),
      },
    );
    new CustomResource(this, 'Catalogue', {
      serviceToken: new Provider(this, 'CatalogueProvider', {
        onEventHandler: this.seed,
        logGroup: new LogGroup(this, 'CatalogueProviderLogs', { retention: LOG_RETENTION }),
      }).serviceToken,
      properties: { version: catalogueHash() },
    });
  }

  /**
   * A daily AWS Backup of the table and the documents bucket, each kept RECOVERY_DAYS, in a
   * vault of this stack: a second copy outside the table's point-in-time recovery and the
   * bucket's versions, which an operator's mistake on the table or the bucket cannot reach.
   * The service role carries AWS's managed policies for backing up and restoring (DynamoDB,
   * and S3's own pair), as AWS Backup's documentation gives them.
   */
  private backUp() {
    const vault = new BackupVault(this, 'BackupVault', { removalPolicy: RemovalPolicy.RETAIN });
    const plan = new BackupPlan(this, 'BackupPlan', { backupVault: vault });
    plan.addRule(
      new BackupPlanRule({
        ruleName: 'Daily',
        // 03:00 UTC: night in Germany, the quietest hour of the table.
        scheduleExpression: Schedule.cron({ hour: '3', minute: '0' }),
        deleteAfter: Duration.days(RECOVERY_DAYS),
      }),
    );
    const role = new Role(this, 'BackupRole', {
      assumedBy: new ServicePrincipal('backup.amazonaws.com'),
      managedPolicies: BACKUP_POLICIES.map((name) => ManagedPolicy.fromAwsManagedPolicyName(name)),
    });
    plan.addSelection('TableAndDocuments', {
      role,
      disableDefaultBackupPolicy: true,
      resources: [
        BackupResource.fromArn(this.table.tableArn),
        BackupResource.fromArn(this.documents.bucketArn),
      ],
    });
  }

  /**
   * GuardDuty Malware Protection for S3 on the staging prefix: every upload is scanned before
   * the confirm route may accept it, and tagged with the result (SCAN_TAG), which the
   * route reads (functions/src/adapters/malware-scan.ts). The role is the one GuardDuty's
   * documentation gives the service: its managed EventBridge rule, reading and tagging the
   * objects, the bucket's notifications, and the documents key through S3.
   */
  private scanUploads(prefix: string) {
    const bucket = this.documents;
    const role = new Role(this, 'MalwareScanRole', {
      assumedBy: new ServicePrincipal('malware-protection-plan.guardduty.amazonaws.com'),
    });
    const managedBy = {
      StringLike: { 'events:ManagedBy': 'malware-protection-plan.guardduty.amazonaws.com' },
    };
    role.addToPolicy(
      new PolicyStatement({
        actions: ['events:PutRule', 'events:DeleteRule', 'events:PutTargets', 'events:RemoveTargets'],
        resources: [
          this.formatArn({
            service: 'events',
            resource: 'rule',
            resourceName: 'DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3*',
          }),
        ],
        conditions: managedBy,
      }),
    );
    role.addToPolicy(
      new PolicyStatement({
        actions: ['events:DescribeRule', 'events:ListTargetsByRule'],
        resources: [
          this.formatArn({
            service: 'events',
            resource: 'rule',
            resourceName: 'DO-NOT-DELETE-AmazonGuardDutyMalwareProtectionS3*',
          }),
        ],
      }),
    );
    role.addToPolicy(
      new PolicyStatement({
        actions: [
          's3:PutObjectTagging',
          's3:GetObjectTagging',
          's3:GetObject',
          // Named in GuardDuty's documented policy: it scans the version that was uploaded.
          's3:GetObjectVersion',
          's3:GetObjectVersionTagging',
          's3:PutObjectVersionTagging',
        ],
        resources: [bucket.arnForObjects(`${prefix}*`)],
      }),
    );
    role.addToPolicy(
      new PolicyStatement({
        actions: ['s3:PutObject'],
        resources: [bucket.arnForObjects('malware-protection-resource-validation-object')],
      }),
    );
    role.addToPolicy(
      new PolicyStatement({
        actions: ['s3:ListBucket', 's3:GetBucketNotification', 's3:PutBucketNotification'],
        resources: [bucket.bucketArn],
      }),
    );
    role.addToPolicy(
      new PolicyStatement({
        actions: ['kms:GenerateDataKey', 'kms:Decrypt'],
        resources: [this.documentsKey.keyArn],
        conditions: { StringLike: { 'kms:ViaService': `s3.${this.region}.amazonaws.com` } },
      }),
    );
    const plan = new CfnMalwareProtectionPlan(this, 'MalwareScan', {
      role: role.roleArn,
      protectedResource: { s3Bucket: { bucketName: bucket.bucketName, objectPrefixes: [prefix] } },
      actions: { tagging: { status: 'ENABLED' } },
    });
    plan.node.addDependency(role);
  }
}

/** AWS's managed policies for AWS Backup's service role: backup and restore, DynamoDB's and S3's. */
export const BACKUP_POLICIES = [
  'service-role/AWSBackupServiceRolePolicyForBackup',
  'service-role/AWSBackupServiceRolePolicyForRestores',
  'AWSBackupServiceRolePolicyForS3Backup',
  'AWSBackupServiceRolePolicyForS3Restore',
];

function catalogueHash(): string {
  const files = ['en', 'de'].map((lng) => readFileSync(join(LOCALES, lng, 'catalogue.json'), 'utf8'));
  return createHash('sha256').update(JSON.stringify({ PHASES, TASK_TEMPLATES, files })).digest('hex');
}
