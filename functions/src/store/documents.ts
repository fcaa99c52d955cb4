import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentRecord } from '@shared/api';
import type { ApiErrorKey } from '@shared/api-errors';
import type { RelocationDocumentType } from '@shared/document-clocks';
import { newestFirst } from '@shared/documents';
import { env } from '../config';
import { accountNotDeleted } from './accounts';
import { type Audit, withAudit } from './audit';
import { dynamo, queryAll, queryFirst, type TransactItems, transact } from './client';
import { stateChange, stateOf } from './customer-index';
import {
  documentById,
  documents,
  profiles,
  type StoredProfile,
  type UploadTicketRecord,
  userPartitionKey,
} from './entities';
import { withStateRead } from './profile-state';
import { consumeTicket } from './uploads';

/** The user's document of a type held once (every type but `other`). */
export async function getDocument(
  userId: string,
  type: Exclude<RelocationDocumentType, 'other'>,
): Promise<DocumentRecord | null> {
  const out = await dynamo().send(
    new GetCommand({ TableName: env.tableName, Key: documents.key(userId, type) }),
  );
  return out.Item ? documents.fromItem(out.Item) : null;
}

/** A document by its id alone (admin routes), through GSI1. */
export async function findDocument(documentId: string): Promise<DocumentRecord | null> {
  const item = await queryFirst({ partition: documentById(documentId), index: true });
  return item ? documents.fromItem(item) : null;
}

/** A user's documents, newest upload first. */
export async function listDocuments(userId: string): Promise<DocumentRecord[]> {
  const items = await queryAll({ partition: userPartitionKey(userId), sortPrefix: documents.sortPrefix });
  return newestFirst(items.map(documents.fromItem));
}

/**
 * The profile's document count moved by one from what was read, and, when it crosses zero,
 * the customer on or off the dashboard's "With Documents" list and count. The first item is
 * the count's update, conditioned on the count read.
 */
function countDocuments({ profile, role }: StoredProfile, delta: 1 | -1): TransactItems {
  const state = stateOf(profile);
  const next = profile.documents_count + delta;
  return [
    {
      Update: {
        TableName: env.tableName,
        Key: profiles.key(profile.id),
        UpdateExpression: 'SET documents_count = :next',
        // The role read too: only a customer is on the dashboard's lists and counts.
        ConditionExpression: 'attribute_exists(PK) AND documents_count = :count AND #role = :role',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':next': next, ':count': profile.documents_count, ':role': role },
      },
    },
    ...(role === 'customer' ? stateChange(profile, state, { ...state, documents: next > 0 }) : []),
  ];
}

/**
 * Writes `record` (first) with the profile's count moved by `delta`: the count is read, then
 * written only if unchanged; a count changed meanwhile (another document of the customer's) is
 * read again, any other failed condition is the `reason` conflict.
 */
function withCount(
  userId: string,
  delta: 1 | -1,
  record: TransactItems[number],
  alongside: TransactItems,
  reason: ApiErrorKey,
): Promise<void> {
  return withStateRead(userId, (stored) => [record, ...countDocuments(stored, delta), ...alongside], {
    conflict: reason,
    ifMissing: 'conflict',
    retryWhen: (failed) => failed[1] === true && failed.filter(Boolean).length === 1,
  });
}

/**
 * Writes a document record and consumes the upload's ticket (so an upload becomes a record
 * at most once). A first upload of its type also counts it on the profile, in the same
 * transaction; a replacement must still find the record it replaces (so two concurrent
 * replacements cannot both win). Nothing is written once the account's deletion has begun.
 * A customer's own upload is recorded (`audit`, done) in the same transaction.
 */
export async function saveDocument(
  document: DocumentRecord,
  previous: DocumentRecord | null,
  ticket: UploadTicketRecord,
  extra: TransactItems = [],
  audit?: Audit,
): Promise<void> {
  const Item = documents.toItem(document);
  const alongside = withAudit([consumeTicket(ticket), accountNotDeleted(document.user_id), ...extra], audit);
  if (previous) {
    await transact(
      [
        {
          Put: {
            TableName: env.tableName,
            Item,
            ConditionExpression: 'file_path = :previous',
            ExpressionAttributeValues: { ':previous': previous.file_path },
          },
        },
        ...alongside,
      ],
      'documentChangedWhileSaving',
    );
    return;
  }
  await withCount(
    document.user_id,
    1,
    { Put: { TableName: env.tableName, Item, ConditionExpression: 'attribute_not_exists(PK)' } },
    alongside,
    'documentChangedWhileSaving',
  );
}

/**
 * Removes a document record and uncounts it, together (with the admin's record of it, pending
 * until the file is gone too); the file goes afterwards.
 */
export async function deleteDocumentRecord(document: DocumentRecord, audit?: Audit): Promise<void> {
  await withCount(
    document.user_id,
    -1,
    {
      Delete: {
        TableName: env.tableName,
        Key: documents.keyOf(document),
        ConditionExpression: 'file_path = :path',
        ExpressionAttributeValues: { ':path': document.file_path },
      },
    },
    withAudit([], audit, 'pending'),
    'documentChanged',
  );
}

/**
 * Sets or clears a document's expiry date, only while the document is the one read (same
 * file) and the account is not being deleted; an admin's record of it goes in the same
 * transaction.
 */
export async function setDocumentExpiry(
  document: DocumentRecord,
  expiresOn: string | null,
  audit?: Audit,
): Promise<void> {
  await transact(
    withAudit(
      [
        {
          Update: {
            TableName: env.tableName,
            Key: documents.keyOf(document),
            UpdateExpression: 'SET expires_on = :expires',
            ConditionExpression: 'file_path = :path',
            ExpressionAttributeValues: { ':expires': expiresOn, ':path': document.file_path },
          },
        },
        accountNotDeleted(document.user_id),
      ],
      audit,
    ),
    'documentChanged',
  );
}
