// An invited HR user joins their company: signed in with the invited address, they accept the
// invitation and become the company's HR user (membership, Cognito group, profile role).
import type { Company } from '@shared/api';
import { setIdentityRole } from '../adapters/identity';
import type { CustomerAccount } from '../edge/caller';
import { clock } from '../lib/clock';
import { Conflict, NotFound } from '../lib/errors';
import { log } from '../lib/log';
import { foldAddress } from '../store/entities';
import { joinCompany, readHrInvitationTo } from '../store/hr-invitations';
import { hasRunOut } from '../store/invitation-tokens';
import { setProfileRole } from '../store/profiles';
import { actorOf, companyAudit } from './audit';
import { companyOf, requireCompany } from './companies';

/**
 * The invited person accepts, signed in with the invited address (their ID token's e-mail,
 * which Cognito verified at sign-up, is the proof the link's token would be):
 * 1. the invitation to the caller's address from this company is read (none: 404
 *    invitationNotFound; run out: 409 invitationExpired);
 * 2. one transaction deletes the invitation, its invitee item and its token and puts the
 *    membership, with `hr_joined` on the company's trail, on condition that the account holds
 *    no customer data (documents, onboarding: 409 hrNeedsNewAccount, an HR account is one of
 *    its own);
 * 3. the user joins the Cognito group `hr`;
 * 4. their profile's role becomes hr (off the customer lists).
 * A crash after step 2 leaves the membership of a user still a customer: the same request again
 * finds the caller already a member of this company and does steps 3 and 4 (both repeatable).
 * The SPA then refreshes its tokens: the next one says hr, and HR routes need a second factor.
 */
export async function acceptHrInvitation(caller: CustomerAccount, companyId: string): Promise<Company> {
  const company = await requireCompany(companyId);
  if (caller.companyId !== companyId) {
    const invitation = await readHrInvitationTo(caller.email, companyId);
    if (!invitation || foldAddress(invitation.email) !== foldAddress(caller.email))
      throw new NotFound('invitationNotFound');
    if (hasRunOut(invitation.expires_at, clock.iso())) throw new Conflict('invitationExpired');
    if (caller.profile.documents_count > 0 || caller.profile.onboarding_completed)
      throw new Conflict('hrNeedsNewAccount');
    const at = clock.iso();
    await joinCompany(
      invitation,
      {
        user_id: caller.userId,
        company_id: companyId,
        email: caller.email,
        added_at: at,
        added_by: invitation.invited_by,
      },
      companyAudit(actorOf(caller), companyId, 'hr_joined'),
    );
  }
  await setIdentityRole(caller.userId, 'hr');
  await setProfileRole(caller.userId, 'hr');
  log.info('hr user joined', { companyId, userId: caller.userId });
  return companyOf(company);
}
