import { describe, expect, it } from 'vitest';
import { toGatewayClaims } from './api-gateway';

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
