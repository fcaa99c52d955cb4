import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DeletionRequest } from '../../../shared/api';
import { API_ERRORS } from '../../../shared/api-errors';
import { env } from '../config';
import { accountNotDeleted } from './accounts';
import { batchWrite, dynamo, transact } from './client';
import { keys } from './table';
import { plain, userPartitionKeys } from './user-partition';

/** The request and the profile flag, together; a second request is a conflict. */
export async function fileDeletionRequest(request: DeletionRequest, requestedBy: string): Promise<void> {
  await transact(
    [
      {
        Put: {
          TableName: env.tableName,
          Item: {
            ...request,
            PK: keys.user(request.user_id),
            SK: keys.deletionRequest(),
            GSI1PK: keys.pendingDeletions(),
            GSI1SK: `${request.requested_at}#${request.user_id}`,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Update: {
          TableName: env.tableName,
          Key: { PK: keys.user(request.user_id), SK: keys.profile() },
          UpdateExpression:
            'SET deletion_requested = :true, deletion_requested_at = :at, deletion_requested_by = :by',
          ConditionExpression: 'attribute_exists(PK) AND deletion_requested = :false',
          ExpressionAttributeValues: {
            ':true': true,
            ':false': false,
            ':at': request.requested_at,
            ':by': requestedBy,
          },
        },
      },
      accountNotDeleted(request.user_id),
    ],
    API_ERRORS.deletionPending,
  );
}

/** Deletes every item of a user's partition, the profile last (until then the user stays findable). */
export async function deleteUserItems(userId: string): Promise<void> {
  const all = await userPartitionKeys(userId);
  const others = all.filter((key) => key.SK !== keys.profile());
  await batchWrite(
    env.tableName,
    others.map((Key) => ({ DeleteRequest: { Key } })),
  );
  await dynamo().send(
    new DeleteCommand({ TableName: env.tableName, Key: { PK: keys.user(userId), SK: keys.profile() } }),
  );
}

/** Pending deletion requests, newest first (one GSI1 Query, paged through). */
export async function listPendingDeletionRequests(): Promise<DeletionRequest[]> {
  const found: DeletionRequest[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: env.tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.pendingDeletions() },
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(out.Items ?? []).map((item) => plain<DeletionRequest>(item)));
    start = out.LastEvaluatedKey;
  } while (start);
  return found;
}
