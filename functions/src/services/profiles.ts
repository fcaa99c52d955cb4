import type { MeResponse, Page, Profile } from '../../../shared/api';
import { API_ERRORS } from '../../../shared/api-errors';
import type { Language } from '../../../shared/constants';
import type { PageQuery } from '../../../shared/schemas/pagination';
import type { OnboardingDetails } from '../../../shared/schemas/profile';
import { identityEmail } from '../adapters/identity';
import type { Account, Caller } from '../lib/caller';
import { HttpError, unauthorized } from '../lib/errors';
import { log } from '../lib/log';
import {
  listCustomers,
  newProfile,
  putProfileIfAbsent,
  readAccount,
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
 * Admits a verified token's caller to a signed-in route. A token outlives its account (an
 * ID token stays valid for up to an hour after a deletion), so the account is read on every
 * request: one whose deletion has begun, or that no longer exists, gets 401 and nothing is
 * written for it. Only a route that may create the account (`GET /api/me`) heals a profile
 * that PostConfirmation failed to write, and only for an identity that still exists.
 */
export async function admit(caller: Caller, mayCreate: boolean): Promise<Account> {
  const account = await readAccount(caller.userId);
  if (account.deleted) throw unauthorized();
  if (account.profile) return { ...caller, profile: account.profile };
  if (!mayCreate) throw unauthorized();
  return { ...caller, profile: await healProfile(caller) };
}

async function healProfile(caller: Caller): Promise<Profile> {
  // Asked of Cognito, not of the token: the token says who the caller was, not that they still are.
  if (!(await identityEmail(caller.userId))) throw unauthorized();
  const profile = newProfile(caller.userId, caller.email, nowIso());
  const outcome = await putProfileIfAbsent(profile, caller.role);
  if (outcome === 'deleted') throw unauthorized();
  if (outcome === 'created') {
    log.warn('profile created on first API call', { userId: caller.userId });
    return profile;
  }
  // Written meanwhile by a retried PostConfirmation or a parallel request: read theirs.
  const healed = await readAccount(caller.userId);
  if (!healed.profile || healed.deleted) throw unauthorized();
  return healed.profile;
}

export function getMe(account: Account): MeResponse {
  return { role: account.role, profile: account.profile };
}

/** Onboarding step 1: the customer's own details (address fields already nulled by the schema). */
export async function updateMyDetails(account: Account, details: OnboardingDetails): Promise<Profile> {
  assertNoPendingDeletion(account.profile);
  return updateProfile(account.userId, details, nowIso());
}

export function listCustomerPage(query: PageQuery): Promise<Page<Profile>> {
  return listCustomers(query.limit, query.cursor ?? null);
}

/**
 * Remembers the interface language without counting as a profile update. Allowed while a
 * deletion request is pending: it is no action on the case, and the team's answer to the
 * request is written in this language.
 */
export async function updateMyLanguage(
  account: Account,
  language: Language,
): Promise<{ language: Language }> {
  if (account.profile.language !== language) await setProfileLanguage(account.userId, language);
  return { language };
}

/** SPEC 4: while a deletion request is pending the customer cannot change anything. */
export function assertNoPendingDeletion(profile: Profile): void {
  if (profile.deletion_requested) throw new HttpError(409, 'conflict', API_ERRORS.actionsLockedByDeletion);
}
