import type { DeletionRequest } from '@shared/api';
import { env } from '../config';
import { accountNotDeleted } from './accounts';
import { queryAll, transact } from './client';
import { deletionRequests, PENDING_DELETIONS, profiles } from './entities';

/** The request and the profile flag, together; a second request is a conflict. */
export async function fileDeletionRequest(request: DeletionRequest, requestedBy: string): Promise<void> {
  await transact(
    [
      {
        Put: {
          TableName: env.tableName,
          Item: deletionRequests.toItem(request),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Update: {
          TableName: env.tableName,
          Key: profiles.key(request.user_id),
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
    'deletionPending',
  );
}

/** Pending deletion requests, newest first (one GSI1 Query, paged through). */
export async function listPendingDeletionRequests(): Promise<DeletionRequest[]> {
  const items = await queryAll({ partition: PENDING_DELETIONS, index: true, newestFirst: true });
  return items.map(deletionRequests.fromItem);
}
