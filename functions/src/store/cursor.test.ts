import { describe, expect, it } from 'vitest';
import { Invalid } from '../lib/errors';
import { decodeCursor, encodeCursor } from './cursor';

// The shape of a customer-list page key: exactly these attributes, each checked.
const customerPage = {
  PK: (v: string) => /^USER#[\w-]{1,128}$/.test(v),
  SK: (v: string) => v === 'PROFILE',
  GSI1PK: (v: string) => v === 'CUSTOMERS',
  GSI1SK: (v: string) => v.length <= 200,
};
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('pagination cursors', () => {
  it('round-trip a LastEvaluatedKey', () => {
    const key = { PK: 'USER#1', SK: 'PROFILE', GSI1PK: 'CUSTOMERS', GSI1SK: '2026#1' };
    expect(decodeCursor(encodeCursor(key), customerPage)).toEqual(key);
    expect(encodeCursor(undefined)).toBeNull();
    expect(decodeCursor(null, customerPage)).toBeUndefined();
  });

  it.each([
    ['garbage', 'not base64 json'],
    ['another partition', encode({ PK: 'USER#1', SK: 'PROFILE', GSI1PK: 'OTHER', GSI1SK: 'x' })],
    ['non-string values', encode({ PK: 'USER#1', SK: 'PROFILE', GSI1PK: 'CUSTOMERS', GSI1SK: 1 })],
    ['an array', encode([])],
    // DynamoDB answers a page key without the table's key attributes with a ValidationException (a 500).
    ['the index key alone', encode({ GSI1PK: 'CUSTOMERS' })],
    ['an extra attribute', encode({ PK: 'USER#1', SK: 'PROFILE', GSI1PK: 'CUSTOMERS', GSI1SK: 'x', y: 'z' })],
    ['another item', encode({ PK: 'USER#1', SK: 'DOC#passport', GSI1PK: 'CUSTOMERS', GSI1SK: 'x' })],
    [
      'a key over the size limit',
      encode({ PK: `USER#${'a'.repeat(3000)}`, SK: 'PROFILE', GSI1PK: 'CUSTOMERS', GSI1SK: 'x' }),
    ],
    ['null', encode(null)],
  ])('reject %s as an invalid request', (_name, cursor) => {
    expect(() => decodeCursor(cursor, customerPage)).toThrow(Invalid);
  });
});
