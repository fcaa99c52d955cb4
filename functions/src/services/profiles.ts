// The profile: the customer's own details and language, and the admin's view and edit of it.
import type { AdminUserDetail, MeResponse, Profile } from '@shared/api';
import type { Language } from '@shared/constants';
import { newestFirst } from '@shared/documents';
import { fullName } from '@shared/names';
import type { AdminProfile, OnboardingDetails } from '@shared/schemas/profile';
import { updateIdentityEmail } from '../adapters/identity';
import type { Account, AdminAccount, CustomerAccount } from '../edge/caller';
import { clock } from '../lib/clock';
import { Conflict } from '../lib/errors';
import { auditCompletion, recordAudit, withAudit } from '../store/audit';
import { loadCatalogue } from '../store/catalogue';
import { getStoredProfile } from '../store/profile-state';
import { setProfileLanguage, updateProfile } from '../store/profiles';
import { readUserPartition } from '../store/user-partition';
import { actorOf, adminAudit, changedFields, markFailedIfRefused } from './audit';
import { customerProfile, requireCustomer } from './customers';
import { assignUnlockedTasks, buildJourney } from './journey';
import { notify } from './notify';
import { refreshReminders } from './reminder-schedule';
import { namesOfOwners, toWorkflows } from './workflows';

/**
 * While a deletion request is pending the customer cannot change anything
 * (docs/product.md#account-deletion).
 */
export function assertNoPendingDeletion(profile: Profile): void {
  if (profile.deletion_requested) throw new Conflict('actionsLockedByDeletion');
}

export function getMe(account: Account): MeResponse {
  return { role: account.role, profile: account.profile };
}

/** Onboarding step 1: the customer's own details (address fields already nulled by the schema). */
export async function updateMyDetails(
  account: CustomerAccount,
  details: OnboardingDetails,
): Promise<Profile> {
  assertNoPendingDeletion(account.profile);
  const updated = await updateProfile(account.profile, details, clock.iso());
  // Nationality, family and dates decide which tasks apply and when they are due.
  await refreshReminders(account.userId);
  return updated;
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

/**
 * Who verified the account, by the admin id the verification wrote on the profile: one read of
 * that admin's profile (their name, else their e-mail; always as they are now). None when the
 * account is not verified, or its verifier is no account (any more): the page then shows the
 * date alone. Only the team sees it (the customer's own profile carries just the id).
 */
async function verifier(profile: Profile): Promise<AdminUserDetail['verified_by']> {
  if (!profile.account_verified || !profile.account_verified_by) return null;
  const admin = (await getStoredProfile(profile.account_verified_by))?.profile;
  return admin ? { name: fullName(admin) || null, email: admin.email } : null;
}

/**
 * Everything the admin user page shows, from one read of the customer's partition (and, once
 * verified, one of the verifier's profile); tasks of
 * phases unlocked since anyone last looked are assigned first, as for the customer.
 */
export async function getUserDetail(userId: string, language: Language): Promise<AdminUserDetail> {
  const [catalogue, partition] = await Promise.all([loadCatalogue(), readUserPartition(userId)]);
  const profile = customerProfile(partition.stored);
  const [tasks, owners, verifiedBy] = await Promise.all([
    assignUnlockedTasks(userId, catalogue, partition),
    namesOfOwners(partition.workflows),
    verifier(profile),
  ]);
  return {
    verified_by: verifiedBy,
    profile,
    documents: newestFirst(partition.documents),
    phases: buildJourney(catalogue, tasks, partition.workflows, profile, language, 'team').phases,
    workflows: toWorkflows(catalogue, partition.workflows, language, 'team', owners),
    deletion_request: partition.deletionRequest,
  };
}

/**
 * Admin edit (docs/product.md#admin-user-page):
 * 1. a new e-mail changes the sign-in first, so login keeps working: the edit is recorded
 *    before that (pending), marked failed if Cognito refuses it (an address in use), and done
 *    with the profile's write;
 * 2. the profile is written (with its record, fields before and after, when no e-mail changes);
 * 3. a changed e-mail is told to both addresses, the old one first (it may not be theirs).
 */
export async function editProfile(
  admin: AdminAccount,
  userId: string,
  changes: AdminProfile,
): Promise<Profile> {
  const profile = await requireCustomer(userId);
  const emailChanged = changes.email.toLowerCase() !== profile.email.toLowerCase();
  const audit = adminAudit(actorOf(admin), userId, emailChanged ? 'email_changed' : 'profile_edited', {
    changes: changedFields(profile, changes),
  });
  if (emailChanged) {
    await recordAudit(audit, 'pending');
    try {
      await updateIdentityEmail(userId, changes.email);
    } catch (error) {
      await markFailedIfRefused(audit, error);
      throw error;
    }
  }
  const now = clock.iso();
  // A new address starts clean of the old one's bounces and complaints.
  const updated = await updateProfile(
    profile,
    emailChanged ? { ...changes, mail_blocked: null } : changes,
    now,
    emailChanged ? [auditCompletion(audit, now)] : withAudit([], audit),
  );
  await refreshReminders(userId);
  if (emailChanged) {
    const values = { oldEmail: profile.email, newEmail: updated.email };
    for (const to of [profile, updated]) await notify(to, 'emailChanged', { values }, { userId });
  }
  return updated;
}
