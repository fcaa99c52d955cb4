// Who may act: every signed-in request is admitted here before its handler runs. Kept apart
// from the rest of the account service so the edge (edge/http.ts), which every Lambda bundles,
// loads only the table and Cognito clients it needs, not S3 or SES.
import type { Profile } from '@shared/api';
import type { Role } from '@shared/constants';
import { isStaff } from '@shared/roles';
import { identityEmail, identityRole } from '../adapters/identity';
import { clock } from '../lib/clock';
import { Unauthenticated } from '../lib/errors';
import { log } from '../lib/log';
import { readAccount } from '../store/accounts';
import { newProfile, putProfileIfAbsent, setProfileRole } from '../store/profiles';
import { readUserPartition } from '../store/user-partition';
import type { Account, Caller, WithPartition } from './caller';
import { ADMIN_CHECK_MS, Confirmations } from './confirmations';

/**
 * Admits a verified token's caller to a signed-in route. A token outlives its account (an
 * ID token stays valid for up to an hour after a deletion), so the account is read on every
 * request: one whose deletion has begun, or that no longer exists, is refused and nothing is
 * written for it. Only a route that may create the account (`GET /api/me`) heals a profile
 * that PostConfirmation failed to write, and only for an identity that still exists.
 */
export async function admit(caller: Caller, mayCreate: boolean, mayWrite: boolean): Promise<Account> {
  const account = await readAccount(caller.userId);
  if (account.deleted) throw new Unauthenticated();
  if (account.stored) {
    await settleRole(caller, account.stored.role, mayWrite);
    return { ...caller, profile: account.stored.profile, companyId: account.membership?.company_id ?? null };
  }
  if (!mayCreate) throw new Unauthenticated();
  return { ...caller, profile: await healProfile(caller), companyId: null };
}

/**
 * Admits a caller from one strongly consistent read of their whole partition, for a route
 * that needs it anyway: the profile and the deletion marker (written with the tombstone,
 * removed with the profile) are in it, so this one Query decides as admit's account read
 * does, and the handler reads nothing more. Never creates a profile.
 */
export async function admitWithPartition(caller: Caller, mayWrite: boolean): Promise<WithPartition<Account>> {
  const partition = await readUserPartition(caller.userId);
  if (partition.deleting || !partition.stored) throw new Unauthenticated();
  await settleRole(caller, partition.stored.role, mayWrite);
  // HR routes admit from the account read, which holds the membership: none reads a partition.
  return { ...caller, profile: partition.stored.profile, companyId: null, partition };
}

const confirmedAdmins = new Confirmations(ADMIN_CHECK_MS);

/**
 * The Cognito group decides the role (it is the one source of truth; `npm run admin` changes
 * both it and the profile, but an operator may use the AWS CLI). A staff token (admin or hr) is checked
 * against the group (at most every 30 seconds per container: admins are few), so an admin
 * taken out of the group by any means loses access within that time even though their token
 * and profile still say admin. When a customer's token and the profile disagree, Cognito is
 * asked too. A token behind the group (issued before the change, valid up to an hour) is
 * refused; a profile behind it is brought in line by the first route that may write the
 * table, and the request goes on.
 */
async function settleRole(caller: Caller, stored: Role, mayWrite: boolean): Promise<void> {
  const fresh = confirmedAdmins.fresh(caller.userId);
  if (stored === caller.role && (caller.role === 'customer' || fresh)) return;
  const current = await identityRole(caller.userId);
  if (current !== caller.role) {
    confirmedAdmins.forget(caller.userId);
    throw new Unauthenticated();
  }
  if (current && isStaff(current)) confirmedAdmins.confirm(caller.userId);
  if (stored === current) return;
  log.warn('profile role behind the Cognito group', {
    userId: caller.userId,
    role: current,
    healed: mayWrite,
  });
  if (mayWrite) await setProfileRole(caller.userId, current);
}

async function healProfile(caller: Caller): Promise<Profile> {
  // Asked of Cognito, not of the token: the token says who the caller was, not that they still are.
  if (!(await identityEmail(caller.userId))) throw new Unauthenticated();
  const profile = newProfile(caller.userId, caller.email, clock.iso());
  const outcome = await putProfileIfAbsent(profile, caller.role);
  if (outcome === 'deleted') throw new Unauthenticated();
  if (outcome === 'created') {
    log.warn('profile created on first API call', { userId: caller.userId });
    return profile;
  }
  // Written meanwhile by a retried PostConfirmation or a parallel request: read theirs.
  const healed = await readAccount(caller.userId);
  if (!healed.stored || healed.deleted) throw new Unauthenticated();
  return healed.stored.profile;
}
