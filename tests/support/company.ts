// Companies, their HR users and their employees for the company suites, from real parts: a
// company item, a real Cognito user in the `hr` group (the emulator's admin API) with an
// authenticator app and a membership, signed in as the edge wants an HR user; employees who are
// real customers (signed up through the normal helpers), invited and answering through the
// store's own writes (store/employees.ts, store/company-links.ts), so a fixture cannot drift
// from what the product writes. The suites that must go through the product's own routes
// (the admin's invitation, sign-up, accepting) use support/hr-user.ts.
import { randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  GetGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cardsOf, type EmployeeStatus } from '@shared/company-filters';
import { HR_GROUP, INVITATION_DAYS } from '@shared/constants';
import { companyAudit, customerAudit } from '../../functions/src/services/audit';
import { transact } from '../../functions/src/store/client';
import { createCompany, putHrAddress, putMembership } from '../../functions/src/store/companies';
import { consentWrite, declineWrite, stopWrite } from '../../functions/src/store/company-links';
import { newEmployeeRow, readEmployeeRow, writeImportBatch } from '../../functions/src/store/employees';
import type { CompanyItem, EmployeeRowItem } from '../../functions/src/store/entities';
import { newInvitationToken } from '../../functions/src/store/invitation-tokens';
import { getStoredProfile } from '../../functions/src/store/profile-state';
import { setProfileRole } from '../../functions/src/store/profiles';
import { api, login, newCustomer, uniqueEmail } from './auth';
import { customerWith } from './customers';
import { endpoints } from './documents';
import { enrolSecondFactor } from './mfa';
import { pointStoreAt } from './store-env';

const DAY_MS = 86_400_000;
/** The test's own actor on the company's trail. */
const TEST_ACTOR = { id: 'test', email: 'test@example.com' };

/** A signed-in HR user of a company: their ID token passes the edge's hr access. */
export interface HrSession {
  email: string;
  password: string;
  userId: string;
  idToken: string;
  accessToken: string;
}

/** Puts the user into the `hr` group (made on the emulator when missing), as accepting an HR invitation does. */
async function addToHrGroup(url: string, userId: string) {
  const e = await endpoints(url);
  const cognito = new CognitoIdentityProviderClient({
    endpoint: e.cognito,
    region: e.region,
    credentials: e.s3Credentials,
  });
  const group = { UserPoolId: e.userPoolId, GroupName: HR_GROUP };
  const exists = await cognito
    .send(new GetGroupCommand(group))
    .then(() => true)
    .catch(() => false);
  if (!exists) await cognito.send(new CreateGroupCommand(group)).catch(() => undefined);
  await cognito.send(new AdminAddUserToGroupCommand({ ...group, Username: userId }));
}

/** A new HR user of `companyId`: signed up, in the hr group, enrolled with TOTP, a member; signed in. */
export async function hrUserOf(url: string, companyId: string): Promise<HrSession> {
  const person = await newCustomer(url);
  const me = await api<{ profile: { id: string } }>(url, '/api/me', { token: person.idToken });
  const userId = me.body.profile.id;
  await pointStoreAt(url);
  await addToHrGroup(url, userId);
  await setProfileRole(userId, 'hr');
  const now = new Date().toISOString();
  const membership = {
    user_id: userId,
    company_id: companyId,
    email: person.email,
    added_at: now,
    added_by: 'test',
  };
  // The membership and the address's item, as joining writes them.
  await transact([putMembership(membership), putHrAddress(membership)], 'profileChanged');
  // Signed in again: the new tokens carry the group; the authenticator app, then a sign-in with its code.
  const again = await login(url, person.email, person.password);
  await enrolSecondFactor(url, person.email, again.accessToken);
  const session = await login(url, person.email, person.password);
  return { email: person.email, password: person.password, userId, ...session };
}

/** A company of the test's own, as the admin's create-company writes it (the store pointed at the stack). */
export async function newCompany(name = `Company ${randomUUID().slice(0, 6)}`): Promise<CompanyItem> {
  const company: CompanyItem = {
    id: randomUUID(),
    name,
    contact_email: uniqueEmail('contact'),
    created_at: new Date().toISOString(),
    created_by: 'test',
    deleting_at: null,
  };
  await createCompany(company, companyAudit(TEST_ACTOR, company.id, 'company_created'));
  return company;
}

/** A company with one HR user, signed in. */
export async function companyWithHr(url: string, name?: string) {
  await pointStoreAt(url);
  const company = await newCompany(name);
  return { company, hr: await hrUserOf(url, company.id) };
}

/** Who is invited, as HR types them; `expired`: invited INVITATION_DAYS + 1 days ago (waiting for a resend). */
export interface Invited {
  email?: string;
  first_name?: string;
  last_name?: string;
  expired?: boolean;
}

/**
 * An employee invitation written as HR's invitation writes it (store/employees.ts: the row, its
 * invitee, token and words, the company's invited count), its mail counted as sent. The store
 * must point at the stack. Returns the row and the link's token.
 */
export async function invite(companyId: string, person: Invited = {}) {
  const { token, hash } = newInvitationToken();
  const at = person.expired ? new Date(Date.now() - (INVITATION_DAYS + 1) * DAY_MS) : new Date();
  const row = newEmployeeRow(
    companyId,
    {
      email: person.email ?? uniqueEmail('invitee'),
      first_name: person.first_name ?? 'Ines',
      last_name: person.last_name ?? 'Invited',
      arrival_date: null,
      language: 'en',
    },
    'test',
    at,
    hash,
    { mailed: true },
  );
  const refused = await writeImportBatch(companyId, [row]);
  if (refused) throw new Error(`invitation refused: ${refused}`);
  return { row, token };
}

/** An invited employee of `company` (see invite). */
export async function invitedEmployee(url: string, company: CompanyItem, person: Invited = {}) {
  await pointStoreAt(url);
  return invite(company.id, person);
}

type Answer = Exclude<EmployeeStatus, 'invited'>;

/**
 * A real customer (signed up, in the state `options` asks for) who answered an invitation of
 * `company`: sharing (the default), declined, or stopped after sharing, each written by the
 * product's own transaction (consent, decline, stop). Returns the row as it is then, and the
 * cards the customer's state put them on while sharing.
 */
export async function answeredEmployee(
  url: string,
  company: CompanyItem,
  status: Answer,
  options: Parameters<typeof customerWith>[1] & { first_name?: string; last_name?: string } = {},
) {
  const customer = await customerWith(url, options);
  await pointStoreAt(url);
  const { row: invited } = await invite(company.id, {
    email: customer.email,
    first_name: options.first_name ?? 'Sam',
    last_name: options.last_name ?? 'Sharer',
  });
  const stored = await getStoredProfile(customer.userId);
  if (!stored) throw new Error('the customer has no profile');
  const now = new Date().toISOString();
  const audit = (action: 'company_consented' | 'company_declined' | 'company_sharing_stopped') =>
    customerAudit(customer.userId, action);
  if (status === 'declined')
    await transact(
      declineWrite(customer.userId, null, invited, company, now, audit('company_declined')),
      'invitationAnswered',
    );
  else {
    await transact(consentWrite(stored, invited, company, now, audit('company_consented')), 'profileChanged');
    if (status === 'stopped') {
      const sharing = await getStoredProfile(customer.userId);
      if (!sharing) throw new Error('the customer has no profile');
      await transact(stopWrite(sharing, now, audit('company_sharing_stopped')), 'profileChanged');
    }
  }
  const row: EmployeeRowItem | null = await readEmployeeRow(company.id, invited.id);
  if (!row) throw new Error('the row is gone');
  return { ...customer, row, cards: status === 'sharing' ? cardsOf(stored.profile) : [] };
}

/** A real customer sharing their progress with `company` (see answeredEmployee). */
export const sharingEmployee = (
  url: string,
  company: CompanyItem,
  options: Parameters<typeof answeredEmployee>[3] = {},
) => answeredEmployee(url, company, 'sharing', options);
