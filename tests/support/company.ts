// Companies, their HR users and their employees for the company suites, from real parts: a
// company item, a real Cognito user in the `hr` group (the emulator's admin API) with an
// authenticator app and a membership, signed in as the edge wants an HR user; employees who are
// real customers (signed up through the normal helpers) with the items an invitation and an
// answer write, built with the store's own entities and builders (the same items as the
// product's consent, decline and stop transactions write).
import { randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  GetGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type CompanyCard, type CompanyCounts, cardsOf, type EmployeeStatus } from '@shared/company-filters';
import { COMPANY_SHARED_FIELDS, COMPANY_SHARED_FIELDS_VERSION } from '@shared/company-sharing';
import { HR_GROUP, INVITATION_DAYS } from '@shared/constants';
import { env } from '../../functions/src/config';
import { dynamo, type TransactItems } from '../../functions/src/store/client';
import { addToCompanyCounts } from '../../functions/src/store/company-counts';
import { rowWordList } from '../../functions/src/store/company-index';
import {
  type CompanyItem,
  type CompanyLinkItem,
  companies,
  companyCardEntries,
  companyLinks,
  companyWords,
  type EmployeeRowItem,
  employeeRows,
  invitationTokens,
  invitees,
  memberships,
  profiles,
  SHARING,
} from '../../functions/src/store/entities';
import { newInvitationToken } from '../../functions/src/store/invitation-tokens';
import { getStoredProfile } from '../../functions/src/store/profile-state';
import { setProfileRole } from '../../functions/src/store/profiles';
import { api, login, newCustomer, uniqueEmail } from './auth';
import { customerWith } from './customers';
import { endpoints } from './documents';
import { enrolSecondFactor } from './mfa';
import { pointStoreAt } from './store-env';

const DAY_MS = 86_400_000;

async function write(items: TransactItems) {
  // Transactions of at most 100 items (a row's words and the rest stay far below).
  await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
}

const put = (Item: Record<string, unknown>) => ({ Put: { TableName: env.tableName, Item } });

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
  await write([
    put(
      memberships.toItem({
        user_id: userId,
        company_id: companyId,
        email: person.email,
        added_at: now,
        added_by: 'test',
      }),
    ),
  ]);
  // Signed in again: the new tokens carry the group; the authenticator app, then a sign-in with its code.
  const again = await login(url, person.email, person.password);
  await enrolSecondFactor(url, person.email, again.accessToken);
  const session = await login(url, person.email, person.password);
  return { email: person.email, password: person.password, userId, ...session };
}

/** A company with one HR user, signed in. */
export async function companyWithHr(url: string, name = `Company ${randomUUID().slice(0, 6)}`) {
  await pointStoreAt(url);
  const company: CompanyItem = {
    id: randomUUID(),
    name,
    contact_email: uniqueEmail('contact'),
    created_at: new Date().toISOString(),
    created_by: 'test',
    deleting_at: null,
  };
  await write([put(companies.toItem(company))]);
  return { company, hr: await hrUserOf(url, company.id) };
}

/** A new employee row's id: `<13-digit ms>-<uuid>`, so the partition lists rows in invitation order. */
export const newRowId = (at = Date.now()) => `${String(at).padStart(13, '0')}-${randomUUID()}`;

/** An employee row as an invitation writes it (the token's hash given). */
function invitationRow(
  company: CompanyItem,
  person: { email: string; first_name: string; last_name: string; arrival_date?: string | null },
  tokenHash: string,
  invitedAt = new Date(),
): EmployeeRowItem {
  return {
    id: newRowId(invitedAt.getTime()),
    company_id: company.id,
    email: person.email,
    first_name: person.first_name,
    last_name: person.last_name,
    arrival_date: person.arrival_date ?? null,
    language: 'en',
    status: 'invited',
    user_id: null,
    invited_at: invitedAt.toISOString(),
    invited_by: 'test',
    expires_at: new Date(invitedAt.getTime() + INVITATION_DAYS * DAY_MS).toISOString(),
    token_hash: tokenHash,
    mailed_at: invitedAt.toISOString(),
    responded_at: null,
    stopped_at: null,
    import_id: null,
  };
}

/** The row's search words, as the invitation writes them. */
const wordItems = (row: EmployeeRowItem) =>
  rowWordList(row).map((word) =>
    put(companyWords.toItem({ company_id: row.company_id, row_id: row.id, word })),
  );

/**
 * An invited employee: the row, the invitee, the token and the words, and the company's
 * invited count. `expired`: invited 31 days ago (it waits for a resend).
 */
export async function invitedEmployee(
  url: string,
  company: CompanyItem,
  options: { email?: string; first_name?: string; last_name?: string; expired?: boolean } = {},
) {
  await pointStoreAt(url);
  const token = newInvitationToken();
  const invitedAt = options.expired ? new Date(Date.now() - (INVITATION_DAYS + 1) * DAY_MS) : new Date();
  const row = invitationRow(
    company,
    {
      email: options.email ?? uniqueEmail('invitee'),
      first_name: options.first_name ?? 'Ines',
      last_name: options.last_name ?? 'Invited',
    },
    token.hash,
    invitedAt,
  );
  await write([
    put(employeeRows.toItem(row)),
    put(invitees.toItem({ email: row.email, kind: 'employee', company_id: company.id, target_id: row.id })),
    put(
      invitationTokens.toItem({
        token_hash: token.hash,
        kind: 'employee',
        company_id: company.id,
        target_id: row.id,
        valid_until: row.expires_at,
      }),
    ),
    ...wordItems(row),
    ...addToCompanyCounts(company.id, row.id, { invited: 1 }),
  ]);
  return { row, token: token.token };
}

type Answer = Exclude<EmployeeStatus, 'invited'>;

/**
 * A real customer (signed up, in the state `options` asks for) who answered an invitation of
 * `company`: sharing (the default), declined, or stopped after sharing. Writes what the answer
 * leaves: the row (its status, the user id), the invitee, the words, the customer's link; while
 * sharing the profile's SHARING attributes and the card entries of their state as counted; and
 * the company's counts.
 */
export async function answeredEmployee(
  url: string,
  company: CompanyItem,
  status: Answer,
  options: Parameters<typeof customerWith>[1] & { first_name?: string; last_name?: string } = {},
) {
  const customer = await customerWith(url, options);
  await pointStoreAt(url);
  const stored = await getStoredProfile(customer.userId);
  if (!stored) throw new Error('the customer has no profile');
  const now = new Date().toISOString();
  const invited = invitationRow(
    company,
    {
      email: customer.email,
      first_name: options.first_name ?? 'Sam',
      last_name: options.last_name ?? 'Sharer',
    },
    newInvitationToken().hash,
  );
  const row: EmployeeRowItem = {
    ...invited,
    status,
    user_id: customer.userId,
    responded_at: now,
    stopped_at: status === 'stopped' ? now : null,
  };
  const link: CompanyLinkItem = {
    user_id: customer.userId,
    row_id: row.id,
    company_id: company.id,
    company_name: company.name,
    status,
    invited_at: row.invited_at,
    consented_at: status === 'declined' ? null : now,
    declined_at: status === 'declined' ? now : null,
    stopped_at: row.stopped_at,
    shared_fields: status === 'declined' ? [] : [...COMPANY_SHARED_FIELDS],
    shared_fields_version: status === 'declined' ? null : COMPANY_SHARED_FIELDS_VERSION,
  };
  const cards: CompanyCard[] = status === 'sharing' ? cardsOf(stored.profile) : [];
  const deltas: Partial<CompanyCounts> = { [status]: 1 };
  for (const card of cards) deltas[card] = 1;
  await write([
    put(employeeRows.toItem(row)),
    put(invitees.toItem({ email: row.email, kind: 'employee', company_id: company.id, target_id: row.id })),
    put(companyLinks.toItem(link)),
    ...wordItems(row),
    ...cards.map((card) =>
      put(
        companyCardEntries.toItem({
          user_id: customer.userId,
          company_id: company.id,
          row_id: row.id,
          card,
        }),
      ),
    ),
    ...(status === 'sharing'
      ? [
          {
            Update: {
              TableName: env.tableName,
              Key: profiles.key(customer.userId),
              UpdateExpression: 'SET #company = :company, #row = :row',
              ExpressionAttributeNames: { '#company': SHARING.company, '#row': SHARING.row },
              ExpressionAttributeValues: { ':company': company.id, ':row': row.id },
            },
          },
        ]
      : []),
    ...addToCompanyCounts(company.id, row.id, deltas),
  ]);
  return { ...customer, row, cards };
}

/** A real customer sharing their progress with `company` (see answeredEmployee). */
export const sharingEmployee = (
  url: string,
  company: CompanyItem,
  options: Parameters<typeof answeredEmployee>[3] = {},
) => answeredEmployee(url, company, 'sharing', options);
