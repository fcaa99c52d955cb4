// The public page of an invitation link (an HR user's or an employee's): what it names, and
// nothing more. No mail or Cognito client: the route is public and light.
import type { InvitationLookup } from '@shared/api';
import { clock } from '../lib/clock';
import { NotFound } from '../lib/errors';
import { readInvitationSubject } from '../store/invitation-lookup';
import { hasRunOut } from '../store/invitation-tokens';

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
    expired: hasRunOut(subject.token.valid_until, clock.iso()),
  };
}
