import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor';

const inPartition = (key: Record<string, unknown>) => key.GSI1PK === 'CUSTOMERS';

describe('pagination cursors', () => {
  it('round-trip a LastEvaluatedKey', () => {
    const key = { PK: 'USER#1', SK: 'PROFILE', GSI1PK: 'CUSTOMERS', GSI1SK: '2026#1' };
    expect(decodeCursor(encodeCursor(key), inPartition)).toEqual(key);
    expect(encodeCursor(undefined)).toBeNull();
    expect(decodeCursor(null, inPartition)).toBeUndefined();
  });

  it.each([
    ['garbage', 'not base64 json'],
    ['another partition', Buffer.from(JSON.stringify({ GSI1PK: 'OTHER' })).toString('base64url')],
    ['non-string values', Buffer.from(JSON.stringify({ GSI1PK: 'CUSTOMERS', n: 1 })).toString('base64url')],
    ['an array', Buffer.from('[]').toString('base64url')],
  ])('reject %s with a 400', (_name, cursor) => {
    expect(() => decodeCursor(cursor, inPartition)).toThrow(expect.objectContaining({ status: 400 }));
  });
});
