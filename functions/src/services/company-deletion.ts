// The admin deletes a company (docs/company-portal.md#deletion): its HR users lose their access
// at once (memberships deleted, out of the `hr` group, signed out everywhere, their profiles a
// customer's again), its invitations and rows go, and its employees stay ordinary customers
// whose link says company_deleted. The request clears what it can within its time budget; the
// daily job finishes any company left (store/company-deletion.ts: every step repeatable).
import { HR_GROUP } from '@shared/constants';
import { signOutEverywhere } from '../adapters/identity';
import { lazySdk } from '../adapters/lazy-sdk';
import { env } from '../config';
import type { AdminAccount } from '../edge/caller';
import { clock } from '../lib/clock';
import { Invalid, NotFound } from '../lib/errors';
import { log } from '../lib/log';
import { traced } from '../lib/tracing';
import { readCompanyItem } from '../store/companies';
import {
  clearCompany,
  companiesBeingDeleted,
  companyMemberships,
  deleteHrInvitations,
  deleteMembership,
  markCompanyDeleting,
} from '../store/company-deletion';
import type { CompanyItem } from '../store/entities';
import { setProfileRole } from '../store/profiles';
import { actorOf, companyAudit } from './audit';

/** How long the deletion request clears the company's rows before it leaves the rest to the daily job. */
export const DELETION_REQUEST_BUDGET_MS = 15_000;

const cognito = lazySdk(
  () => import('../adapters/sdk/cognito'),
  (sdk) => traced(new sdk.CognitoIdentityProviderClient({})),
);

/**
 * Takes the user out of the `hr` group; already out (or gone) counts as out. A stand-in until
 * adapters/identity.ts setIdentityRole handles the hr role.
 */
async function leaveHrGroup(userId: string): Promise<void> {
  const { sdk, client } = await cognito();
  try {
    await client.send(
      new sdk.AdminRemoveUserFromGroupCommand({
        UserPoolId: env.userPoolId,
        Username: userId,
        GroupName: HR_GROUP,
      }),
    );
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name !== 'UserNotFoundException' && name !== 'ResourceNotFoundException') throw error;
  }
}

/** Every HR user of the company loses their access: membership, group, sessions, role. */
async function revokeHrUsers(companyId: string): Promise<void> {
  for (const membership of await companyMemberships(companyId)) {
    await deleteMembership(membership);
    await leaveHrGroup(membership.user_id);
    await signOutEverywhere(membership.user_id);
    await setProfileRole(membership.user_id, 'customer');
  }
}

/** Everything of a marked company but the mark: repeatable. True: the company is gone. */
async function finishDeletion(company: CompanyItem, deadline: number): Promise<boolean> {
  await revokeHrUsers(company.id);
  await deleteHrInvitations(company.id);
  return clearCompany(company.id, company.deleting_at ?? clock.iso(), deadline);
}

/**
 * DELETE /api/admin/companies/{companyId}: the company's name typed again must be its name
 * (400 companyNameMismatch); then marked, HR access ended, and as much cleared as the budget
 * allows (202: the daily job finishes the rest). A company being deleted already: carried on.
 */
export async function deleteCompany(
  caller: AdminAccount,
  companyId: string,
  confirmationName: string,
): Promise<void> {
  const company = await readCompanyItem(companyId);
  if (!company) throw new NotFound('companyNotFound');
  if (confirmationName.trim() !== company.name.trim()) throw new Invalid('companyNameMismatch');
  const at = company.deleting_at ?? clock.iso();
  await markCompanyDeleting(company, at, companyAudit(actorOf(caller), companyId, 'company_deleted'));
  const done = await finishDeletion({ ...company, deleting_at: at }, Date.now() + DELETION_REQUEST_BUDGET_MS);
  log.info('company deletion', { companyId, done });
}

/** The daily job's part: every company whose deletion has not finished, finished. Returns how many. */
export async function finishCompanyDeletions(): Promise<number> {
  let finished = 0;
  for (const company of await companiesBeingDeleted()) {
    if (await finishDeletion(company, Number.POSITIVE_INFINITY)) finished += 1;
  }
  return finished;
}
