// The restored table on AWS: the stage's table restored to a moment (DynamoDB point-in-time
// recovery, RECOVERY_DAYS back at most) into a table of its own, named by the moment, so a
// dry run's table is found again by the run that applies (a restore takes minutes to hours).
import {
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  RestoreTableToPointInTimeCommand,
  type TableDescription,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import type { RestoredTableProvider } from './restore';

/** The restored table's name: the live table's, and the moment. */
export const restoredTableName = (liveTable: string, at: Date) =>
  `${liveTable}-restore-${at.toISOString().replace(/[:.]/g, '')}`;

async function describe(client: DynamoDBClient, name: string): Promise<TableDescription | null> {
  try {
    return (await client.send(new DescribeTableCommand({ TableName: name }))).Table ?? null;
  } catch (error) {
    if ((error as { name?: string }).name === 'ResourceNotFoundException') return null;
    throw error;
  }
}

export function pointInTimeRestore(liveTable: string, print: (line: string) => void): RestoredTableProvider {
  return async (at) => {
    const client = new DynamoDBClient({});
    const name = restoredTableName(liveTable, at);
    const found = await describe(client, name);
    if (found) {
      const summary = found.RestoreSummary;
      if (
        !summary?.SourceTableArn?.endsWith(`/${liveTable}`) ||
        summary.RestoreDateTime?.getTime() !== at.getTime()
      )
        throw new Error(
          `${name} exists but is no restore of ${liveTable} at ${at.toISOString()}: delete it first.`,
        );
      print(`Using the restore begun earlier: ${name} (${found.TableStatus})`);
    } else {
      await client.send(
        new RestoreTableToPointInTimeCommand({
          SourceTableName: liveTable,
          TargetTableName: name,
          RestoreDateTime: at,
        }),
      );
      print(`Restoring ${liveTable} as it was at ${at.toISOString()} into ${name}…`);
    }
    print('Waiting for the restored table (minutes to hours, by the table size)…');
    await waitUntilTableExists(
      { client, maxWaitTime: 12 * 3600, minDelay: 30, maxDelay: 120 },
      { TableName: name },
    );
    return {
      name,
      dispose: async () => {
        await client.send(new DeleteTableCommand({ TableName: name }));
        print(`Deleted the restored table ${name}.`);
      },
    };
  };
}
