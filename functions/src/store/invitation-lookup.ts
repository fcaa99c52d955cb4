// What an invitation link names: its token (by hash), then the company and the invitation it
// points at (an HR invitation or an employee row) in one BatchGet.
import { batchGet } from './client';
import { type CompanyItem, companies, employeeRows, hrInvitations, type InvitationToken } from './entities';
import { readToken } from './invitation-tokens';

export interface InvitationSubject {
  token: InvitationToken;
  company: CompanyItem;
  /** The address the invitation was sent to. */
  email: string;
}

/**
 * The invitation a token opens; null when the token is unknown, answered or rotated, or what it
 * names is gone (the invitation answered, the company deleted or being deleted).
 */
export async function readInvitationSubject(token: string): Promise<InvitationSubject | null> {
  const stored = await readToken(token);
  if (!stored) return null;
  const targetKey =
    stored.kind === 'hr'
      ? hrInvitations.key(stored.company_id, stored.target_id)
      : employeeRows.key(stored.company_id, stored.target_id);
  const items = await batchGet([companies.key(stored.company_id), targetKey], { consistent: true });
  const companyItem = items.find(companies.owns);
  const target = items.find((item) => !companies.owns(item));
  if (!companyItem || !target) return null;
  const company = companies.fromItem(companyItem);
  if (company.deleting_at) return null;
  const email =
    stored.kind === 'hr' ? hrInvitations.fromItem(target).email : employeeRows.fromItem(target).email;
  return { token: stored, company, email };
}
