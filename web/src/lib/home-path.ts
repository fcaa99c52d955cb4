import type { Role } from '@shared/constants';
import type { HomePath } from '@shared/roles';
import { homePathFor, isStaff } from '@shared/roles';
import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from './auth';
import { pendingInvitationToken } from './invitation-token';
import { getMeQueryOptions } from './me';

/**
 * Where a signed-in user goes next. The role comes from the token; onboarding state from
 * the API (read through the shared `me` query, so the page it leads to starts with it). If
 * the profile cannot be read, `onLookupError` decides (/verify-email sends such users to
 * /onboarding/details: docs/product.md#verify-e-mail). Someone who came by an invitation link
 * goes back to it, to answer it (lib/invitation-token.ts).
 */
export async function resolveHomePath(
  queryClient: QueryClient,
  user: SessionUser,
  onLookupError: HomePath = '/onboarding/details',
): Promise<HomePath | '/invitation'> {
  if (pendingInvitationToken()) return '/invitation';
  if (isStaff(user.role)) return homePathFor({ role: user.role, onboardingCompleted: true });
  try {
    const me = await queryClient.fetchQuery(getMeQueryOptions());
    return homePathFor({ role: me.role, onboardingCompleted: me.profile.onboarding_completed });
  } catch (error) {
    console.error('Profile lookup failed', error);
    return onLookupError;
  }
}

/**
 * My Account's way back: to the staff user's own area (an HR user's company portal, the admin
 * console), a customer to the dashboard (which sends one not yet onboarded on to onboarding).
 * `label` is the locale key of its words.
 */
export function backFromAccount(role: Role): { to: HomePath; label: string } {
  const to = isStaff(role) ? homePathFor({ role, onboardingCompleted: true }) : '/dashboard';
  return { to, label: role === 'hr' ? 'account.backToCompany' : 'account.backToDashboard' };
}
