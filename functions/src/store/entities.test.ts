// The key design (README 'Key design') as the entity layer stores it: every entity's table
// and index keys, records that survive a trip through the table, and no key attribute ever
// leaking into a record.
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { CUSTOMER_FILTERS } from '@shared/customer-filters';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import {
  companyItem,
  deletionRequest,
  document,
  NOW,
  NOW_SECONDS,
  profile,
  task,
  catalogue as testCatalogue,
  ticket,
  USER,
  workflow,
} from '../test-fixtures';
import { noCompanyCounts } from './company-counts';
import {
  type AuditCompletion,
  type AuditDetails,
  type AuditFact,
  auditCompletions,
  auditDetails,
  auditFacts,
  auditPartition,
  CATALOGUE,
  type CalendarFeed,
  COMPANY_COUNT_SHARDS,
  COMPANY_LIST,
  CONVERSATION_OWNER,
  CONVERSATION_WAITING,
  COUNT_SHARDS,
  COUNTS,
  type CompanionCount,
  type CompanionExchange,
  CUSTOMER_LIST,
  calendarFeedByToken,
  calendarFeeds,
  companies,
  companionCounts,
  companionExchanges,
  companyAuditSubject,
  companyCounts,
  companyRowPageKey,
  customerCounts,
  deletionMarkers,
  deletionRequests,
  documentById,
  documents,
  type EmployeeRowItem,
  employeeRows,
  employeeStatusPartition,
  type HrInvitationItem,
  hrInvitations,
  hrListPartition,
  type InvitationToken,
  type Invitee,
  type Item,
  invitationTokens,
  invitees,
  LISTED_STATES,
  listEntries,
  MAILED,
  type MessageCount,
  type MessageItem,
  memberships,
  messageCounts,
  messages,
  PARTITION_STATE_END,
  PENDING_DELETIONS,
  phases,
  profiles,
  QUEUE_ALL,
  QUEUE_UNASSIGNED,
  type QueueEntry,
  queueEntries,
  queueOfOwner,
  queuePartition,
  queueSortKey,
  REMINDERS,
  reminderSchedules,
  SHARING,
  type StoredProfile,
  searchWords,
  TEAM_LIST,
  type Tombstone,
  taskById,
  tasks,
  taskTemplates,
  tombstones,
  uploadTickets,
  userPartitionKey,
  waitingMailWatermarks,
  workflowById,
  workflows,
} from './entities';
import { KEY_ATTRIBUTES, TABLE_KEYS } from './table';
import { readUserPartition } from './user-partition';

const KEYS = ['PK', 'SK', 'GSI1PK', 'GSI1SK'];
const keysOf = (item: Item) => Object.fromEntries(KEYS.filter((k) => k in item).map((k) => [k, item[k]]));

const c = testCatalogue();
const phase = c.phases[2];
const template = c.templates[0];
const serviceTemplate = c.templates.find((t) => t.completion_type === 'service_request');
if (!phase || !template || !serviceTemplate) throw new Error('catalogue fixture is empty');

const customerProfile: StoredProfile = { profile: profile(), role: 'customer' };
const adminProfile: StoredProfile = { profile: profile({ id: 'admin-1' }), role: 'admin' };
const tombstone: Tombstone = { user_id: USER, deleted_at: NOW, expires_at: NOW_SECONDS + 86_400 };
const marker = { user_id: USER, deleted_at: NOW };
const messageCount: MessageCount = {
  user_id: USER,
  hour: '2026-11-24T21',
  count: 3,
  expires_at: 1_795_000_000,
};
const exchange: CompanionExchange = {
  id: '1795000000000-q-1',
  user_id: USER,
  question: 'Where do I register?',
  language: 'en',
  answer: 'Excerpts from our guide: …',
  mode: 'extractive',
  cited: ['anmeldung#1'],
  sources: [{ slug: 'anmeldung', title: 'Registering your address (Anmeldung)' }],
  next_tasks: [
    { task_template_id: 'address_registration', name: 'Register your address', due_date: '2027-03-29' },
  ],
  tokens: null,
  created_at: NOW,
  handed_off_at: null,
  handoff_message_id: null,
};
const companionCount: CompanionCount = {
  user_id: USER,
  period: '2026-11-24',
  count: 7,
  expires_at: 1_795_000_000,
};
const message: MessageItem = {
  id: 'm-1',
  user_id: USER,
  author: 'team',
  author_id: 'admin-1',
  author_email: 'admin@example.com',
  text: 'Hello',
  workflow_id: 'wf-1',
  created_at: NOW,
};
const auditFact: AuditFact = {
  id: 'a-1',
  user_id: USER,
  at: NOW,
  action: 'profile_edited',
  actor_id: 'admin-1',
  actor_email: 'admin@example.com',
  target: null,
  fields: ['last_name'],
  outcome: 'pending',
  has_details: true,
};
const calendarFeed: CalendarFeed = {
  user_id: USER,
  token: 'x'.repeat(43),
  created_at: NOW,
};
const auditDone: AuditCompletion = { id: 'a-1', user_id: USER, at: NOW };
const auditDetail: AuditDetails = {
  id: 'a-1',
  user_id: USER,
  changes: [{ field: 'last_name', before: 'Lovelace', after: 'Byron' }],
  note: null,
  team_note: null,
};

describe('the table', () => {
  it('has generic keys, one GSI and the TTL attribute', () => {
    expect(TABLE_KEYS).toEqual({
      partitionKey: 'PK',
      sortKey: 'SK',
      indexes: [{ name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' }],
      timeToLive: 'expires_at',
    });
    expect([...KEY_ATTRIBUTES].sort()).toEqual([...KEYS].sort());
  });
});

describe('keys of each entity (README key design)', () => {
  it('profile of a customer: USER#<id> / PROFILE, listed under CUSTOMERS by <created_at>#<id>', () => {
    const p = customerProfile.profile;
    expect(keysOf(profiles.toItem(customerProfile))).toEqual({
      PK: `USER#${USER}`,
      SK: 'PROFILE',
      GSI1PK: 'CUSTOMERS',
      GSI1SK: `${p.created_at}#${USER}`,
    });
    expect(CUSTOMER_LIST).toBe('CUSTOMERS');
    expect(profiles.key(USER)).toEqual({ PK: `USER#${USER}`, SK: 'PROFILE' });
  });

  it('profile of an admin: same table key, listed under ADMINS by <created_at>#<id> (the team, never the customer list)', () => {
    const item = profiles.toItem(adminProfile);
    expect(keysOf(item)).toEqual({
      PK: 'USER#admin-1',
      SK: 'PROFILE',
      GSI1PK: 'ADMINS',
      GSI1SK: `${adminProfile.profile.created_at}#admin-1`,
    });
    expect(TEAM_LIST).toBe('ADMINS');
  });

  it("the conversation's owner is an attribute of the profile item, never profile data", () => {
    const owned = { ...customerProfile, conversation_owner_id: 'admin-1' };
    const item = profiles.toItem(owned);
    expect(item[CONVERSATION_OWNER]).toBe('admin-1');
    const back = profiles.fromItem(item);
    expect(back).toEqual(owned);
    expect(CONVERSATION_OWNER in back.profile).toBe(false);
  });

  it('the company a customer shares with is two attributes of the profile item (SHARING), never profile data', () => {
    const sharing = { ...customerProfile, sharing: { company_id: 'co-1', row_id: 'row-1' } };
    const item = profiles.toItem(sharing);
    expect(item).toMatchObject({ sharing_company_id: 'co-1', sharing_row_id: 'row-1' });
    expect(SHARING).toEqual({ company: 'sharing_company_id', row: 'sharing_row_id' });
    const back = profiles.fromItem(item);
    expect(back).toEqual(sharing);
    expect(SHARING.company in back.profile).toBe(false);
    expect(SHARING.row in back.profile).toBe(false);
    // Not sharing: no attributes, and none read back.
    const plain = profiles.toItem(customerProfile);
    expect(SHARING.company in plain).toBe(false);
    expect(profiles.fromItem(plain).sharing ?? null).toBeNull();
  });

  it("the conversation's wait is an attribute of the profile item, never profile data", () => {
    const waiting = { ...customerProfile, conversation_waiting_since: NOW };
    const item = profiles.toItem(waiting);
    expect(item[CONVERSATION_WAITING]).toBe(NOW);
    const back = profiles.fromItem(item);
    expect(back).toEqual(waiting);
    expect(CONVERSATION_WAITING in back.profile).toBe(false);
  });

  it('queue entry: USER#<id> / QUEUE#<kind>#<id>#<view>, listed under QUEUE#all and QUEUE#owner#<admin> or QUEUE#unassigned by <waiting_since>#<kind>#<id>', () => {
    const entry: QueueEntry = {
      user_id: USER,
      kind: 'request',
      id: 'wf-1',
      view: 'all',
      waiting_since: NOW,
      owner_id: 'admin-1',
      request: {
        workflow_type: 'health_insurance',
        task_template_id: 'health_insurance',
        status: 'initiated',
        answers: null,
      },
    };
    const all = queueEntries.toItem(entry);
    expect(keysOf(all)).toEqual({
      PK: `USER#${USER}`,
      SK: 'QUEUE#request#wf-1#all',
      GSI1PK: 'QUEUE#all',
      GSI1SK: `${NOW}#request#wf-1`,
    });
    expect(keysOf(queueEntries.toItem({ ...entry, view: 'owner' }))).toEqual({
      PK: `USER#${USER}`,
      SK: 'QUEUE#request#wf-1#owner',
      GSI1PK: 'QUEUE#owner#admin-1',
      GSI1SK: `${NOW}#request#wf-1`,
    });
    const conversation = {
      ...entry,
      kind: 'conversation' as const,
      id: USER,
      owner_id: null,
      request: null,
      view: 'owner' as const,
    };
    expect(keysOf(queueEntries.toItem(conversation))).toEqual({
      PK: `USER#${USER}`,
      SK: `QUEUE#conversation#${USER}#owner`,
      GSI1PK: 'QUEUE#unassigned',
      GSI1SK: `${NOW}#conversation#${USER}`,
    });
    expect(queueEntries.fromItem(all)).toEqual(entry);
    // Each filter is one partition; "waiting over 3 days" is a range of the all partition.
    expect([QUEUE_ALL, QUEUE_UNASSIGNED, queueOfOwner('a')]).toEqual([
      'QUEUE#all',
      'QUEUE#unassigned',
      'QUEUE#owner#a',
    ]);
    expect(['all', 'unassigned', 'mine', 'waiting'].map((f) => queuePartition(f as 'all', 'a'))).toEqual([
      'QUEUE#all',
      'QUEUE#unassigned',
      'QUEUE#owner#a',
      'QUEUE#all',
    ]);
  });

  it('the role is stored beside the profile attributes, not as profile data', () => {
    expect(profiles.toItem(customerProfile)).toEqual({
      ...customerProfile.profile,
      role: 'customer',
      PK: `USER#${USER}`,
      SK: 'PROFILE',
      GSI1PK: 'CUSTOMERS',
      GSI1SK: `${customerProfile.profile.created_at}#${USER}`,
    });
    expect(profiles.toItem(adminProfile).role).toBe('admin');
  });

  it("deletion marker: USER#<id> / DELETING, the tombstone's twin inside the partition, nothing personal", () => {
    expect(deletionMarkers.toItem(marker)).toEqual({
      PK: `USER#${USER}`,
      SK: 'DELETING',
      deleted_at: marker.deleted_at,
    });
    expect(deletionMarkers.key(USER)).toEqual(deletionMarkers.keyOf(marker));
    expect(deletionMarkers.fromItem(deletionMarkers.toItem(marker))).toEqual(marker);
  });

  it('document: USER#<id> / DOC#<type>, found by DOCID#<id> / ITEM', () => {
    const d = document({ id: 'doc-5', document_type: 'employment_contract' });
    expect(keysOf(documents.toItem(d))).toEqual({
      PK: `USER#${USER}`,
      SK: 'DOC#employment_contract',
      GSI1PK: 'DOCID#doc-5',
      GSI1SK: 'ITEM',
    });
    expect(documents.key(USER, 'employment_contract')).toEqual(documents.keyOf(d));
    expect(documentById('doc-5')).toBe('DOCID#doc-5');
  });

  it('a document of type other: USER#<id> / DOC#other#<id> (several per user, still under DOC#)', () => {
    const d = document({ id: 'doc-6', document_type: 'other', title: 'Kita letter' });
    expect(keysOf(documents.toItem(d))).toEqual({
      PK: `USER#${USER}`,
      SK: 'DOC#other#doc-6',
      GSI1PK: 'DOCID#doc-6',
      GSI1SK: 'ITEM',
    });
    expect(documents.owns(documents.toItem(d))).toBe(true);
    expect(documents.fromItem(documents.toItem(d))).toEqual(d);
  });

  it('a document stored before expiry dates and titles existed reads both as null', () => {
    const { expires_on: _e, title: _t, ...older } = documents.toItem(document({ expires_on: '2030-01-01' }));
    expect(documents.fromItem(older)).toEqual(document({ expires_on: null, title: null }));
  });

  it('task: USER#<id> / TASK#<template>, found by TASKID#<id> / ITEM', () => {
    const t = task('tax_id', { id: 'task-9' });
    expect(keysOf(tasks.toItem(t))).toEqual({
      PK: `USER#${USER}`,
      SK: 'TASK#tax_id',
      GSI1PK: 'TASKID#task-9',
      GSI1SK: 'ITEM',
    });
    expect(tasks.key(USER, 'tax_id')).toEqual(tasks.keyOf(t));
    expect(taskById('task-9')).toBe('TASKID#task-9');
  });

  it("the 3-day mail's watermark: JOB#waiting-requests / WATERMARK, one item outside every user's partition, not indexed", () => {
    const watermark = { handled_through: `${NOW}#request#wf-1`, updated_at: NOW };
    const item = waitingMailWatermarks.toItem(watermark);
    expect(keysOf(item)).toEqual({ PK: 'JOB#waiting-requests', SK: 'WATERMARK' });
    expect(waitingMailWatermarks.key()).toEqual(waitingMailWatermarks.keyOf(watermark));
    expect(waitingMailWatermarks.fromItem(item)).toEqual(watermark);
    // Compared with the queue's sort keys: a moment sorts before every entry whose wait began then.
    expect(NOW < queueSortKey({ waiting_since: NOW, kind: 'request', id: 'wf-1' })).toBe(true);
  });

  it('workflow: USER#<id> / WORKFLOW#<id>, found by WORKFLOWID#<id> / ITEM', () => {
    const w = workflow({ id: 'wf-3' });
    expect(keysOf(workflows.toItem(w))).toEqual({
      PK: `USER#${USER}`,
      SK: 'WORKFLOW#wf-3',
      GSI1PK: 'WORKFLOWID#wf-3',
      GSI1SK: 'ITEM',
    });
    expect(workflows.key(USER, 'wf-3')).toEqual(workflows.keyOf(w));
    expect(workflowById('wf-3')).toBe('WORKFLOWID#wf-3');
  });

  it('reminder schedule: USER#<id> / REMINDERS, listed under REMINDERS by <wake day>#<id>, not indexed without a wake day', () => {
    const schedule = {
      user_id: USER,
      wake_day: '2027-03-01',
      sent: { tax_id: { soon: '2027-03-05', overdue: null } },
      documents: { 'doc-1': ['ahead#2027-09-01'] },
      version: 3,
    };
    const item = reminderSchedules.toItem(schedule);
    expect(keysOf(item)).toEqual({
      PK: `USER#${USER}`,
      SK: 'REMINDERS',
      GSI1PK: REMINDERS,
      GSI1SK: `2027-03-01#${USER}`,
    });
    expect(REMINDERS).toBe('REMINDERS');
    expect(reminderSchedules.fromItem(item)).toEqual(schedule);
    // A schedule written before documents had marks reads as none.
    const { documents: _d, ...older } = item;
    expect(reminderSchedules.fromItem(older).documents).toEqual({});
    expect(reminderSchedules.key(USER)).toEqual(reminderSchedules.keyOf(schedule));
    expect(keysOf(reminderSchedules.toItem({ ...schedule, wake_day: null }))).toEqual({
      PK: `USER#${USER}`,
      SK: 'REMINDERS',
    });
    // Read with the rest of the partition (before its history).
    expect('REMINDERS' < PARTITION_STATE_END).toBe(true);
  });

  it('deletion request: USER#<id> / DELETION_REQUEST, listed under DELETION_REQUESTS#pending by <requested_at>#<user>', () => {
    const r = deletionRequest({ requested_at: NOW });
    expect(keysOf(deletionRequests.toItem(r))).toEqual({
      PK: `USER#${USER}`,
      SK: 'DELETION_REQUEST',
      GSI1PK: 'DELETION_REQUESTS#pending',
      GSI1SK: `${NOW}#${USER}`,
    });
    expect(PENDING_DELETIONS).toBe('DELETION_REQUESTS#pending');
    expect(deletionRequests.key(USER)).toEqual({ PK: `USER#${USER}`, SK: 'DELETION_REQUEST' });
  });

  it('upload ticket: USER#<id> / UPLOAD#<upload id>, not indexed, with its TTL', () => {
    const t = ticket();
    const item = uploadTickets.toItem(t);
    expect(keysOf(item)).toEqual({ PK: `USER#${USER}`, SK: `UPLOAD#${t.upload_id}` });
    expect(item.expires_at).toBe(t.expires_at);
    expect(uploadTickets.key(USER, t.upload_id)).toEqual(uploadTickets.keyOf(t));
  });

  it('tombstone: DELETED#<id> / TOMBSTONE outside the partition, only deleted_at and the TTL expires_at (the id is in the key)', () => {
    expect(tombstones.toItem(tombstone)).toEqual({
      PK: `DELETED#${USER}`,
      SK: 'TOMBSTONE',
      deleted_at: NOW,
      expires_at: NOW_SECONDS + 86_400,
    });
    expect(tombstones.key(USER)).toEqual({ PK: `DELETED#${USER}`, SK: 'TOMBSTONE' });
  });

  it('catalogue: CATALOGUE / PHASE#<order>#<id> and CATALOGUE / TEMPLATE#<id>, not indexed', () => {
    expect(keysOf(phases.toItem(phase))).toEqual({ PK: 'CATALOGUE', SK: `PHASE#3#${phase.id}` });
    expect(phases.key(phase)).toEqual(phases.keyOf(phase));
    expect(keysOf(taskTemplates.toItem(template))).toEqual({
      PK: 'CATALOGUE',
      SK: `TEMPLATE#${template.id}`,
    });
    expect(taskTemplates.key(template.id)).toEqual(taskTemplates.keyOf(template));
    expect(CATALOGUE).toBe('CATALOGUE');
    // Stored with their kind, as the first deployments seeded them; records never carry it.
    expect(phases.toItem(phase).kind).toBe('phase');
    expect(taskTemplates.toItem(template).kind).toBe('template');
    expect(phases.fromItem(phases.toItem(phase))).not.toHaveProperty('kind');
    expect(taskTemplates.fromItem(taskTemplates.toItem(template))).not.toHaveProperty('kind');
  });

  it('a task template stores its declared service type, null for a task without a service', () => {
    expect(taskTemplates.toItem(serviceTemplate).service_type).toBe('health_insurance');
    expect(taskTemplates.fromItem(taskTemplates.toItem(serviceTemplate)).service_type).toBe(
      'health_insurance',
    );
    expect(taskTemplates.toItem(template)).toMatchObject({ service_type: null });
  });

  it('list entry: USER#<id> / LIST#<state>, listed under CUSTOMERS#<state> by <created_at>#<id>, one list per filter but all customers and pending deletions', () => {
    expect(LISTED_STATES).toEqual([
      'verified',
      'pending',
      'onboarded',
      'documents',
      'unread',
      'overdue',
      'expiring',
    ]);
    for (const state of LISTED_STATES)
      expect(keysOf(listEntries.toItem({ user_id: USER, state, created_at: NOW }))).toEqual({
        PK: `USER#${USER}`,
        SK: `LIST#${state}`,
        GSI1PK: `CUSTOMERS#${state}`,
        GSI1SK: `${NOW}#${USER}`,
      });
    // All customers are the profiles themselves, pending deletions the requests.
    expect([...LISTED_STATES, 'total', 'deletions'].sort()).toEqual([...CUSTOMER_FILTERS].sort());
  });

  it('customer counts: STATS#CUSTOMERS / SHARD#<0-7>, a count per stat card but pending (total less verified), and the open requests', () => {
    expect(COUNTS).toEqual([
      'total',
      'verified',
      'onboarded',
      'documents',
      'deletions',
      'unread',
      'overdue',
      'expiring',
      'open_requests',
    ]);
    expect(COUNT_SHARDS).toBe(8);
    const counts = {
      total: 5,
      verified: 3,
      onboarded: 4,
      documents: 4,
      deletions: 1,
      unread: 2,
      overdue: 1,
      expiring: 2,
      open_requests: 3,
    };
    const item = customerCounts.toItem({ ...counts, shard: 7 });
    expect(keysOf(item)).toEqual({ PK: 'STATS#CUSTOMERS', SK: 'SHARD#7' });
    expect(customerCounts.fromItem(item)).toEqual({ ...counts, shard: 7 });
    // A shard written before a count existed reads it as zero.
    const { overdue: _o, expiring: _e, ...older } = item;
    expect(customerCounts.fromItem(older).overdue).toBe(0);
    expect(customerCounts.fromItem(older).expiring).toBe(0);
  });

  it('calendar feed: USER#<id> / CALENDAR (gone with the account), found by its token as CALFEED#<token> / ITEM', () => {
    expect(calendarFeeds.toItem(calendarFeed)).toEqual({
      user_id: USER,
      token: calendarFeed.token,
      created_at: NOW,
      PK: `USER#${USER}`,
      SK: 'CALENDAR',
      GSI1PK: `CALFEED#${calendarFeed.token}`,
      GSI1SK: 'ITEM',
    });
    expect(calendarFeeds.key(USER)).toEqual(calendarFeeds.keyOf(calendarFeed));
    expect(calendarFeedByToken('abc')).toBe('CALFEED#abc');
    expect(calendarFeeds.fromItem(calendarFeeds.toItem(calendarFeed))).toEqual(calendarFeed);
  });

  it("every user item lives in the user's partition", () => {
    expect(userPartitionKey(USER)).toBe(`USER#${USER}`);
  });

  it('message: USER#<id> / ~MSG#<created_at>#<id>, not indexed (the conversation sorts by time)', () => {
    const item = messages.toItem(message);
    expect(keysOf(item)).toEqual({ PK: `USER#${USER}`, SK: `~MSG#${NOW}#m-1` });
    expect(messages.key(USER, NOW, 'm-1')).toEqual(messages.keyOf(message));
    expect(messages.sortPrefix).toBe('~MSG#');
  });

  it("a customer's hourly message count: USER#<id> / ~SENT#<hour>, expiring by DynamoDB's TTL", () => {
    const item = messageCounts.toItem(messageCount);
    expect(keysOf(item)).toEqual({ PK: `USER#${USER}`, SK: '~SENT#2026-11-24T21' });
    expect(item).toMatchObject({ count: 3, expires_at: messageCount.expires_at });
    expect(messageCounts.key(USER, '2026-11-24T21')).toEqual(messageCounts.keyOf(messageCount));
  });

  it("a companion question and answer: USER#<id> / ~QA#<id>, in the customer's history, not indexed", () => {
    expect(keysOf(companionExchanges.toItem(exchange))).toEqual({
      PK: `USER#${USER}`,
      SK: '~QA#1795000000000-q-1',
    });
    expect(companionExchanges.key(USER, exchange.id)).toEqual(companionExchanges.keyOf(exchange));
    expect(companionExchanges.fromItem(companionExchanges.toItem(exchange))).toEqual(exchange);
  });

  it("a customer's companion questions in an hour or a day: USER#<id> / ~QCOUNT#<period>, expiring by TTL", () => {
    const item = companionCounts.toItem(companionCount);
    expect(keysOf(item)).toEqual({ PK: `USER#${USER}`, SK: '~QCOUNT#2026-11-24' });
    expect(item).toMatchObject({ count: 7, expires_at: companionCount.expires_at });
    expect(companionCounts.fromItem(item)).toEqual(companionCount);
    // The exchanges' prefix does not take the counts in (a page of the history reads no count).
    expect(String(item.SK).startsWith(companionExchanges.sortPrefix)).toBe(false);
  });

  it('audit fact: AUDIT#<id> / EVENT#<at>#<id>, outside the partition (it outlives the account), not indexed', () => {
    expect(keysOf(auditFacts.toItem(auditFact))).toEqual({ PK: `AUDIT#${USER}`, SK: `EVENT#${NOW}#a-1` });
    expect(auditFacts.key(USER, NOW, 'a-1')).toEqual(auditFacts.keyOf(auditFact));
    expect(auditPartition(USER)).toBe(`AUDIT#${USER}`);
  });

  it('audit completion: AUDIT#<id> / DONE#<audit id>, beside its fact', () => {
    expect(keysOf(auditCompletions.toItem(auditDone))).toEqual({ PK: `AUDIT#${USER}`, SK: 'DONE#a-1' });
    expect(auditCompletions.key(USER, 'a-1')).toEqual(auditCompletions.keyOf(auditDone));
  });

  it('audit details: USER#<id> / ~AUDIT#<audit id>, in the partition (gone with the account)', () => {
    expect(keysOf(auditDetails.toItem(auditDetail))).toEqual({ PK: `USER#${USER}`, SK: '~AUDIT#a-1' });
    expect(auditDetails.key(USER, 'a-1')).toEqual(auditDetails.keyOf(auditDetail));
  });

  it("a customer's history sorts after every other item of the partition, from PARTITION_STATE_END on", () => {
    expect(PARTITION_STATE_END).toBe('~');
    const state = [
      profiles.toItem(customerProfile),
      documents.toItem(document()),
      tasks.toItem(task('work_visa')),
      workflows.toItem(workflow()),
      deletionRequests.toItem(deletionRequest()),
      uploadTickets.toItem(ticket()),
      deletionMarkers.toItem(marker),
      listEntries.toItem({ user_id: USER, state: 'unread', created_at: NOW }),
      searchWords.toItem({ user_id: USER, word: 'zzzz' }),
    ];
    const history = [
      messages.toItem(message),
      auditDetails.toItem(auditDetail),
      messageCounts.toItem(messageCount),
      companionExchanges.toItem(exchange),
      companionCounts.toItem(companionCount),
    ];
    for (const item of state) expect(String(item.SK) < PARTITION_STATE_END, String(item.SK)).toBe(true);
    for (const item of history) expect(String(item.SK) >= PARTITION_STATE_END, String(item.SK)).toBe(true);
  });
});

describe("readUserPartition (the journey's and the admin page's one read)", () => {
  it('queries the partition only up to its history: messages and audit details are not read', async () => {
    process.env.TABLE_NAME = 't';
    const ddb = mockClient(DynamoDBDocumentClient);
    ddb.on(QueryCommand).resolves({ Items: [profiles.toItem(customerProfile)] });
    try {
      const read = await readUserPartition(USER);
      expect(read.stored).toEqual(customerProfile);
      expect(ddb.commandCalls(QueryCommand).map((c) => c.args[0].input)).toEqual([
        {
          TableName: 't',
          KeyConditionExpression: '#pk = :pk AND #sk < :sk',
          ExpressionAttributeNames: { '#pk': 'PK', '#sk': 'SK' },
          ExpressionAttributeValues: { ':pk': `USER#${USER}`, ':sk': '~' },
          ConsistentRead: true,
        },
      ]);
    } finally {
      ddb.restore();
    }
  });
});

describe('records survive a trip through the table', () => {
  it('profile (customer and admin), with the role beside the profile', () => {
    expect(profiles.fromItem(profiles.toItem(customerProfile))).toEqual(customerProfile);
    expect(profiles.fromItem(profiles.toItem(adminProfile))).toEqual(adminProfile);
    const { profile: back } = profiles.fromItem(profiles.toItem(adminProfile));
    expect('role' in back).toBe(false);
  });

  it('the relocation plan is stored as given, and a profile stored before it existed reads it as null', () => {
    const planned = {
      ...customerProfile,
      profile: {
        ...customerProfile.profile,
        entry_date: '2027-03-01',
        move_in_date: '2027-03-15',
        family_members: 'partner_children' as const,
      },
    };
    const item = profiles.toItem(planned);
    expect(item).toMatchObject({
      entry_date: '2027-03-01',
      move_in_date: '2027-03-15',
      family_members: 'partner_children',
    });
    expect(profiles.fromItem(item)).toEqual(planned);
    const {
      entry_date: _e,
      move_in_date: _m,
      family_members: _f,
      ...older
    } = profiles.toItem(customerProfile);
    expect(profiles.fromItem(older)).toEqual(customerProfile);
  });

  it('a profile stored without a role reads as a customer', () => {
    const { role: _role, ...legacy } = profiles.toItem(customerProfile);
    expect(profiles.fromItem(legacy)).toEqual(customerProfile);
  });

  it.each([
    ['document', () => documents.fromItem(documents.toItem(document())), document()],
    ['task', () => tasks.fromItem(tasks.toItem(task('work_visa'))), task('work_visa')],
    ['workflow', () => workflows.fromItem(workflows.toItem(workflow())), workflow()],
    [
      'deletion request',
      () => deletionRequests.fromItem(deletionRequests.toItem(deletionRequest({ reason: 'r' }))),
      deletionRequest({ reason: 'r' }),
    ],
    [
      'upload ticket (claimed)',
      () => uploadTickets.fromItem(uploadTickets.toItem(ticket({ claimed_at: NOW }))),
      ticket({ claimed_at: NOW }),
    ],
    ['phase', () => phases.fromItem(phases.toItem(phase)), phase],
    ['task template', () => taskTemplates.fromItem(taskTemplates.toItem(template)), template],
    [
      'service task template',
      () => taskTemplates.fromItem(taskTemplates.toItem(serviceTemplate)),
      serviceTemplate,
    ],
  ])('%s', (_what, trip, original) => {
    expect(trip()).toEqual(original);
  });

  it('tombstone', () => {
    expect(tombstones.fromItem(tombstones.toItem(tombstone))).toEqual(tombstone);
  });

  it.each([
    ['message', () => messages.fromItem(messages.toItem(message)), message],
    ['message count', () => messageCounts.fromItem(messageCounts.toItem(messageCount)), messageCount],
    ['audit fact', () => auditFacts.fromItem(auditFacts.toItem(auditFact)), auditFact],
    ['audit completion', () => auditCompletions.fromItem(auditCompletions.toItem(auditDone)), auditDone],
    ['audit details', () => auditDetails.fromItem(auditDetails.toItem(auditDetail)), auditDetail],
  ])('%s round-trips', (_what, trip, original) => {
    expect(trip()).toEqual(original);
  });

  it("the mail window's times are stored on the profile item but are no profile data", () => {
    const item = { ...profiles.toItem(customerProfile), [MAILED.customer]: NOW, [MAILED.team]: NOW };
    expect(MAILED).toEqual({ customer: 'customer_mailed_at', team: 'team_mailed_at' });
    expect(profiles.fromItem(item)).toEqual(customerProfile);
  });

  it('a profile stored before messages existed reads with nothing unread', () => {
    const { unread_by_customer: _c, unread_by_team: _t, ...legacy } = profiles.toItem(customerProfile);
    expect(profiles.fromItem(legacy).profile).toMatchObject({ unread_by_customer: 0, unread_by_team: 0 });
  });
});

describe('fromItem never returns a key attribute', () => {
  const stored: [string, Item, (item: Item) => unknown][] = [
    ['profile', profiles.toItem(customerProfile), (i) => profiles.fromItem(i).profile],
    ['document', documents.toItem(document()), documents.fromItem],
    ['task', tasks.toItem(task('work_visa')), tasks.fromItem],
    ['workflow', workflows.toItem(workflow()), workflows.fromItem],
    ['deletion request', deletionRequests.toItem(deletionRequest()), deletionRequests.fromItem],
    ['upload ticket', uploadTickets.toItem(ticket()), uploadTickets.fromItem],
    ['tombstone', tombstones.toItem(tombstone), tombstones.fromItem],
    ['phase', phases.toItem(phase), phases.fromItem],
    ['task template', taskTemplates.toItem(template), taskTemplates.fromItem],
    ['message', messages.toItem(message), messages.fromItem],
    ['message count', messageCounts.toItem(messageCount), messageCounts.fromItem],
    ['audit fact', auditFacts.toItem(auditFact), auditFacts.fromItem],
    ['audit completion', auditCompletions.toItem(auditDone), auditCompletions.fromItem],
    ['audit details', auditDetails.toItem(auditDetail), auditDetails.fromItem],
    ['calendar feed', calendarFeeds.toItem(calendarFeed), calendarFeeds.fromItem],
  ];

  it.each(stored)('%s', (_what, item, fromItem) => {
    // Index keys too, even on an item that should carry none (a stale or foreign attribute).
    const record = fromItem({ GSI1PK: 'X', GSI1SK: 'Y', ...item }) as Item;
    for (const key of KEYS) expect(record).not.toHaveProperty(key);
  });

  it('not in the profile stored beside its role either', () => {
    const back = profiles.fromItem(profiles.toItem(customerProfile));
    expect(Object.keys(back).sort()).toEqual(['profile', 'role']);
    for (const key of [...KEYS, 'role']) expect(back.profile).not.toHaveProperty(key);
  });
});

describe('owns: which items of a partition read are which entity', () => {
  const items = [
    profiles.toItem(customerProfile),
    documents.toItem(document()),
    tasks.toItem(task('work_visa')),
    workflows.toItem(workflow()),
    deletionRequests.toItem(deletionRequest()),
    uploadTickets.toItem(ticket()),
    deletionMarkers.toItem(marker),
    messages.toItem(message),
    messageCounts.toItem(messageCount),
    auditDetails.toItem(auditDetail),
    calendarFeeds.toItem(calendarFeed),
  ];
  it.each([
    ['profiles', profiles, 'PROFILE'],
    ['documents', documents, 'DOC#passport'],
    ['tasks', tasks, 'TASK#work_visa'],
    ['workflows', workflows, 'WORKFLOW#wf-1'],
    ['deletion requests', deletionRequests, 'DELETION_REQUEST'],
    ['upload tickets', uploadTickets, `UPLOAD#${ticket().upload_id}`],
    ['deletion markers', deletionMarkers, 'DELETING'],
    ['messages', messages, `~MSG#${NOW}#m-1`],
    ['message counts', messageCounts, '~SENT#2026-11-24T21'],
    ['audit details', auditDetails, '~AUDIT#a-1'],
    ['calendar feeds', calendarFeeds, 'CALENDAR'],
  ] as const)('%s own exactly their items', (_what, entity, sk) => {
    expect(items.filter((i) => entity.owns(i)).map((i) => i.SK)).toEqual([sk]);
  });

  it('the catalogue tells phases from templates, and a tombstone is its own', () => {
    const catalogueItems = [phases.toItem(phase), taskTemplates.toItem(template)];
    expect(catalogueItems.filter(phases.owns)).toHaveLength(1);
    expect(catalogueItems.filter(taskTemplates.owns)).toHaveLength(1);
    expect(tombstones.owns(tombstones.toItem(tombstone))).toBe(true);
    expect(tombstones.owns(profiles.toItem(customerProfile))).toBe(false);
  });
});

describe("a company's status list page key (companyRowPageKey)", () => {
  const ofA = companyRowPageKey('company-a', employeeStatusPartition('company-a', 'sharing'));
  const fits = (key: Record<string, string>) =>
    Object.keys(key).length === Object.keys(ofA).length &&
    Object.entries(key).every(([name, value]) => ofA[name]?.(value) === true);
  const pageKey = (companyId: string, status: 'sharing' | 'invited') => {
    const row = employeeRows.toItem({
      ...({} as EmployeeRowItem),
      id: '1763892000000-0f0f0f0f-0000-4000-8000-000000000000',
      company_id: companyId,
      status,
      invited_at: '2026-11-01T09:00:00.000Z',
    });
    return { PK: String(row.PK), SK: String(row.SK), GSI1PK: String(row.GSI1PK), GSI1SK: String(row.GSI1SK) };
  };

  it("takes a key of the company's own list, and refuses another company's or another list's", () => {
    expect(fits(pageKey('company-a', 'sharing'))).toBe(true);
    expect(fits(pageKey('company-b', 'sharing'))).toBe(false);
    expect(fits(pageKey('company-a', 'invited'))).toBe(false);
    expect(fits({ ...pageKey('company-a', 'sharing'), SK: 'WORD#anna#x' })).toBe(false);
  });
});

describe('keys of the companies, their HR users and invitations (README key design)', () => {
  const invitation: HrInvitationItem = {
    id: 'inv-1',
    company_id: 'co-1',
    email: 'Jane@Acme.example',
    language: 'de',
    invited_at: NOW,
    invited_by: 'admin-1',
    expires_at: '2026-12-24T10:00:00.000Z',
    token_hash: 'ab'.repeat(32),
    mailed_at: NOW,
  };

  it('company: COMPANY#<id> / COMPANY, listed under COMPANIES by <created_at>#<id>', () => {
    const company = companyItem();
    const item = companies.toItem(company);
    expect(keysOf(item)).toEqual({
      PK: 'COMPANY#co-1',
      SK: 'COMPANY',
      GSI1PK: 'COMPANIES',
      GSI1SK: `${NOW}#co-1`,
    });
    expect(COMPANY_LIST).toBe('COMPANIES');
    expect(companies.fromItem(item)).toEqual(company);
    // Stored before deletion existed: not being deleted.
    const { deleting_at: _none, ...older } = item;
    expect(companies.fromItem(older).deleting_at).toBeNull();
  });

  it('HR membership: USER#<id> / MEMBERSHIP (goes with the account), listed under COMPANY#<id>#HR by <added_at>#<user>', () => {
    const membership = {
      user_id: USER,
      company_id: 'co-1',
      email: 'jane@acme.example',
      added_at: NOW,
      added_by: 'admin-1',
    };
    const item = memberships.toItem(membership);
    expect(keysOf(item)).toEqual({
      PK: `USER#${USER}`,
      SK: 'MEMBERSHIP',
      GSI1PK: 'COMPANY#co-1#HR',
      GSI1SK: `${NOW}#${USER}`,
    });
    expect(hrListPartition('co-1')).toBe('COMPANY#co-1#HR');
    expect(memberships.fromItem(item)).toEqual(membership);
  });

  it('HR invitation: COMPANY#<id> / HRINVITE#<invite id>, not indexed', () => {
    const item = hrInvitations.toItem(invitation);
    expect(keysOf(item)).toEqual({ PK: 'COMPANY#co-1', SK: 'HRINVITE#inv-1' });
    expect(hrInvitations.key('co-1', 'inv-1')).toEqual(hrInvitations.keyOf(invitation));
    expect(hrInvitations.fromItem(item)).toEqual(invitation);
  });

  it('invitee: INVITEE#<folded address> / HR#<company> or EMPLOYEE#<company>, only kind, company and target stored', () => {
    const invitee: Invitee = {
      email: 'jane@acme.example',
      kind: 'hr',
      company_id: 'co-1',
      target_id: 'inv-1',
    };
    const item = invitees.toItem(invitee);
    expect(item).toEqual({
      PK: 'INVITEE#jane@acme.example',
      SK: 'HR#co-1',
      kind: 'hr',
      company_id: 'co-1',
      target_id: 'inv-1',
    });
    expect(invitees.key(' Jane@ACME.example ', 'hr', 'co-1')).toEqual({
      PK: 'INVITEE#jane@acme.example',
      SK: 'HR#co-1',
    });
    expect(invitees.key('jane@acme.example', 'employee', 'co-1').SK).toBe('EMPLOYEE#co-1');
    expect(invitees.fromItem(item)).toEqual(invitee);
  });

  it('invitation token: INVITE#<sha-256> / TOKEN, its TTL 30 days after it ran out, the hash only in the key', () => {
    const token: InvitationToken = {
      token_hash: 'cd'.repeat(32),
      kind: 'hr',
      company_id: 'co-1',
      target_id: 'inv-1',
      valid_until: '2026-12-24T10:00:00.000Z',
    };
    const item = invitationTokens.toItem(token);
    expect(item).toEqual({
      PK: `INVITE#${'cd'.repeat(32)}`,
      SK: 'TOKEN',
      kind: 'hr',
      company_id: 'co-1',
      target_id: 'inv-1',
      valid_until: '2026-12-24T10:00:00.000Z',
      expires_at: Date.parse('2026-12-24T10:00:00.000Z') / 1000 + 30 * 86_400,
    });
    expect(invitationTokens.fromItem(item)).toEqual(token);
  });

  it('company counts: STATS#COMPANY#<id> / SHARD#<0-3>, only the counts stored', () => {
    expect(COMPANY_COUNT_SHARDS).toBe(4);
    const counts = { company_id: 'co-1', shard: 2, ...noCompanyCounts(), invited: 3 };
    const item = companyCounts.toItem(counts);
    expect(keysOf(item)).toEqual({ PK: 'STATS#COMPANY#co-1', SK: 'SHARD#2' });
    expect(item).not.toHaveProperty('company_id');
    expect(item).not.toHaveProperty('shard');
    expect(companyCounts.fromItem(item)).toEqual(counts);
  });

  it("a company's trail is an audit partition of its own: AUDIT#COMPANY#<id>", () => {
    expect(auditPartition(companyAuditSubject('co-1'))).toBe('AUDIT#COMPANY#co-1');
  });
});
