// Invitation links (of HR users and employees): 256 random bits, base64url, mailed once and
// stored nowhere; the table keeps only the SHA-256 of a token, so a read of the table cannot
// answer an invitation. A token is found by one strongly consistent read of its hash, and is
// deleted in the transaction that answers its invitation (single use) or resends it (rotated).
import { createHash, randomBytes } from 'node:crypto';
import { env } from '../config';
import { batchGet, type TransactItems } from './client';
import { type InvitationToken, invitationTokens } from './entities';

/**
 * Whether an invitation (its row, its HR invitation or its token, by their ISO expiry) has run
 * out at `now`: it can be answered while now is before that moment, never at or after it.
 */
export const hasRunOut = (expiresAt: string, now: string): boolean => expiresAt <= now;

/** The hash the table keeps of a token (hex). */
export const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A new token for a link, and the hash to store: `<origin>/invitation#<token>`. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token) };
}

/** Puts a token's item (its hash must be new: a collision of 256 random bits fails the transaction). */
export function putToken(record: InvitationToken): TransactItems[number] {
  return {
    Put: {
      TableName: env.tableName,
      Item: invitationTokens.toItem(record),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Deletes a token's item: in the transaction that answers or rotates its invitation. */
export function deleteToken(hash: string): TransactItems[number] {
  return { Delete: { TableName: env.tableName, Key: invitationTokens.key(hash) } };
}

/** The token's item by the token itself (its hash); null: unknown, answered or rotated. */
export async function readToken(token: string): Promise<InvitationToken | null> {
  const [item] = await batchGet([invitationTokens.key(tokenHash(token))], { consistent: true });
  return item ? invitationTokens.fromItem(item) : null;
}
