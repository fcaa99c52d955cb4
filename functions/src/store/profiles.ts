import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MailBlock, Page, Profile, UserTask } from '@shared/api';
import type { Language, Role } from '@shared/constants';
import { env } from '../config';
import { clock } from '../lib/clock';
import { Conflict } from '../lib/errors';
import { log } from '../lib/log';
import { accountNotDeleted, createForUser } from './accounts';
import { type Audit, withAudit } from './audit';
import { batchGet, dynamo, queryAll, queryPage, type TransactItems, transact, tryUpdate } from './client';
import { leavingCompany, sharingCardChange, sharingStateCondition } from './company-index';
import {
  customersOnly,
  leavingCustomerIndex,
  newCustomerIndex,
  STATE_FIELDS,
  stateChange,
  stateOf,
  wordChange,
} from './customer-index';
import {
  CUSTOMER_LIST,
  CUSTOMER_PAGE_KEY,
  profiles,
  SHARING,
  type StoredProfile,
  TEAM_LIST,
} from './entities';
import { getStoredProfile, withStateRead } from './profile-state';
import { conversationCondition, conversationQueueChange, conversationWaiting } from './request-queue';
import { GSI1 } from './table';
import { putNewTask } from './tasks';

// A new account's profile (pure, shared with the SPA's test fixtures): its one definition.
export { newProfile } from '@shared/profile';

/**
 * Creates the profile once; a second call (trigger retry, self-heal on first API call)
 * leaves the existing item untouched and returns 'exists'. An account whose deletion has
 * begun is never created again ('deleted').
 */
export function putProfileIfAbsent(profile: Profile, role: Role): Promise<'created' | 'exists' | 'deleted'> {
  // A customer joins the dashboard's lists, counts and search with their profile.
  return createForUser(
    profile.id,
    profiles.toItem({ profile, role }),
    role === 'customer' ? newCustomerIndex(profile) : [],
  );
}

/**
 * The user's profile, or null when there is none or the table cannot be read (logged): for
 * the Cognito triggers, whose own work (a code mail, a confirmed reset) must go on without it.
 */
export async function profileIfReadable(userId: string): Promise<Profile | null> {
  try {
    return (await getStoredProfile(userId))?.profile ?? null;
  } catch (error) {
    log.warn('profile unavailable', { userId, error: String(error) });
    return null;
  }
}

/**
 * Gives a profile the role its Cognito group says (the group is the truth, the stored role
 * its copy): an admin's leaves the customer list, counts and search and joins the team's
 * list, a customer's the other way round, in the same transaction, for the state it was read
 * in. An admin's profile already in step is (re)listed with the team: profiles of admins
 * written before the team's list existed join it when `npm run admin -- grant` runs again.
 */
export async function setProfileRole(userId: string, role: Role): Promise<void> {
  await withStateRead(userId, async (stored) => {
    if (stored.role === role && role === 'customer') return [];
    const listed = profiles.toItem({ profile: stored.profile, role });
    const condition = sharingStateCondition(stored, {}, { ':role': role });
    // A sharing customer made staff leaves their company (as if they stopped sharing): staff
    // share nothing with a company.
    const leaving = stored.role === 'customer' && role !== 'customer' && Boolean(stored.sharing);
    // Only customers are on the customer lists: a customer made staff leaves them, staff made
    // a customer joins them, and a change between staff roles touches none.
    const indexChanges =
      stored.role === 'customer' && role !== 'customer'
        ? leavingCustomerIndex(stored.profile)
        : stored.role !== 'customer' && role === 'customer'
          ? newCustomerIndex(stored.profile)
          : [];
    return [
      {
        // Only the role and the list keys: a parallel edit of the profile's fields stays; the
        // search words below are the stored name's (updated_at holds it).
        Update: {
          TableName: env.tableName,
          Key: profiles.key(userId),
          UpdateExpression: `SET #role = :role, ${GSI1.partitionKey} = :pk, ${GSI1.sortKey} = :sk${
            leaving ? ` REMOVE ${SHARING.company}, ${SHARING.row}` : ''
          }`,
          ...condition,
          ConditionExpression: `${condition.ConditionExpression} AND updated_at = :su`,
          ExpressionAttributeValues: {
            ...condition.ExpressionAttributeValues,
            ':su': stored.profile.updated_at,
            ':pk': listed[GSI1.partitionKey],
            ':sk': listed[GSI1.sortKey],
          },
        },
      },
      ...indexChanges,
      ...(leaving ? leavingCompany(stored, 'stopped', clock.iso(), { profile: false }) : []),
    ];
  });
}

/** The support team: every admin profile, from the team's list (one Query of GSI1, no scan). */
export async function listTeam(): Promise<Profile[]> {
  const items = await queryAll({ partition: TEAM_LIST, index: true });
  return items.map((item) => profiles.fromItem(item)).flatMap((s) => (s.role === 'admin' ? [s.profile] : []));
}

/**
 * Sets (or, with null, clears) who of the team owns a customer's conversation, with its audit
 * record, only while the profile is still a customer's and the owner is still the one read.
 */
export async function setConversationOwner(
  stored: StoredProfile,
  ownerId: string | null,
  audit: Audit,
): Promise<void> {
  const read = conversationCondition(stored);
  const waiting = conversationWaiting(stored);
  await transact(
    withAudit(
      [
        {
          Update: {
            TableName: env.tableName,
            Key: profiles.key(stored.profile.id),
            UpdateExpression: ownerId ? 'SET #qowner = :owner' : 'REMOVE #qowner',
            // Still a customer's, owned and waiting as read (the queue's entries follow from that read).
            ConditionExpression: `#role = :customer AND ${read.expression}`,
            ExpressionAttributeNames: { '#role': 'role', ...read.names },
            ExpressionAttributeValues: {
              ':customer': 'customer',
              ...(ownerId ? { ':owner': ownerId } : {}),
              ...read.values,
            },
          },
        },
        // A waiting conversation moves to its new owner's part of the queue.
        ...conversationQueueChange(stored.profile.id, waiting, waiting && { ...waiting, owner_id: ownerId }),
      ],
      audit,
    ),
    'profileChanged',
  );
}

/** Customers newest first, one Query page at a time. */
export async function listCustomers(limit: number, cursor: string | null): Promise<Page<Profile>> {
  const page = await queryPage(
    { partition: CUSTOMER_LIST, index: true, newestFirst: true },
    { limit, cursor, shape: CUSTOMER_PAGE_KEY },
  );
  return { items: page.items.map((item) => profiles.fromItem(item).profile), nextCursor: page.nextCursor };
}

/**
 * The update of some of a profile's fields, read as `stored`, with what it changes of the
 * dashboard's index in the same transaction: the search words, and the list entries and counts
 * when the fields include one a customer's state is made of (and then, for a customer who shares
 * with a company, the company's cards and counts). Such a write applies only to a customer still
 * in the state read, sharing as read (as every write computed from that state), so two writes
 * racing on one read cannot both move the customer between lists. `also` adds to the condition.
 */
function fieldsUpdate(
  stored: StoredProfile,
  fields: Partial<Profile>,
  also: { condition: string; values: Record<string, unknown> } | null = null,
): TransactItems {
  const before = stored.profile;
  const after: Profile = { ...before, ...fields };
  const entries = Object.entries(fields);
  const ofState = entries.some(([name]) => (STATE_FIELDS as readonly string[]).includes(name));
  const customer: StoredProfile = { ...stored, role: 'customer' };
  const guard = ofState
    ? sharingStateCondition(customer)
    : {
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: {},
        ExpressionAttributeValues: {},
      };
  return [
    {
      Update: {
        TableName: env.tableName,
        Key: profiles.key(before.id),
        UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
        ConditionExpression: also
          ? `${guard.ConditionExpression} AND ${also.condition}`
          : guard.ConditionExpression,
        ExpressionAttributeNames: {
          ...guard.ExpressionAttributeNames,
          ...Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
        },
        ExpressionAttributeValues: {
          ...guard.ExpressionAttributeValues,
          ...Object.fromEntries(entries.map(([, value], i) => [`:v${i}`, value ?? null])),
          ...also?.values,
        },
      },
    },
    ...(ofState ? stateChange(before, stateOf(before), stateOf(after)) : []),
    ...(ofState ? sharingCardChange(customer, stateOf(before), stateOf(after)) : []),
    ...wordChange(before.id, before, after),
  ];
}

/**
 * Sets profile fields and updated_at, for a profile read as `before`: the customer's search
 * words (and lists and counts, should a field of their state change) change with it, in one
 * transaction. A profile edited by someone else since it was read is a conflict (the words were
 * computed from what was read).
 */
export async function updateProfile(
  before: Profile,
  fields: Partial<Profile>,
  now: string,
  alongside: TransactItems = [],
): Promise<Profile> {
  await transact(
    [
      // Read as a profile alone: one of a customer sharing with a company is refused should
      // its fields include one of their state (the company's cards were not read with it).
      ...fieldsUpdate(
        { profile: before, role: 'customer' },
        { ...fields, updated_at: now },
        { condition: 'updated_at = :before', values: { ':before': before.updated_at } },
      ),
      ...alongside,
    ],
    'profileChanged',
  );
  return { ...before, ...fields, updated_at: now };
}

/**
 * A customer's count of open tasks past their due date, and with it their place on the
 * dashboard's Overdue tasks list and count. Not updated_at: that is when the customer's details
 * last changed (the admin's "Profile Updated"), and a recount changes none of them. Nothing to
 * do for an admin's profile (never listed), a missing one, or a count that is already so.
 */
export async function setOverdueTasks(userId: string, count: number): Promise<void> {
  await withStateRead(userId, (stored) =>
    stored.role !== 'customer' || stored.profile.overdue_tasks === count
      ? []
      : fieldsUpdate(stored, { overdue_tasks: count }),
  );
}

/**
 * Onboarding done (docs/product.md#step-2-documents): the flag, and the customer on the
 * dashboard's "Completed Onboarding" list and count (and, sharing with a company, off its
 * Onboarding card), together, for the profile as read. Done before is no error: the profile as
 * it is.
 */
export async function markOnboardingCompleted(before: Profile, now: string): Promise<Profile> {
  let result: Profile | null = null;
  await withStateRead(
    before.id,
    (stored) => {
      const profile = stored.profile;
      if (stored.role !== 'customer' || profile.onboarding_completed) {
        result = profile;
        return [];
      }
      const condition = sharingStateCondition(stored, {}, { ':true': true, ':now': now });
      const done = { ...stateOf(profile), onboarded: true };
      result = { ...profile, onboarding_completed: true, updated_at: now };
      return [
        {
          Update: {
            TableName: env.tableName,
            Key: profiles.key(before.id),
            UpdateExpression: 'SET onboarding_completed = :true, updated_at = :now',
            ...condition,
          },
        },
        ...stateChange(profile, stateOf(profile), done),
        ...sharingCardChange(stored, stateOf(profile), done),
      ];
    },
    { ifMissing: 'conflict' },
  );
  if (!result) throw new Conflict('profileChanged');
  return result;
}

/** Several profiles by id (BatchGet, 100 at a time). */
export async function getProfiles(userIds: string[]): Promise<Map<string, Profile>> {
  const found = await getStoredProfiles(userIds);
  return new Map([...found].map(([id, stored]) => [id, stored.profile]));
}

/** Several profiles by id, each with its role (BatchGet, 100 at a time). */
export async function getStoredProfiles(userIds: string[]): Promise<Map<string, StoredProfile>> {
  const items = await batchGet([...new Set(userIds)].map((id) => profiles.key(id)));
  return new Map(items.map((item) => profiles.fromItem(item)).map((stored) => [stored.profile.id, stored]));
}

export async function setProfileLanguage(userId: string, language: Language): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: profiles.key(userId),
      UpdateExpression: 'SET #language = :language',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#language': 'language' },
      ExpressionAttributeValues: { ':language': language },
    }),
  );
}

/**
 * Verification (docs/product.md#journey-phases-and-tasks): the profile flag and every phase-1
 * task in one transaction, so a verified account always has its tasks and a second
 * verification changes nothing.
 */
export async function verifyWithTasks(
  profile: Profile,
  adminId: string,
  at: string,
  tasks: UserTask[],
  audit?: Audit,
) {
  const userId = profile.id;
  const state = stateOf(profile);
  await transact(
    withAudit(
      [
        {
          Update: {
            TableName: env.tableName,
            Key: profiles.key(userId),
            UpdateExpression:
              'SET account_verified = :true, account_verified_at = :at, account_verified_by = :by',
            // Customers only: the dashboard lists and counts them.
            ...customersOnly('attribute_exists(PK) AND account_verified = :false', {
              ':true': true,
              ':false': false,
              ':at': at,
              ':by': adminId,
            }),
          },
        },
        ...tasks.map(putNewTask),
        accountNotDeleted(userId),
        ...stateChange(profile, { ...state, verified: false }, { ...state, verified: true }),
      ],
      audit,
    ),
    'alreadyVerified',
  );
}

/**
 * Marks that mail to the user's address bounced for good or drew a complaint. Only while the
 * profile still has that address (a changed e-mail starts clean); false when it has not.
 */
export function blockMail(userId: string, email: string, reason: MailBlock): Promise<boolean> {
  return tryUpdate({
    Key: profiles.key(userId),
    UpdateExpression: 'SET mail_blocked = :reason',
    ConditionExpression: 'attribute_exists(PK) AND email = :email',
    ExpressionAttributeValues: { ':reason': reason, ':email': email },
  });
}

/** The counts the reminder job keeps on a customer's profile (services/reminder-schedule.ts). */
export type PlanCounts = Pick<Profile, 'overdue_tasks' | 'expiring_documents'>;

/**
 * Sets a customer's counts of overdue plan tasks and expiring documents
 * (services/reminder-schedule.ts), for the profile as read, with the dashboard's lists and
 * counts that follow them (customer-index.ts): like every change of a listed flag, only for the
 * profile still in the state it was read in, and holding the exact counts it read.
 */
export function planCountsWrite(stored: StoredProfile, counts: PlanCounts): TransactItems {
  const before = stored.profile;
  // Profiles from before the plan (or documents' expiry dates) have no count: none is so.
  const same = (field: keyof PlanCounts, value: string) =>
    before[field] === 0 ? `(attribute_not_exists(${field}) OR ${field} = ${value})` : `${field} = ${value}`;
  return fieldsUpdate(stored, counts, {
    condition: `${same('overdue_tasks', ':overdueBefore')} AND ${same('expiring_documents', ':expiringBefore')}`,
    values: { ':overdueBefore': before.overdue_tasks, ':expiringBefore': before.expiring_documents },
  });
}

/** That the profile exists, inside a transaction that does not write it. */
export const profileExists = (userId: string): TransactItems[number] => ({
  ConditionCheck: {
    TableName: env.tableName,
    Key: profiles.key(userId),
    ConditionExpression: 'attribute_exists(PK)',
  },
});

/**
 * E-mail reminders on or off; true when the profile exists (setting it again changes nothing,
 * so an unsubscribe link works any number of times).
 */
export function setRemindersEnabled(userId: string, enabled: boolean): Promise<boolean> {
  return tryUpdate({
    Key: profiles.key(userId),
    UpdateExpression: 'SET reminders_enabled = :enabled',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':enabled': enabled },
  });
}
