// Upload tickets (README 'Key design'): an issued presigned upload, bound to its user, its
// document (type, or the document an admin replaces) and its file, confirmed at most once.
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { env } from '../config';
import { createForUser } from './accounts';
import { dynamo, type TransactItems, tryUpdate } from './client';
import { type UploadTicketRecord, uploadTickets } from './entities';

/**
 * A claim older than this belongs to a confirm that died (Lambda timeout is 10 s): another
 * confirm may take the ticket over, so a crash never blocks the upload for good.
 */
const CLAIM_LEASE_MS = 60_000;

/** Records a new ticket, unless its id is taken ('exists') or the account is being deleted. */
export function putTicket(ticket: UploadTicketRecord): Promise<'created' | 'exists' | 'deleted'> {
  return createForUser(ticket.user_id, uploadTickets.toItem(ticket));
}

export async function getTicket(userId: string, uploadId: string): Promise<UploadTicketRecord | null> {
  const out = await dynamo().send(
    new GetCommand({
      TableName: env.tableName,
      Key: uploadTickets.key(userId, uploadId),
      ConsistentRead: true,
    }),
  );
  return out.Item ? uploadTickets.fromItem(out.Item) : null;
}

/** Takes the ticket for one confirm; false when another confirm holds it. */
export function claimTicket(ticket: UploadTicketRecord, now: Date): Promise<boolean> {
  return tryUpdate({
    Key: uploadTickets.keyOf(ticket),
    UpdateExpression: 'SET claimed_at = :now',
    ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(claimed_at) OR claimed_at < :stale)',
    ExpressionAttributeValues: {
      ':now': now.toISOString(),
      ':stale': new Date(now.getTime() - CLAIM_LEASE_MS).toISOString(),
    },
  });
}

/** Gives a claimed ticket back after a failure that a retry may overcome. */
export async function releaseTicket(ticket: UploadTicketRecord): Promise<void> {
  // Gone meanwhile (consumed, or removed with the account): nothing to give back.
  await tryUpdate({
    Key: uploadTickets.keyOf(ticket),
    UpdateExpression: 'REMOVE claimed_at',
    ConditionExpression: 'attribute_exists(PK)',
  });
}

/** Voids a ticket whose upload was refused or lost its race. */
export async function deleteTicket(ticket: UploadTicketRecord): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: env.tableName, Key: uploadTickets.keyOf(ticket) }));
}

/** Consumes the ticket inside the transaction that records its document (exactly once). */
export function consumeTicket(ticket: UploadTicketRecord): TransactItems[number] {
  return {
    Delete: {
      TableName: env.tableName,
      Key: uploadTickets.keyOf(ticket),
      ConditionExpression: 'attribute_exists(PK)',
    },
  };
}
