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
import { CustomResource, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, Billing, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Provider } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { exportName, LOG_RETENTION_DAYS, type StageConfig } from '../config/stages';
import { LOG_RETENTION, lambdaFor, type ResourceRef } from './lambda';

const LOCALES = join(import.meta.dirname, '../../shared/locales');

/** The single table (from the same key declaration the local stack uses) and the documents bucket. */
export class DataStack extends Stack {
  readonly table: TableV2;
  readonly documents: Bucket;
  /** For functions in the other stacks: imports of this stack's fixed-name exports. */
  readonly tableRef: ResourceRef;
  readonly documentsRef: ResourceRef;
  /** The catalogue seed function (its errors alarm in the API stack). */
  readonly seed: IFunction;

  constructor(scope: Construct, id: string, props: StackProps & { config: StageConfig }) {
    super(scope, id, props);
    const { protectData, origin } = props.config;
    const removalPolicy = protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const key = (name: string) => ({ name, type: AttributeType.STRING });
    this.table = new TableV2(this, 'Table', {
      partitionKey: key(TABLE_KEYS.partitionKey),
      sortKey: key(TABLE_KEYS.sortKey),
      billing: Billing.onDemand(),
      encryption: TableEncryptionV2.awsManagedKey(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
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

    const accessLogs = new Bucket(this, 'DocumentsAccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(LOG_RETENTION_DAYS) }],
      removalPolicy,
      autoDeleteObjects: !protectData,
    });
    this.documents = new Bucket(this, 'Documents', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Not versioned, on purpose: keys are write-once (every upload and replacement gets a new
      // key, nothing is overwritten) and deletion must be final (the privacy policy promises
      // permanent removal with the account), so old versions would only keep what we deleted.
      versioned: false,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'documents/',
      cors: [
        {
          allowedOrigins: [origin],
          allowedMethods: [HttpMethods.PUT, HttpMethods.GET],
          allowedHeaders: ['content-type'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Uploads nobody confirmed (closed tab, failed check) never reach their final key.
        { prefix: INCOMING_PREFIX, expiration: Duration.days(INCOMING_EXPIRY_DAYS) },
        // Data exports are copies of a customer's data: kept only as long as their link is useful.
        { prefix: EXPORTS_PREFIX, expiration: Duration.days(EXPORT_EXPIRY_DAYS) },
      ],
      removalPolicy,
      autoDeleteObjects: !protectData,
    });

    const share = (value: string, what: Parameters<typeof exportName>[1]) =>
      this.exportValue(value, { name: exportName(props.config, what) });
    this.tableRef = {
      name: share(this.table.tableName, 'TableName'),
      arn: share(this.table.tableArn, 'TableArn'),
    };
    this.documentsRef = {
      name: share(this.documents.bucketName, 'DocumentsName'),
      arn: share(this.documents.bucketArn, 'DocumentsArn'),
    };

    // The catalogue is seeded at deploy; the hash makes a changed catalogue re-run the seed.
    this.seed = lambdaFor(
      this,
      'SeedCatalogue',
      'jobs',
      'seed-catalogue',
      JOB_PERMISSIONS['seed-catalogue'],
      { config: props.config, table: { name: this.table.tableName, arn: this.table.tableArn } },
    );
    new CustomResource(this, 'Catalogue', {
      serviceToken: new Provider(this, 'CatalogueProvider', {
        onEventHandler: this.seed,
        logGroup: new LogGroup(this, 'CatalogueProviderLogs', { retention: LOG_RETENTION }),
      }).serviceToken,
      properties: { version: catalogueHash() },
    });
  }
}

function catalogueHash(): string {
  const files = ['en', 'de'].map((lng) => readFileSync(join(LOCALES, lng, 'catalogue.json'), 'utf8'));
  return createHash('sha256').update(JSON.stringify({ PHASES, TASK_TEMPLATES, files })).digest('hex');
}
