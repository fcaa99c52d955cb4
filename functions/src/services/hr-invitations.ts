// HR users join by invitation (docs/company-portal-plan.md): the admin invites an address, the
// link's public page looks the invitation up, and the invited person, signed in with that
// verified address, accepts it and becomes the company's HR user.
import { randomUUID } from 'node:crypto';
import type { Company, HrInvitation, InvitationLookup } from '@shared/api';
import { INVITATION_DAYS, INVITATION_RESEND_MINUTES } from '@shared/constants';
import type { HrInvitationInput } from '@shared/schemas/company';
import { setIdentityRole } from '../adapters/identity';
import type { AdminAccount, CustomerAccount } from '../edge/caller';
import { clock } from '../lib/clock';
import { Conflict, NotFound, TooMany } from '../lib/errors';
import { log } from '../lib/log';
import { hrInvitationMail, invitationLink } from '../mail/templates';
import { readCompany } from '../store/companies';
import { foldAddress, type HrInvitationItem } from '../store/entities';
import {
  joinCompany,
  putHrInvitation,
  readHrInvitation,
  readHrInvitationTo,
  rotateHrInvitation,
} from '../store/hr-invitations';
import { readInvitationSubject } from '../store/invitation-lookup';
import { newInvitationToken } from '../store/invitation-tokens';
import { setProfileRole } from '../store/profiles';
import { actorOf, companyAudit } from './audit';
import { companyOf, hrInvitationOf } from './companies';
import { mailTo } from './notify';

const DAY_MS = 24 * 3600 * 1000;
const expiryFrom = (at: Date) => new Date(at.getTime() + INVITATION_DAYS * DAY_MS).toISOString();

/** The invitation's mail, in its language, with the link that holds the token (best effort). */
function mailInvitation(invitation: HrInvitationItem, companyName: string, token: string) {
  return mailTo(
    { email: invitation.email },
    (origin) =>
      hrInvitationMail(invitation.language, companyName, invitationLink(origin, token), INVITATION_DAYS),
    { companyId: invitation.company_id, mail: 'hrInvitation' },
  );
}

/** The company an admin route names; none, or being deleted: 404 companyNotFound. */
async function requireCompany(companyId: string) {
  const company = await readCompany(companyId);
  if (!company) throw new NotFound('companyNotFound');
  return company;
}

/**
 * The admin invites an HR user of a company:
 * 1. the invitation, its invitee item (one invitation per address and company: 409
 *    alreadyInvited) and the token's hash are written in one transaction with `hr_invited` on
 *    the company's trail;
 * 2. the mail goes out with the link (best effort: a failure leaves the invitation, which the
 *    admin resends).
 */
export async function inviteHr(
  admin: AdminAccount,
  companyId: string,
  input: HrInvitationInput,
): Promise<HrInvitation> {
  const company = await requireCompany(companyId);
  const now = clock.now();
  const { token, hash } = newInvitationToken();
  const invitation: HrInvitationItem = {
    id: randomUUID(),
    company_id: companyId,
    email: input.email,
    language: input.language,
    invited_at: now.toISOString(),
    invited_by: admin.userId,
    expires_at: expiryFrom(now),
    token_hash: hash,
    mailed_at: now.toISOString(),
  };
  await putHrInvitation(invitation, companyAudit(actorOf(admin), companyId, 'hr_invited'));
  log.info('hr invited', { companyId, inviteId: invitation.id });
  await mailInvitation(invitation, company.name, token);
  return hrInvitationOf(invitation, now.toISOString());
}

/**
 * The admin resends an HR invitation: a new token (the old link answers 404 from now on), a new
 * expiry, the mail again. At most once every INVITATION_RESEND_MINUTES (429 resendTooSoon); of
 * two resends at once, one applies and the other is too soon.
 */
export async function resendHrInvitation(
  admin: AdminAccount,
  companyId: string,
  inviteId: string,
): Promise<HrInvitation> {
  const company = await requireCompany(companyId);
  const invitation = await readHrInvitation(companyId, inviteId);
  if (!invitation) throw new NotFound('invitationNotFound');
  const now = clock.now();
  const mailedAt = invitation.mailed_at ? Date.parse(invitation.mailed_at) : 0;
  if (now.getTime() - mailedAt < INVITATION_RESEND_MINUTES * 60_000) throw new TooMany('resendTooSoon');
  const { token, hash } = newInvitationToken();
  const next = { token_hash: hash, expires_at: expiryFrom(now), mailed_at: now.toISOString() };
  const audit = companyAudit(actorOf(admin), companyId, 'hr_invited');
  if (!(await rotateHrInvitation(invitation, next, audit))) {
    if (!(await readHrInvitation(companyId, inviteId))) throw new NotFound('invitationNotFound');
    throw new TooMany('resendTooSoon');
  }
  const resent = { ...invitation, ...next };
  await mailInvitation(resent, company.name, token);
  return hrInvitationOf(resent, now.toISOString());
}

/**
 * The public page of an invitation link: which company invited which address, and whether it
 * has run out. An unknown, answered or rotated token is the same 404, so the answer tells
 * nothing about other tokens; nothing personal beyond the invited address is said.
 */
export async function lookUpInvitation(token: string): Promise<InvitationLookup> {
  const subject = await readInvitationSubject(token);
  if (!subject) throw new NotFound('invitationNotFound');
  return {
    kind: subject.token.kind,
    company_id: subject.company.id,
    company_name: subject.company.name,
    email: subject.email,
    expired: subject.token.valid_until <= clock.iso(),
  };
}

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
    if (invitation.expires_at <= clock.iso()) throw new Conflict('invitationExpired');
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
