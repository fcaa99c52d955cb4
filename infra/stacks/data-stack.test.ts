import { TABLE_KEYS } from '@functions/store/table';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { stageConfig } from '../config/stages';
import { DataStack } from './data-stack';

const synth = (stage: string) =>
  Template.fromStack(new DataStack(new App(), 'Data', { config: stageConfig(stage) }));

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

  it('refuses an unknown stage', () => {
    expect(() => stageConfig('qa')).toThrow('Unknown stage "qa"');
  });
});
