// Upload tickets (README 'Key design'): an issued presigned upload, bound to its user, its
// document (type, or the document an admin replaces) and its file, confirmed at most once.

import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentType } from '../../../shared/documents';
import { env } from '../config';
import { createForUser } from './accounts';
import { dynamo, type TransactItems } from './client';
import { keys } from './table';

export interface UploadTicketItem {
  upload_id: string;
  user_id: string;
  document_type: DocumentType;
  /** Set when an admin replaces this document; null for a customer's own upload. */
  document_id: string | null;
  file_name: string;
  /** The final object key; the upload itself is staged under incoming/ + key. */
  key: string;
  created_at: string;
  /** Epoch seconds: after this the ticket is void (and DynamoDB's TTL removes it). */
  expires_at: number;
  /** Set while one confirm works on it, so a parallel confirm of the same upload gets 409. */
  claimed_at?: string;
}

/**
 * A claim older than this belongs to a confirm that died (Lambda timeout is 10 s): another
 * confirm may take the ticket over, so a crash never blocks the upload for good.
 */
const CLAIM_LEASE_MS = 60_000;

const ticketKey = (userId: string, uploadId: string) => ({
  PK: keys.user(userId),
  SK: keys.upload(uploadId),
});

/** Records a new ticket, unless its id is taken ('exists') or the account is being deleted. */
export function putTicket(ticket: UploadTicketItem): Promise<'created' | 'exists' | 'deleted'> {
  return createForUser(ticket.user_id, { ...ticketKey(ticket.user_id, ticket.upload_id), ...ticket });
}

export async function getTicket(userId: string, uploadId: string): Promise<UploadTicketItem | null> {
  const out = await dynamo().send(
    new GetCommand({ TableName: env.tableName, Key: ticketKey(userId, uploadId), ConsistentRead: true }),
  );
  if (!out.Item) return null;
  const { PK: _pk, SK: _sk, ...ticket } = out.Item;
  return ticket as UploadTicketItem;
}

/** Takes the ticket for one confirm; false when another confirm holds it. */
export async function claimTicket(ticket: UploadTicketItem, now: Date): Promise<boolean> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: ticketKey(ticket.user_id, ticket.upload_id),
        UpdateExpression: 'SET claimed_at = :now',
        ConditionExpression:
          'attribute_exists(PK) AND (attribute_not_exists(claimed_at) OR claimed_at < :stale)',
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ':stale': new Date(now.getTime() - CLAIM_LEASE_MS).toISOString(),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Gives a claimed ticket back after a failure that a retry may overcome. */
export async function releaseTicket(ticket: UploadTicketItem): Promise<void> {
  await dynamo()
    .send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: ticketKey(ticket.user_id, ticket.upload_id),
        UpdateExpression: 'REMOVE claimed_at',
        ConditionExpression: 'attribute_exists(PK)',
      }),
    )
    .catch((error: unknown) => {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    });
}

/** Voids a ticket whose upload was refused or lost its race. */
export async function deleteTicket(ticket: UploadTicketItem): Promise<void> {
  await dynamo().send(
    new DeleteCommand({ TableName: env.tableName, Key: ticketKey(ticket.user_id, ticket.upload_id) }),
  );
}

/** Consumes the ticket inside the transaction that records its document (exactly once). */
export function consumeTicket(ticket: UploadTicketItem): TransactItems[number] {
  return {
    Delete: {
      TableName: env.tableName,
      Key: ticketKey(ticket.user_id, ticket.upload_id),
      ConditionExpression: 'attribute_exists(PK)',
    },
  };
}
