import type { DeletionRequest } from '@shared/api';
import { env } from '../config';
import { accountNotDeleted } from './accounts';
import { queryAll, transact } from './client';
import { countDeletionRequest, customersOnly } from './customer-index';
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
          // Customers only: the dashboard counts their requests.
          ...customersOnly('attribute_exists(PK) AND deletion_requested = :false', {
            ':true': true,
            ':false': false,
            ':at': request.requested_at,
            ':by': requestedBy,
          }),
        },
      },
      accountNotDeleted(request.user_id),
      ...countDeletionRequest(request.user_id, 1),
    ],
    'deletionPending',
  );
}

/** Pending deletion requests, newest first (one GSI1 Query, paged through). */
export async function listPendingDeletionRequests(): Promise<DeletionRequest[]> {
  const items = await queryAll({ partition: PENDING_DELETIONS, index: true, newestFirst: true });
  return items.map(deletionRequests.fromItem);
}

/**
 * Closes a pending request, withdrawn by the customer or rejected by the team: the request
 * goes and the profile flag clears together. No pending request (or a deleted account) is a
 * conflict, so a repeated answer changes nothing.
 */
export async function closeDeletionRequest(userId: string): Promise<void> {
  await transact(
    [
      {
        Delete: {
          TableName: env.tableName,
          Key: deletionRequests.key(userId),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      {
        Update: {
          TableName: env.tableName,
          Key: profiles.key(userId),
          UpdateExpression:
            'SET deletion_requested = :false, deletion_requested_at = :null, deletion_requested_by = :null',
          ConditionExpression: 'attribute_exists(PK) AND deletion_requested = :true AND #role = :customer',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: {
            ':customer': 'customer',
            ':true': true,
            ':false': false,
            ':null': null,
          },
        },
      },
      accountNotDeleted(userId),
      ...countDeletionRequest(userId, -1),
    ],
    'noDeletionRequest',
  );
}
