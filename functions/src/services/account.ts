import { randomUUID } from 'node:crypto';
import type { DeletionResponse, Profile } from '../../../shared/api';
import { API_ERRORS } from '../../../shared/api-errors';
import { ALWAYS_UNLOCKED_PHASE } from '../../../shared/journey';
import { deleteIdentity, signOutEverywhere } from '../adapters/identity';
import { sendMail } from '../adapters/mail';
import { removePrefix } from '../adapters/storage';
import { env } from '../config';
import type { Account, Caller } from '../lib/caller';
import { HttpError, notFound } from '../lib/errors';
import { log } from '../lib/log';
import { accountVerifiedMail } from '../mail/templates';
import { writeTombstone } from '../store/accounts';
import { loadCatalogue } from '../store/catalogue';
import { deleteUserItems, fileDeletionRequest } from '../store/deletion';
import { objectKeys } from '../store/object-keys';
import { getProfileWithRole } from '../store/profiles';
import { verifyWithTasks } from '../store/tasks';
import { newTask } from './journey';
import { nowIso } from './profiles';

const MAIL_ATTEMPTS = 3;

/** A mail that must not undo what already happened: retried, then logged. */
async function sendBestEffort(mail: Parameters<typeof sendMail>[0], context: Record<string, unknown>) {
  for (let attempt = 1; attempt <= MAIL_ATTEMPTS; attempt++) {
    try {
      await sendMail(mail);
      return;
    } catch (error) {
      log.warn('mail failed', { ...context, attempt, error: String(error) });
      if (attempt < MAIL_ATTEMPTS) await new Promise((r) => setTimeout(r, 200 * 2 ** attempt));
    }
  }
  log.error('mail not sent after retries', context);
}

async function customerProfile(userId: string): Promise<Profile> {
  const found = await getProfileWithRole(userId);
  if (found?.role !== 'customer') throw notFound(API_ERRORS.userNotFound);
  return found.profile;
}

/** Admin verification: flag, phase-1 tasks, then the notification e-mail. */
export async function verifyAccount(admin: Caller, userId: string): Promise<Profile> {
  const profile = await customerProfile(userId);
  if (profile.account_verified) throw new HttpError(409, 'conflict', API_ERRORS.alreadyVerified);
  const catalogue = await loadCatalogue();
  const at = nowIso();
  const tasks = catalogue.templates
    .filter((t) => t.phase_id === ALWAYS_UNLOCKED_PHASE)
    .map((template) => newTask(userId, template, at));
  await verifyWithTasks(userId, admin.userId, at, tasks);
  await sendBestEffort(
    { to: profile.email, ...accountVerifiedMail(profile.language, `${env.appOrigin}/dashboard`) },
    { userId, mail: 'accountVerified' },
  );
  return { ...profile, account_verified: true, account_verified_at: at, account_verified_by: admin.userId };
}

/**
 * Removes an account for good:
 * 1. the tombstone: from now on every request with the user's tokens gets 401 and nothing
 *    new can be written for them (tokens stay valid for up to an hour after this);
 * 2. global sign-out: refresh tokens are revoked, so no new tokens are issued;
 * 3. the identity: nobody can sign in as this user again;
 * 4. the files, final and staged;
 * 5. the items, the profile last: until it goes the user stays in the admin list, so a
 *    deletion that failed half-way is visible, and running it again completes it.
 * Every step is idempotent.
 */
export async function deleteAccount(userId: string, now = new Date()): Promise<void> {
  await writeTombstone(userId, now);
  await signOutEverywhere(userId);
  await deleteIdentity(userId);
  for (const prefix of objectKeys.userPrefixes(userId)) await removePrefix(prefix);
  await deleteUserItems(userId);
  log.info('account deleted', { userId });
}

/** SPEC 4: unverified accounts go at once; verified ones file a request for the team. */
export async function requestDeletion(
  caller: Account,
  reason: string | undefined,
): Promise<DeletionResponse> {
  const profile = caller.profile;
  if (profile.deletion_requested) throw new HttpError(409, 'conflict', API_ERRORS.deletionPending);
  if (!profile.account_verified) {
    await deleteAccount(caller.userId);
    return { deleted: true, request: null };
  }
  const request = {
    id: randomUUID(),
    user_id: caller.userId,
    status: 'pending' as const,
    requested_at: nowIso(),
    reason: reason || null,
  };
  await fileDeletionRequest(request, caller.userId);
  return { deleted: false, request };
}
