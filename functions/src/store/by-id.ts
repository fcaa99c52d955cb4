import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { env } from '../config';
import { dynamo } from './client';
import { plain } from './user-partition';

/** An item found by its id through GSI1 (admin routes address documents, tasks, workflows by id). */
export async function findById<T>(gsiKey: string): Promise<T | null> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: env.tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': gsiKey },
      Limit: 1,
    }),
  );
  const item = out.Items?.[0];
  return item ? plain<T>(item) : null;
}
