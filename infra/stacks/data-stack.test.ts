import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TABLE_KEYS } from '@functions/store/table';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { launchRehearsal } from '../config/launch-rehearsal';
import { RECOVERY_DAYS, STAGES, stageConfig } from '../config/stages';
import { BACKUP_POLICIES, DataStack } from './data-stack';
import { addStageStacks } from './stage-stacks';

const synth = (stage: string) =>
  Template.fromStack(new DataStack(new App(), 'Data', { config: stageConfig(stage) }));

/** The documents bucket: the one with server access logging. */
const documentsBucket = (template: Template) => {
  const buckets = Object.values(template.findResources('AWS::S3::Bucket')) as {
    Properties: Record<string, unknown>;
  }[];
  const found = buckets.filter((bucket) => bucket.Properties.LoggingConfiguration);
  expect(found).toHaveLength(1);
  return found[0]?.Properties ?? {};
};

// Each synth bundles the catalogue seed Lambda with esbuild: seconds on a busy 2-core machine.
describe('DataStack', { timeout: 30_000 }, () => {
  it('builds the table and its GSIs from the shared key declaration', () => {
    synth('dev').hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      GlobalSecondaryIndexes: TABLE_KEYS.indexes.map((index) =>
        Match.objectLike({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
        }),
      ),
    });
  });

  it('retains and deletion-protects the table in prod only', () => {
    synth('prod').hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        Replicas: [
          Match.objectLike({
            DeletionProtectionEnabled: true,
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          }),
        ],
      }),
    });
    synth('dev').hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Delete' });
  });

  it("keeps the table restorable for the recovery window, which is the privacy policy's 35 days", () => {
    expect(RECOVERY_DAYS).toBe(35);
    synth('dev').hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [
        Match.objectLike({
          PointInTimeRecoverySpecification: {
            PointInTimeRecoveryEnabled: true,
            RecoveryPeriodInDays: RECOVERY_DAYS,
          },
        }),
      ],
    });
  });

  it('versions the documents: noncurrent versions for the recovery window, staged uploads and exports a day, no stale delete markers', () => {
    for (const stage of STAGES) {
      const documents = documentsBucket(synth(stage));
      expect(documents.VersioningConfiguration, stage).toEqual({ Status: 'Enabled' });
      expect(documents.LifecycleConfiguration, stage).toEqual({
        Rules: [
          {
            AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
            NoncurrentVersionExpiration: { NoncurrentDays: RECOVERY_DAYS },
            ExpiredObjectDeleteMarker: true,
            Status: 'Enabled',
          },
          {
            Prefix: 'incoming/',
            ExpirationInDays: 1,
            NoncurrentVersionExpiration: { NoncurrentDays: 1 },
            Status: 'Enabled',
          },
          {
            Prefix: 'exports/',
            ExpirationInDays: 1,
            NoncurrentVersionExpiration: { NoncurrentDays: 1 },
            Status: 'Enabled',
          },
        ],
      });
    }
  });

  it('backs the table and the documents up daily in prod, kept for the recovery window', () => {
    const prod = synth('prod');
    prod.resourceCountIs('AWS::Backup::BackupVault', 1);
    prod.hasResource('AWS::Backup::BackupVault', { DeletionPolicy: 'Retain' });
    prod.hasResourceProperties('AWS::Backup::BackupPlan', {
      BackupPlan: {
        BackupPlanRule: [
          Match.objectLike({
            RuleName: 'Daily',
            ScheduleExpression: 'cron(0 3 * * ? *)',
            Lifecycle: { DeleteAfterDays: RECOVERY_DAYS },
          }),
        ],
      },
    });
    const tableId = Object.keys(prod.findResources('AWS::DynamoDB::GlobalTable'))[0];
    const bucketId = Object.entries(prod.findResources('AWS::S3::Bucket')).find(
      ([, bucket]) => bucket.Properties.LoggingConfiguration,
    )?.[0];
    const selections = Object.values(prod.findResources('AWS::Backup::BackupSelection'));
    expect(selections).toHaveLength(1);
    const selection = selections[0]?.Properties.BackupSelection;
    expect(selection.Resources).toEqual([
      { 'Fn::GetAtt': [tableId, 'Arn'] },
      { 'Fn::GetAtt': [bucketId, 'Arn'] },
    ]);
    // The selection's role: assumed by AWS Backup only, with AWS's policies for DynamoDB and S3.
    const roleId = selection.IamRoleArn['Fn::GetAtt'][0];
    const role = prod.findResources('AWS::IAM::Role')[roleId];
    expect(role?.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({ Effect: 'Allow', Principal: { Service: 'backup.amazonaws.com' } }),
    ]);
    expect(
      ((role?.Properties.ManagedPolicyArns ?? []) as { 'Fn::Join': [string, unknown[]] }[]).map((arn) =>
        String(arn['Fn::Join'][1].at(-1)),
      ),
    ).toEqual(BACKUP_POLICIES.map((name) => `:iam::aws:policy/${name}`));
    expect(role?.Properties.Policies).toBeUndefined();
  });

  it('has no backup plan outside prod', () => {
    for (const stage of STAGES.filter((s) => s !== 'prod')) {
      const template = synth(stage);
      template.resourceCountIs('AWS::Backup::BackupVault', 0);
      template.resourceCountIs('AWS::Backup::BackupPlan', 0);
      template.resourceCountIs('AWS::Backup::BackupSelection', 0);
    }
  });

  it('protects the stateful stacks (Data, Auth) from deletion everywhere but dev, which npm run destroy removes', () => {
    for (const stage of STAGES) {
      const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
      const stacks = addStageStacks(app, launchRehearsal(stageConfig(stage)), {
        env: { account: '123456789012', region: 'eu-central-1' },
        siteDir: mkdtempSync(join(tmpdir(), 'site-')),
      });
      const protectedStacks = Object.entries(stacks)
        .filter(([, stack]) => stack.terminationProtection)
        .map(([name]) => name);
      expect(protectedStacks, stage).toEqual(stage === 'dev' ? [] : ['data', 'auth']);
    }
  });

  it('refuses an unknown stage', () => {
    expect(() => stageConfig('qa')).toThrow('Unknown stage "qa"');
  });
});
