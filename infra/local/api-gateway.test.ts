import { describe, expect, it } from 'vitest';
import { decodePathParameters, toGatewayClaims } from './api-gateway';

describe('toGatewayClaims', () => {
  it('flattens claims the way API Gateway HTTP APIs hand them to Lambdas', () => {
    expect(
      toGatewayClaims({ sub: 'u', exp: 123, 'cognito:groups': ['admin', 'x'], email_verified: true }),
    ).toEqual({
      sub: 'u',
      exp: '123',
      'cognito:groups': '[admin x]',
      email_verified: 'true',
    });
  });
});

describe('decodePathParameters', () => {
  it('decodes percent-encoding and refuses broken encodings instead of throwing', () => {
    expect(decodePathParameters(['userId'], ['a%2Db'])).toEqual({ userId: 'a-b' });
    expect(decodePathParameters(['userId'], ['%E0%A4%A'])).toBeNull();
    expect(decodePathParameters(['taskId'], ['%ZZ'])).toBeNull();
  });
});
