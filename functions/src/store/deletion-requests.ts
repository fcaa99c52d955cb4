import type { DeletionRequest, Page } from '@shared/api';
import { env } from '../config';
import { accountNotDeleted } from './accounts';
import { type Audit, withAudit } from './audit';
import { queryPage, transact } from './client';
import { countDeletionRequest, customersOnly } from './customer-index';
import { deletionRequests, indexPageKey, PENDING_DELETIONS, profiles } from './entities';

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

/**
 * One page of the pending deletion requests, newest first (one GSI1 Query): the dashboard's
 * card reads as many as it shows, however many are waiting (no read grows with their number).
 */
export async function pendingDeletionRequestPage(
  limit: number,
  cursor: string | null,
): Promise<Page<DeletionRequest>> {
  const page = await queryPage(
    { partition: PENDING_DELETIONS, index: true, newestFirst: true },
    {
      limit,
      cursor,
      shape: indexPageKey((v) => v === PENDING_DELETIONS, deletionRequests.sortPrefix),
    },
  );
  return { items: page.items.map(deletionRequests.fromItem), nextCursor: page.nextCursor };
}

/**
 * Closes a pending request, withdrawn by the customer or rejected by the team: the request
 * goes and the profile flag clears together. No pending request (or a deleted account) is a
 * conflict, so a repeated answer changes nothing.
 */
export async function closeDeletionRequest(userId: string, audit?: Audit): Promise<void> {
  await transact(
    withAudit(
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
      audit,
    ),
    'noDeletionRequest',
  );
}
