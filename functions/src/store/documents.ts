import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentRecord } from '@shared/api';
import { type DocumentType, newestFirst } from '@shared/documents';
import { env } from '../config';
import { accountNotDeleted } from './accounts';
import { dynamo, queryAll, queryFirst, type TransactItems, transact } from './client';
import { documentById, documents, profiles, type UploadTicketRecord, userPartitionKey } from './entities';
import { consumeTicket } from './uploads';

export async function getDocument(userId: string, type: DocumentType): Promise<DocumentRecord | null> {
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

/** Adds `delta` to the profile's document count, inside a transaction. */
const countDocuments = (userId: string, delta: 1 | -1): TransactItems[number] => ({
  Update: {
    TableName: env.tableName,
    Key: profiles.key(userId),
    UpdateExpression: 'ADD documents_count :delta',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':delta': delta },
  },
});

/**
 * Writes a document record and consumes the upload's ticket (so an upload becomes a record
 * at most once). A first upload of its type also counts it on the profile, in the same
 * transaction; a replacement must still find the record it replaces (so two concurrent
 * replacements cannot both win). Nothing is written once the account's deletion has begun.
 */
export async function saveDocument(
  document: DocumentRecord,
  previous: DocumentRecord | null,
  ticket: UploadTicketRecord,
): Promise<void> {
  const Item = documents.toItem(document);
  const record: TransactItems = previous
    ? [
        {
          Put: {
            TableName: env.tableName,
            Item,
            ConditionExpression: 'file_path = :previous',
            ExpressionAttributeValues: { ':previous': previous.file_path },
          },
        },
      ]
    : [
        { Put: { TableName: env.tableName, Item, ConditionExpression: 'attribute_not_exists(PK)' } },
        countDocuments(document.user_id, 1),
      ];
  await transact(
    [...record, consumeTicket(ticket), accountNotDeleted(document.user_id)],
    'documentChangedWhileSaving',
  );
}

/** Removes a document record and uncounts it, together; the file goes afterwards. */
export async function deleteDocumentRecord(document: DocumentRecord): Promise<void> {
  await transact(
    [
      {
        Delete: {
          TableName: env.tableName,
          Key: documents.keyOf(document),
          ConditionExpression: 'file_path = :path',
          ExpressionAttributeValues: { ':path': document.file_path },
        },
      },
      countDocuments(document.user_id, -1),
    ],
    'documentChanged',
  );
}
