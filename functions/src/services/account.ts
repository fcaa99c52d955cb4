// The account as a whole: how it comes to be, its verification by
// the team, and its deletion (requested by the customer, or done by an admin).
import { randomUUID } from 'node:crypto';
import type { DeletionResponse, Page, PendingDeletion, Profile } from '@shared/api';
import { ALWAYS_UNLOCKED_PHASE } from '@shared/journey';
import { appliesTo } from '@shared/plan';
import type { PageQuery } from '@shared/schemas/pagination';
import { deleteIdentity, identityEmail, identityRole, signOutEverywhere } from '../adapters/identity';
import { removePrefix } from '../adapters/storage';
import type { AdminAccount, CustomerAccount } from '../edge/caller';
import { clock } from '../lib/clock';
import { Conflict, Forbidden, Invalid, NotFound } from '../lib/errors';
import { log } from '../lib/log';
import { countMetric } from '../lib/metrics';
import { accountVerifiedMail } from '../mail/templates';
import { writeTombstone } from '../store/accounts';
import { completeAudit, recordAudit } from '../store/audit';
import { loadCatalogue } from '../store/catalogue';
import {
  closeDeletionRequest,
  fileDeletionRequest,
  pendingDeletionRequestPage,
} from '../store/deletion-requests';
import { objectKeys } from '../store/object-keys';
import { getStoredProfile } from '../store/profile-state';
import { getProfiles, newProfile, putProfileIfAbsent, verifyWithTasks } from '../store/profiles';
import { deleteUserItems } from '../store/user-partition';
import { actorOf, adminAudit } from './audit';
import { requireCustomer } from './customers';
import { newTask } from './journey';
import { mailTo, notify } from './notify';
import { refreshReminders } from './reminder-schedule';

/** PostConfirmation: every confirmed sign-up gets its customer profile, once. */
export async function createCustomerProfile(userId: string, email: string, language: Profile['language']) {
  await putProfileIfAbsent(newProfile(userId, email, clock.iso(), language), 'customer');
}

/**
 * Admin verification (docs/product.md#admin-user-page, docs/product.md#journey-phases-and-tasks):
 * 1. the customer must exist and not be verified yet;
 * 2. the flag and every phase-1 task of the customer's plan are written in one transaction,
 *    with its audit record;
 * 3. the notification e-mail goes out (retried; a failure does not undo the verification).
 */
export async function verifyAccount(admin: AdminAccount, userId: string): Promise<Profile> {
  const profile = await requireCustomer(userId);
  if (profile.account_verified) throw new Conflict('alreadyVerified');
  const catalogue = await loadCatalogue();
  const at = clock.iso();
  // The tasks of the customer's plan only, as later phases are assigned (journey.ts).
  const tasks = catalogue.templates
    .filter((t) => t.phase_id === ALWAYS_UNLOCKED_PHASE && appliesTo(t.applies_to, profile))
    .map((template) => newTask(userId, template, at));
  await verifyWithTasks(
    profile,
    admin.userId,
    at,
    tasks,
    adminAudit(actorOf(admin), userId, 'account_verified'),
  );
  countMetric('Verifications');
  // Reminders are due to a verified and onboarded account only (the tasks and dates, and so the
  // overdue count, are as before).
  if (profile.onboarding_completed) await refreshReminders(userId);
  await mailTo(profile, (origin) => accountVerifiedMail(profile.language, `${origin}/dashboard`), {
    userId,
    mail: 'accountVerified',
  });
  return { ...profile, account_verified: true, account_verified_at: at, account_verified_by: admin.userId };
}

/**
 * Removes an account for good:
 * 1. the tombstone, and its marker inside the partition: from now on every request with the
 *    user's tokens is refused and nothing new can be written for them (tokens stay valid for
 *    up to an hour after this);
 * 2. global sign-out: refresh tokens are revoked, so no new tokens are issued;
 * 3. the identity: nobody can sign in as this user again;
 * 4. the files, final and staged;
 * 5. the items, the profile last (the marker with it): until it goes the user stays in the admin list, so a
 *    deletion that failed half-way is visible, and running it again completes it;
 * 6. the goodbye mail, to the address the profile had (`profile`, read by the caller before
 *    anything went): a rerun after a completed deletion finds no profile, so mails nobody.
 * Every step is idempotent.
 */
export async function deleteAccount(userId: string, profile: Profile | null): Promise<void> {
  await writeTombstone(userId, clock.now());
  await signOutEverywhere(userId);
  await deleteIdentity(userId);
  for (const prefix of objectKeys.userPrefixes(userId)) await removePrefix(prefix);
  await deleteUserItems(userId);
  log.info('account deleted', { userId });
  countMetric('Deletions');
  if (profile) await notify(profile, 'accountDeleted', {}, { userId });
}

/**
 * The customer's own deletion (docs/product.md#account-deletion):
 * 1. refused while a request is pending;
 * 2. an unverified account goes at once (deleteAccount);
 * 3. a verified one files a request for the team, with the profile flag, in one transaction;
 * 4. the customer is mailed that the request arrived.
 */
export async function requestDeletion(
  caller: CustomerAccount,
  reason: string | undefined,
): Promise<DeletionResponse> {
  const profile = caller.profile;
  if (profile.deletion_requested) throw new Conflict('deletionPending');
  if (!profile.account_verified) {
    await deleteAccount(caller.userId, profile);
    return { deleted: true, request: null };
  }
  const request = {
    id: randomUUID(),
    user_id: caller.userId,
    status: 'pending' as const,
    requested_at: clock.iso(),
    reason: reason || null,
  };
  await fileDeletionRequest(request, caller.userId);
  await notify(profile, 'deletionRequested', {}, { userId: caller.userId });
  return { deleted: false, request };
}

/**
 * The customer changes their mind:
 * 1. the pending request goes and the flag clears, together (none pending: a conflict);
 * 2. the customer is mailed, and may act on the account again.
 */
export async function withdrawDeletion(caller: CustomerAccount): Promise<Profile> {
  await closeDeletionRequest(caller.userId);
  await refreshReminders(caller.userId);
  await notify(caller.profile, 'deletionWithdrawn', {}, { userId: caller.userId });
  return withoutDeletionRequest(caller.profile);
}

/** The profile as closeDeletionRequest leaves it. */
const withoutDeletionRequest = (profile: Profile): Profile => ({
  ...profile,
  deletion_requested: false,
  deletion_requested_at: null,
  deletion_requested_by: null,
});

/**
 * The team turns a deletion request down:
 * 1. the customer must exist; the request goes and the flag clears together, recorded with
 *    the reason (none pending: a conflict, so a repeated rejection mails nobody);
 * 2. the customer is mailed the reason.
 */
export async function rejectDeletion(admin: AdminAccount, userId: string, reason: string): Promise<Profile> {
  const profile = await requireCustomer(userId);
  await closeDeletionRequest(
    userId,
    adminAudit(actorOf(admin), userId, 'deletion_rejected', { teamNote: reason }),
  );
  await refreshReminders(userId);
  await notify(profile, 'deletionRejected', { reason }, { userId });
  return withoutDeletionRequest(profile);
}

/**
 * Permanent deletion by an admin (docs/product.md#account-deletion):
 * 1. never an admin account (by its profile, or by its Cognito group where the profile is behind),
 *    never the caller's own; never a company's HR user (revoked first, they are a customer again);
 * 2. the typed e-mail must match the account's (with the profile already gone after a
 *    partial failure, the identity's own e-mail is checked, so the deletion can be rerun);
 * 3. the deletion is recorded before it begins (pending), and marked done once it is: the
 *    record outlives the account, holding no more than who deleted which account id when;
 * 4. deleteAccount.
 */
export async function deleteUser(
  admin: AdminAccount,
  userId: string,
  confirmationEmail: string,
): Promise<void> {
  const found = await getStoredProfile(userId);
  if (found?.role === 'admin' || userId === admin.userId) throw new Forbidden('adminNotDeletable');
  if (found?.role === 'hr') throw new Forbidden('staffNotDeletable');
  // The group decides, even where the profile has not caught up with it (edge/admission.ts).
  const role = await identityRole(userId);
  if (role === 'admin') throw new Forbidden('adminNotDeletable');
  if (role === 'hr') throw new Forbidden('staffNotDeletable');
  const email = found?.profile.email ?? (await identityEmail(userId));
  if (!email) throw new NotFound('userNotFound');
  if (confirmationEmail.trim().toLowerCase() !== email.toLowerCase()) throw new Invalid('emailMismatch');
  const audit = adminAudit(actorOf(admin), userId, 'account_deleted');
  await recordAudit(audit, 'pending');
  await deleteAccount(userId, found?.role === 'customer' ? found.profile : null);
  await completeAudit(audit, clock.iso());
}

/** A page of the pending requests, newest first, with the customer's name and e-mail joined. */
export async function listDeletionRequests(query: PageQuery): Promise<Page<PendingDeletion>> {
  const page = await pendingDeletionRequestPage(query.limit, query.cursor ?? null);
  const profiles = await getProfiles(page.items.map((r) => r.user_id));
  const items = page.items.flatMap((request) => {
    const profile = profiles.get(request.user_id);
    return profile
      ? [{ ...request, first_name: profile.first_name, last_name: profile.last_name, email: profile.email }]
      : [];
  });
  return { items, nextCursor: page.nextCursor };
}
