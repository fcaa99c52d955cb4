// Invitation tokens: 256 random bits in the link, only their SHA-256 in the table; a new
// token's hash must be new; a token is read by its hash, strongly consistent.
import { createHash } from 'node:crypto';
import { BatchGetCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { invitationTokenSchema } from '@shared/schemas/company';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { invitationTokens } from './entities';
import { deleteToken, newInvitationToken, putToken, readToken, tokenHash } from './invitation-tokens';

const ddb = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  process.env.TABLE_NAME = 't';
  ddb.reset();
});

const record = (hash: string) => ({
  token_hash: hash,
  kind: 'hr' as const,
  company_id: 'co-1',
  target_id: 'inv-1',
  valid_until: '2026-12-23T10:00:00.000Z',
});

describe('invitation tokens', () => {
  it('makes 256-bit base64url tokens (what the lookup accepts), each new, with the SHA-256 hex as their hash', () => {
    const tokens = Array.from({ length: 50 }, newInvitationToken);
    for (const { token, hash } of tokens) {
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(invitationTokenSchema.safeParse({ token }).success).toBe(true);
      expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(tokenHash(token)).toBe(hash);
    }
    expect(new Set(tokens.map((t) => t.token)).size).toBe(50);
  });

  it('puts a token on condition that its hash is new, and deletes it by its hash', () => {
    const { hash } = newInvitationToken();
    expect(putToken(record(hash)).Put).toEqual({
      TableName: 't',
      Item: invitationTokens.toItem(record(hash)),
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(deleteToken(hash).Delete).toEqual({ TableName: 't', Key: { PK: `INVITE#${hash}`, SK: 'TOKEN' } });
  });

  it('reads a token by the hash of what the link holds, strongly consistent; unknown: null', async () => {
    const { token, hash } = newInvitationToken();
    ddb.on(BatchGetCommand).resolvesOnce({ Responses: { t: [invitationTokens.toItem(record(hash))] } });
    expect(await readToken(token)).toEqual(record(hash));
    const [call] = ddb.commandCalls(BatchGetCommand);
    expect(call?.args[0].input.RequestItems?.t).toEqual({
      Keys: [invitationTokens.key(hash)],
      ConsistentRead: true,
    });
    ddb.on(BatchGetCommand).resolves({ Responses: { t: [] } });
    expect(await readToken(token)).toBeNull();
  });
});
