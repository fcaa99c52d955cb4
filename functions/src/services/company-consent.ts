// The customer's side of a company's invitation (docs/company-portal.md#consent-and-what-is-shared):
// what waits for them on My Account, consenting to share their progress, declining, and
// stopping. An invitation is theirs when it was sent to their account's verified address (the
// token only opens the public landing page): another address's invitation is not found, the
// same answer as none.
import type { CompanyLink, MyCompany, PendingCompanyInvitation } from '@shared/api';
import type { ConsentInput } from '@shared/schemas/company';
import type { CustomerAccount } from '../edge/caller';
import { clock } from '../lib/clock';
import { Conflict, NotFound } from '../lib/errors';
import { transact } from '../store/client';
import { consentWrite, declineWrite, invitationsTo, readLink, stopWrite } from '../store/company-links';
import type { CompanyLinkItem } from '../store/entities';
import { hasRunOut } from '../store/invitation-tokens';
import { withStateRead } from '../store/profile-state';
import { customerAudit } from './audit';

/** The link as the customer sees it (the company's row is the company's, not named). */
export function linkView({ user_id: _user, row_id: _row, ...link }: CompanyLinkItem): CompanyLink {
  return link;
}

/** The link and the invitations waiting for the caller's address (GET /api/me/company). */
export async function getMyCompany(caller: CustomerAccount): Promise<MyCompany> {
  const [link, waiting] = await Promise.all([readLink(caller.userId), invitationsTo(caller.email)]);
  const now = clock.iso();
  const invitations = waiting.flatMap(
    ({ invitee, company, row, hrInvitation }): PendingCompanyInvitation[] => {
      if (!company || company.deleting_at) return [];
      const invitation =
        invitee.kind === 'employee' ? (row?.status === 'invited' ? row : null) : hrInvitation;
      if (!invitation) return [];
      return [
        {
          kind: invitee.kind,
          company_id: company.id,
          company_name: company.name,
          invited_at: invitation.invited_at,
          expires_at: invitation.expires_at,
          expired: hasRunOut(invitation.expires_at, now),
        },
      ];
    },
  );
  return { link: link ? linkView(link) : null, invitations };
}

/**
 * The employee invitation of `companyId` to the caller's address, still to be answered, with its
 * company: none (or another address's): 404; answered: 409; the company being deleted: 409.
 */
async function openInvitation(caller: CustomerAccount, companyId: string) {
  const found = (await invitationsTo(caller.email)).find(
    (waiting) => waiting.invitee.kind === 'employee' && waiting.invitee.company_id === companyId,
  );
  const { row, company } = found ?? {};
  if (!row || !company) throw new NotFound('invitationNotFound');
  if (company.deleting_at) throw new Conflict('companyDeleting');
  if (row.status !== 'invited') throw new Conflict('invitationAnswered');
  return { row, company };
}

/**
 * Consent (**Share my relocation progress with {company}**), to the version of the shared fields
 * the consent screen listed (the schema holds it to the current one): 409 when it ran out, or
 * the caller shares with a company already (one at a time).
 */
export async function consentToCompany(
  caller: CustomerAccount,
  companyId: string,
  _body: ConsentInput,
): Promise<CompanyLink> {
  const now = clock.iso();
  await withStateRead(
    caller.userId,
    async (stored) => {
      const { row, company } = await openInvitation(caller, companyId);
      if (hasRunOut(row.expires_at, now)) throw new Conflict('invitationExpired');
      if (stored.sharing) throw new Conflict('alreadySharing');
      return consentWrite(stored, row, company, now, customerAudit(caller.userId, 'company_consented'));
    },
    { ifMissing: 'conflict' },
  );
  const link = await readLink(caller.userId);
  if (!link) throw new Conflict('profileChanged');
  return linkView(link);
}

/** **Not now**: the invitation declined, the account an ordinary customer's; HR sees **Declined**. */
export async function declineCompany(caller: CustomerAccount, companyId: string): Promise<MyCompany> {
  const { row, company } = await openInvitation(caller, companyId);
  const current = await readLink(caller.userId);
  await transact(
    declineWrite(
      caller.userId,
      current,
      row,
      company,
      clock.iso(),
      customerAudit(caller.userId, 'company_declined'),
    ),
    'invitationAnswered',
  );
  return getMyCompany(caller);
}

/** **Stop sharing with {company}**: the company sees only that the employee stopped. */
export async function stopSharing(caller: CustomerAccount): Promise<CompanyLink> {
  const now = clock.iso();
  await withStateRead(
    caller.userId,
    (stored) => {
      if (!stored.sharing) throw new Conflict('notSharing');
      return stopWrite(stored, now, customerAudit(caller.userId, 'company_sharing_stopped'));
    },
    { ifMissing: 'conflict' },
  );
  const link = await readLink(caller.userId);
  if (!link) throw new Conflict('profileChanged');
  return linkView(link);
}
