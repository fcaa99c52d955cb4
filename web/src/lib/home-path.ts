import type { HomePath } from '../../../shared/roles';
import { homePathFor } from '../../../shared/roles';
import { getMe } from './api';
import type { SessionUser } from './auth';

/**
 * Where a signed-in user goes next. The role comes from the token; onboarding state from
 * the API. If the profile cannot be read, `onLookupError` decides (SPEC: verify-email
 * sends such users to /onboarding/details).
 */
export async function resolveHomePath(
  user: SessionUser,
  onLookupError: HomePath = '/onboarding/details',
): Promise<HomePath> {
  if (user.role === 'admin') return '/admin';
  try {
    const me = await getMe();
    return homePathFor({ role: me.role, onboardingCompleted: me.profile.onboarding_completed });
  } catch (error) {
    console.error('Profile lookup failed', error);
    return onLookupError;
  }
}
