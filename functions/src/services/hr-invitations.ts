// HR users join by invitation (docs/company-portal.md#hr-invitations): the admin invites an address and
// resends the invitation; the link's page (invitation-lookup.ts) and joining (hr-join.ts) are
// modules of their own, so their Lambdas bundle no mail client.
import { randomUUID } from 'node:crypto';
import type { HrInvitation } from '@shared/api';
import { INVITATION_DAYS, INVITATION_RESEND_MINUTES } from '@shared/constants';
import type { HrInvitationInput } from '@shared/schemas/company';
import type { AdminAccount } from '../edge/caller';
import { clock } from '../lib/clock';
import { NotFound, TooMany } from '../lib/errors';
import { log } from '../lib/log';
import { hrInvitationMail, invitationLink } from '../mail/templates';
import type { HrInvitationItem } from '../store/entities';
import { putHrInvitation, readHrInvitation, rotateHrInvitation } from '../store/hr-invitations';
import { newInvitationToken } from '../store/invitation-tokens';
import { actorOf, companyAudit } from './audit';
import { hrInvitationOf, requireCompany } from './companies';
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
