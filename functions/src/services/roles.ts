// Who is an admin: the Cognito `admin` group says so, and nothing else (tokens carry it as
// `cognito:groups`; profiles keep a copy for the customer lists). Operators change it with
// `npm run admin`, which runs this.
import type { Role } from '@shared/constants';
import { setIdentityRole, signOutEverywhere, subOf } from '../adapters/identity';
import { clock } from '../lib/clock';
import { NotFound } from '../lib/errors';
import { log } from '../lib/log';
import { type Actor, completeAudit, recordAudit } from '../store/audit';
import { setProfileRole } from '../store/profiles';
import { adminAudit } from './audit';

/**
 * Makes the user signing in with `email` an admin, or a customer again:
 * 1. finds them in Cognito by e-mail (none: NotFound);
 * 2. records the change in the audit trail (every role change is recorded; the operator as
 *    who), pending, then puts them into the admin group, or takes them out (the one source of truth);
 * 3. brings their profile in line, in or out of the customer lists, counts and search (a
 *    user who never signed in has none yet: it is made at first sign-in with the group's role);
 * 4. signs them out everywhere (even when step 3 failed), so their next sign-in carries the
 *    new role; an ID token issued before is refused from now on (edge/admission.ts).
 * 5. marks the record done.
 * Repeatable: running it twice changes nothing more.
 */
export async function changeRole(email: string, role: Role, operator: Actor): Promise<{ userId: string }> {
  const userId = await subOf(email.trim());
  if (!userId) throw new NotFound('userNotFound');
  const audit = adminAudit(operator, userId, role === 'admin' ? 'role_granted' : 'role_revoked', {
    fields: ['role'],
  });
  await recordAudit(audit, 'pending');
  await setIdentityRole(userId, role);
  try {
    await setProfileRole(userId, role);
  } finally {
    await signOutEverywhere(userId);
  }
  await completeAudit(audit, clock.iso());
  log.info('role changed', { userId, role });
  return { userId };
}
