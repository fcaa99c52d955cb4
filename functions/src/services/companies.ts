// Companies and their HR users (docs/product.md#companies): the admin creates a company, sees it
// with its HR users and invitations, and revokes an HR user; an HR user sees their own company.
import { randomUUID } from 'node:crypto';
import type { Company, CompanyDetail, CompanySummary, HrInvitation, Page } from '@shared/api';
import type { CompanyInput } from '@shared/schemas/company';
import type { PageQuery } from '@shared/schemas/pagination';
import { setIdentityRole, signOutEverywhere } from '../adapters/identity';
import type { AdminAccount, HrAccount } from '../edge/caller';
import { clock } from '../lib/clock';
import { NotFound } from '../lib/errors';
import { log } from '../lib/log';
import { completeAudit, recordAudit } from '../store/audit';
import {
  companyHrInvitations,
  companyHrUsers,
  companyPage,
  createCompany as putCompany,
  readCompany,
  readCompanyWithCounts,
  readMembership,
  removeMembership,
} from '../store/companies';
import { noCompanyCounts } from '../store/company-counts';
import type { CompanyItem, HrInvitationItem } from '../store/entities';
import { hasRunOut } from '../store/invitation-tokens';
import { getStoredProfile } from '../store/profile-state';
import { setProfileRole } from '../store/profiles';
import { actorOf, companyAudit } from './audit';

/** What the API shows of a company (never its deletion bookkeeping or who created it). */
export const companyOf = (item: CompanyItem): Company => ({
  id: item.id,
  name: item.name,
  contact_email: item.contact_email,
  created_at: item.created_at,
});

/** What the admin sees of an HR invitation (one run out waits for a resend). */
export function hrInvitationOf(invitation: HrInvitationItem, now: string): HrInvitation {
  return {
    id: invitation.id,
    email: invitation.email,
    language: invitation.language,
    invited_at: invitation.invited_at,
    expires_at: invitation.expires_at,
    expired: hasRunOut(invitation.expires_at, now),
  };
}

/** The admin creates a company; its creation is the first fact on its trail. */
export async function createCompany(admin: AdminAccount, input: CompanyInput): Promise<CompanySummary> {
  const item: CompanyItem = {
    id: randomUUID(),
    name: input.name,
    contact_email: input.contact_email,
    created_at: clock.iso(),
    created_by: admin.userId,
    deleting_at: null,
  };
  await putCompany(item, companyAudit(actorOf(admin), item.id, 'company_created'));
  log.info('company created', { companyId: item.id });
  return { company: companyOf(item), counts: noCompanyCounts() };
}

/** The admin's Companies: a page, newest first, each with its counts. */
export async function listCompanies(query: PageQuery): Promise<Page<CompanySummary>> {
  const page = await companyPage(query.limit, query.cursor ?? null);
  return {
    items: page.items.map(({ company, counts }) => ({ company: companyOf(company), counts })),
    nextCursor: page.nextCursor,
  };
}

/** The company a route names; none, or being deleted: 404 companyNotFound. */
export async function requireCompany(companyId: string): Promise<CompanyItem> {
  const company = await readCompany(companyId);
  if (!company) throw new NotFound('companyNotFound');
  return company;
}

/** A company with its counts; none (or being deleted): 404 companyNotFound. */
async function summaryOf(companyId: string): Promise<CompanySummary> {
  const found = await readCompanyWithCounts(companyId);
  if (!found) throw new NotFound('companyNotFound');
  return { company: companyOf(found.company), counts: found.counts };
}

/** The admin's page of a company: counts, HR users, HR invitations (an expired one flagged). */
export async function getCompanyDetail(companyId: string): Promise<CompanyDetail> {
  const [summary, members, invitations] = await Promise.all([
    summaryOf(companyId),
    companyHrUsers(companyId),
    companyHrInvitations(companyId),
  ]);
  const now = clock.iso();
  return {
    ...summary,
    hr_users: members.map(({ user_id, email, added_at }) => ({ user_id, email, added_at })),
    hr_invitations: invitations.map((invitation) => hrInvitationOf(invitation, now)),
  };
}

/** GET /api/company: the HR user's own company and its counts. */
export const getHrCompany = (caller: HrAccount): Promise<CompanySummary> => summaryOf(caller.companyId);

/**
 * The admin revokes an HR user of a company:
 * 1. the membership is deleted (on condition that it is of this company), with the record on
 *    the company's trail, pending: from now on every HR route refuses the user (the edge reads
 *    the membership on each request);
 * 2. the user leaves the Cognito group `hr`;
 * 3. their profile becomes a customer's again (on the customer lists);
 * 4. they are signed out everywhere (even when step 3 failed), so no new token says hr;
 * 5. the record is marked done.
 * A crash after step 1 leaves a user with no membership whose profile still says hr: the same
 * request again (it finds no membership, but that profile) does steps 2-5. Anyone else: 404.
 */
export async function revokeHrUser(admin: AdminAccount, companyId: string, userId: string): Promise<void> {
  const membership = await readMembership(userId);
  const audit = companyAudit(actorOf(admin), companyId, 'hr_revoked', { fields: ['role'] });
  if (membership?.company_id === companyId) {
    if (!(await removeMembership(membership, companyId, audit))) throw new NotFound('userNotFound');
  } else {
    const stored = membership ? null : await getStoredProfile(userId, { consistent: true });
    if (stored?.role !== 'hr' || !(await readCompany(companyId))) throw new NotFound('userNotFound');
    await recordAudit(audit, 'pending');
  }
  await setIdentityRole(userId, 'customer');
  try {
    await setProfileRole(userId, 'customer');
  } finally {
    await signOutEverywhere(userId);
  }
  await completeAudit(audit, clock.iso());
  log.info('hr user revoked', { companyId, userId });
}
