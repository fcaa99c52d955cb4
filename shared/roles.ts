import { ADMIN_GROUP, type Role } from './constants';

/**
 * Reads the `cognito:groups` claim in every shape it arrives in: a JSON array (token
 * payload), API Gateway HTTP API's flattened string "[admin other]", or a bare string.
 */
export function groupsFromClaim(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.filter((g): g is string => typeof g === 'string');
  if (typeof claim !== 'string') return [];
  const inner = claim.trim().replace(/^\[/, '').replace(/\]$/, '');
  return inner.split(/[\s,]+/).filter(Boolean);
}

export function roleFromGroups(claim: unknown): Role {
  return groupsFromClaim(claim).includes(ADMIN_GROUP) ? 'admin' : 'customer';
}

export type HomePath = '/admin' | '/dashboard' | '/onboarding/details';

/** Where a signed-in user belongs (docs/product.md#log-in and #verify-e-mail). */
export function homePathFor(user: { role: Role; onboardingCompleted: boolean }): HomePath {
  if (user.role === 'admin') return '/admin';
  return user.onboardingCompleted ? '/dashboard' : '/onboarding/details';
}
