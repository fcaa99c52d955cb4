import type { MeResponse, Page, Profile } from '../../../shared/api';
import { API_ERRORS } from '../../../shared/api-errors';
import type { Language } from '../../../shared/constants';
import type { PageQuery } from '../../../shared/schemas/pagination';
import type { OnboardingDetails } from '../../../shared/schemas/profile';
import type { Caller } from '../lib/caller';
import { HttpError } from '../lib/errors';
import {
  getProfile,
  listCustomers,
  newProfile,
  putProfileIfAbsent,
  setProfileLanguage,
  updateProfile,
} from '../store/profiles';

export const nowIso = () => new Date().toISOString();

/** PostConfirmation: every confirmed sign-up gets its customer profile, once. */
export async function createCustomerProfile(
  userId: string,
  email: string,
  language: Language,
): Promise<void> {
  await putProfileIfAbsent(newProfile(userId, email, nowIso(), language), 'customer');
}

/**
 * The caller's profile and role. If the PostConfirmation trigger failed after Cognito
 * confirmed the user, the profile is created here, so no account is left half-made.
 */
export async function ensureProfile(caller: Caller): Promise<Profile> {
  let profile = await getProfile(caller.userId);
  if (!profile) {
    await putProfileIfAbsent(newProfile(caller.userId, caller.email, nowIso()), caller.role);
    profile = await getProfile(caller.userId);
  }
  if (!profile) throw new Error(`Profile ${caller.userId} missing after create`);
  return profile;
}

export async function getMe(caller: Caller): Promise<MeResponse> {
  return { role: caller.role, profile: await ensureProfile(caller) };
}

/** Onboarding step 1: the customer's own details (address fields already nulled by the schema). */
export async function updateMyDetails(caller: Caller, details: OnboardingDetails): Promise<Profile> {
  assertNoPendingDeletion(await ensureProfile(caller));
  return updateProfile(caller.userId, details, nowIso());
}

export function listCustomerPage(query: PageQuery): Promise<Page<Profile>> {
  return listCustomers(query.limit, query.cursor ?? null);
}

/** Remembers the interface language without counting as a profile update. */
export async function updateMyLanguage(caller: Caller, language: Language): Promise<{ language: Language }> {
  const profile = await ensureProfile(caller);
  if (profile.language !== language) await setProfileLanguage(caller.userId, language);
  return { language };
}

/** SPEC 4: while a deletion request is pending the customer cannot change anything. */
export function assertNoPendingDeletion(profile: Profile): void {
  if (profile.deletion_requested) throw new HttpError(409, 'conflict', API_ERRORS.actionsLockedByDeletion);
}
