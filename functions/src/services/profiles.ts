import type { MeResponse, Page, Profile } from '../../../shared/api';
import type { PageQuery } from '../../../shared/schemas/pagination';
import type { Caller } from '../lib/caller';
import { getProfile, listCustomers, newProfile, putProfileIfAbsent } from '../store/profiles';

const nowIso = () => new Date().toISOString();

/** PostConfirmation: every confirmed sign-up gets its customer profile, once. */
export async function createCustomerProfile(userId: string, email: string): Promise<void> {
  await putProfileIfAbsent(newProfile(userId, email, nowIso()), 'customer');
}

/**
 * The caller's profile and role. If the PostConfirmation trigger failed after Cognito
 * confirmed the user, the profile is created here, so no account is left half-made.
 */
export async function getMe(caller: Caller): Promise<MeResponse> {
  let profile = await getProfile(caller.userId);
  if (!profile) {
    await putProfileIfAbsent(newProfile(caller.userId, caller.email, nowIso()), caller.role);
    profile = await getProfile(caller.userId);
  }
  if (!profile) throw new Error(`Profile ${caller.userId} missing after create`);
  return { role: caller.role, profile };
}

export function listCustomerPage(query: PageQuery): Promise<Page<Profile>> {
  return listCustomers(query.limit, query.cursor ?? null);
}
