import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentRecord } from '../../../shared/api';
import { API_ERRORS } from '../../../shared/api-errors';
import type { DocumentType } from '../../../shared/documents';
import { env } from '../config';
import { accountNotDeleted } from './accounts';
import { dynamo, type TransactItems, transact } from './client';
import { keys } from './table';
import { consumeTicket, type UploadTicketItem } from './uploads';

function toDocument(item: Record<string, unknown>): DocumentRecord {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g2, ...document } = item;
  return document as unknown as DocumentRecord;
}

export async function getDocument(userId: string, type: DocumentType): Promise<DocumentRecord | null> {
  const out = await dynamo().send(
    new GetCommand({ TableName: env.tableName, Key: { PK: keys.user(userId), SK: keys.document(type) } }),
  );
  return out.Item ? toDocument(out.Item) : null;
}

/** A user's documents, newest upload first. */
export async function listDocuments(userId: string): Promise<DocumentRecord[]> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: env.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :doc)',
      ExpressionAttributeValues: { ':pk': keys.user(userId), ':doc': keys.documentPrefix() },
    }),
  );
  return (out.Items ?? []).map(toDocument).sort((a, b) => b.uploaded_at.localeCompare(a.uploaded_at));
}

/**
 * Writes a document record and consumes the upload's ticket (so an upload becomes a record
 * at most once). A first upload of its type also counts it on the profile, in the same
 * transaction; a replacement must still find the record it replaces (so two concurrent
 * replacements cannot both win). Nothing is written once the account's deletion has begun.
 */
export async function saveDocument(
  document: DocumentRecord,
  previous: DocumentRecord | null,
  ticket: UploadTicketItem,
): Promise<void> {
  const item = {
    ...document,
    PK: keys.user(document.user_id),
    SK: keys.document(document.document_type),
    GSI1PK: keys.documentById(document.id),
    GSI1SK: keys.byIdSort(),
  };
  const record: TransactItems = previous
    ? [
        {
          Put: {
            TableName: env.tableName,
            Item: item,
            ConditionExpression: 'file_path = :previous',
            ExpressionAttributeValues: { ':previous': previous.file_path },
          },
        },
      ]
    : [
        {
          Put: {
            TableName: env.tableName,
            Item: item,
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        {
          Update: {
            TableName: env.tableName,
            Key: { PK: keys.user(document.user_id), SK: keys.profile() },
            UpdateExpression: 'ADD documents_count :one',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ];
  await transact(
    [...record, consumeTicket(ticket), accountNotDeleted(document.user_id)],
    API_ERRORS.documentChangedWhileSaving,
  );
}

/** Removes a document record and uncounts it, together; the file goes afterwards. */
export async function deleteDocumentRecord(document: DocumentRecord): Promise<void> {
  await transact(
    [
      {
        Delete: {
          TableName: env.tableName,
          Key: { PK: keys.user(document.user_id), SK: keys.document(document.document_type) },
          ConditionExpression: 'file_path = :path',
          ExpressionAttributeValues: { ':path': document.file_path },
        },
      },
      {
        Update: {
          TableName: env.tableName,
          Key: { PK: keys.user(document.user_id), SK: keys.profile() },
          UpdateExpression: 'ADD documents_count :minusOne',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':minusOne': -1 },
        },
      },
    ],
    API_ERRORS.documentChanged,
  );
}
