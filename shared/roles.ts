import { ADMIN_GROUP, HR_GROUP, type Role } from './constants';

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

/** The role of a user's groups: admin before hr (staff of ours before a company's), else customer. */
export function roleFromGroups(claim: unknown): Role {
  const groups = groupsFromClaim(claim);
  if (groups.includes(ADMIN_GROUP)) return 'admin';
  return groups.includes(HR_GROUP) ? 'hr' : 'customer';
}

/** Roles whose routes need a second factor and whose group is re-checked with Cognito (staff). */
export const isStaff = (role: Role): boolean => role !== 'customer';

export type HomePath = '/admin' | '/company' | '/dashboard' | '/onboarding/details';

/** Where a signed-in user belongs (docs/product.md#log-in and #verify-e-mail). */
export function homePathFor(user: { role: Role; onboardingCompleted: boolean }): HomePath {
  if (user.role === 'admin') return '/admin';
  if (user.role === 'hr') return '/company';
  return user.onboardingCompleted ? '/dashboard' : '/onboarding/details';
}
