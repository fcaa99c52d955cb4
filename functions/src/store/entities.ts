// The key design (README 'Key design'), declared once: every kind of item the table holds,
// under which keys it is stored and how a record becomes an item and back. The store's other
// modules only say what to read or write; none of them composes a key or strips one.
import type {
  AuditAction,
  AuditChange,
  AuditRecord,
  CompanyLink,
  DeletionRequest,
  DocumentRecord,
  Profile,
  UserTask,
  WorkflowRecord,
} from '@shared/api';
import type { PhaseDefinition, TaskTemplateDefinition } from '@shared/catalogue';
import {
  COMPANY_COUNTS,
  type CompanyCard,
  type CompanyCounts,
  type EmployeeStatus,
} from '@shared/company-filters';
import { type Language, ROLES, type Role } from '@shared/constants';
import type { RelocationDocumentType } from '@shared/document-clocks';
import type { WorkflowStatus, WorkflowType } from '@shared/journey';
import type { PlanCity } from '@shared/plan';
import type { QueueFilter } from '@shared/request-queue';
import type { ServiceAnswers } from '@shared/service-questions';
import type { CursorShape } from './cursor';
import { GSI1, KEY_ATTRIBUTES, TABLE_KEYS } from './table';

export type TableKey = { PK: string; SK: string };
type IndexKey = { GSI1PK: string; GSI1SK: string };
export type Item = Record<string, unknown>;

interface EntityDefinition<R, A extends unknown[]> {
  /** The item's table key from what names it. */
  key: (...names: A) => TableKey;
  /** The same key, read off a record. */
  keyOf: (record: R) => TableKey;
  /** GSI1 keys, for an item found by id or listed through the index; null: not indexed. */
  indexOf?: (record: R) => IndexKey | null;
  /** Every item of this entity has a sort key starting so (partition reads sort by it). */
  sortPrefix: string;
  /** The stored attributes when they are not simply the record's. */
  toAttributes?: (record: R) => Item;
  /** The record of a stored item's attributes; its table key for what only the key holds. */
  fromAttributes?: (attributes: Item, key: TableKey) => R;
}

export interface Entity<R, A extends unknown[]> {
  key: (...names: A) => TableKey;
  keyOf: (record: R) => TableKey;
  sortPrefix: string;
  /** The item as stored: attributes, table key and (when indexed) GSI1 keys. */
  toItem: (record: R) => Item;
  /** The record of a stored item, key attributes left behind. */
  fromItem: (item: Item) => R;
  /** Whether a stored item (of a partition read) is one of these. */
  owns: (item: Item) => boolean;
}

function entity<R, A extends unknown[]>(definition: EntityDefinition<R, A>): Entity<R, A> {
  return {
    key: definition.key,
    keyOf: definition.keyOf,
    sortPrefix: definition.sortPrefix,
    toItem: (record) => ({
      ...(definition.toAttributes ? definition.toAttributes(record) : (record as Item)),
      ...definition.keyOf(record),
      ...definition.indexOf?.(record),
    }),
    fromItem: (item) => {
      const attributes = Object.fromEntries(
        Object.entries(item).filter(([name]) => !KEY_ATTRIBUTES.includes(name)),
      );
      const key = { PK: String(item[TABLE_KEYS.partitionKey]), SK: String(item[TABLE_KEYS.sortKey]) };
      return definition.fromAttributes ? definition.fromAttributes(attributes, key) : (attributes as R);
    },
    owns: (item) => String(item[TABLE_KEYS.sortKey]).startsWith(definition.sortPrefix),
  };
}

const userPartition = (userId: string) => `USER#${userId}`;
/** GSI1 sort key of items found by their id alone. */
const BY_ID = 'ITEM';

/** GSI1 partition listing every customer profile (admins are left out: a sparse index). */
export const CUSTOMER_LIST = 'CUSTOMERS';
/**
 * GSI1 partition listing every admin profile (the support team, the owner picker's list): the
 * other half of the profiles' sparse index, so the team is one Query, never a scan.
 */
export const TEAM_LIST = 'ADMINS';
/** GSI1 partition listing every HR user's profile (a company's own are its memberships). */
export const HR_LIST = 'HR_USERS';
/** Which list a profile is on, by its role: each role's profiles are a sparse part of GSI1. */
const PROFILE_LIST: Record<Role, string> = { customer: CUSTOMER_LIST, admin: TEAM_LIST, hr: HR_LIST };
/** GSI1 partition listing the pending deletion requests. */
export const PENDING_DELETIONS = 'DELETION_REQUESTS#pending';

/**
 * A page key of the customer list: what DynamoDB hands back as LastEvaluatedKey of the
 * list's GSI1 query (the index's keys plus the table's), each attribute checked.
 */
export const CUSTOMER_PAGE_KEY: CursorShape = {
  [TABLE_KEYS.partitionKey]: (v) => v.startsWith(userPartition('')) && v.length <= 200,
  [TABLE_KEYS.sortKey]: (v) => v === PROFILE_SORT,
  [GSI1.partitionKey]: (v) => v === CUSTOMER_LIST,
  [GSI1.sortKey]: (v) => v.length <= 200,
};

/** A profile with the role it was created for (the role is stored, never shown as profile data). */
export interface StoredProfile {
  profile: Profile;
  role: Role;
  /**
   * Who of the team owns the customer's conversation (docs/product.md#owners): an attribute of
   * the profile item, never profile data, so the customer's own profile never carries it.
   */
  conversation_owner_id?: string | null;
  /**
   * Since when the customer's conversation waits for the team (its last message is the
   * customer's: since the first of theirs after the team's last reply); absent: not waiting.
   * An attribute of the profile item like the owner, never profile data.
   */
  conversation_waiting_since?: string | null;
  /**
   * The company the customer shares their progress with (their link says sharing): attributes
   * of the profile item (SHARING), never profile data, which every write of the company's
   * derived items conditions on (store/company-index.ts companyCondition). Absent: none.
   */
  sharing?: ProfileSharing | null;
}

/** Which company, and which of its employee rows, a sharing customer is. */
export interface ProfileSharing {
  company_id: string;
  row_id: string;
}

const PROFILE_SORT = 'PROFILE';
const profileKey = (userId: string): TableKey => ({ PK: userPartition(userId), SK: PROFILE_SORT });
export const profiles = entity<StoredProfile, [userId: string]>({
  key: profileKey,
  keyOf: ({ profile }) => profileKey(profile.id),
  sortPrefix: PROFILE_SORT,
  indexOf: ({ profile, role }) => ({
    GSI1PK: PROFILE_LIST[role],
    GSI1SK: `${profile.created_at}#${profile.id}`,
  }),
  toAttributes: ({ profile, role, conversation_owner_id, conversation_waiting_since, sharing }) => ({
    ...profile,
    role,
    ...(conversation_owner_id ? { [CONVERSATION_OWNER]: conversation_owner_id } : {}),
    ...(conversation_waiting_since ? { [CONVERSATION_WAITING]: conversation_waiting_since } : {}),
    ...(sharing ? { [SHARING.company]: sharing.company_id, [SHARING.row]: sharing.row_id } : {}),
  }),
  fromAttributes: ({
    role,
    [MAILED.customer]: _c,
    [MAILED.team]: _t,
    [CONVERSATION_OWNER]: owner,
    [CONVERSATION_WAITING]: waiting,
    [SHARING.company]: sharingCompany,
    [SHARING.row]: sharingRow,
    ...profile
  }) => ({
    // Profiles written before mail blocks, messages and the relocation plan existed have none.
    profile: {
      entry_date: null,
      move_in_date: null,
      family_members: null,
      mail_blocked: null,
      unread_by_customer: 0,
      unread_by_team: 0,
      reminders_enabled: true,
      overdue_tasks: 0,
      expiring_documents: 0,
      ...profile,
    } as unknown as Profile,
    role: ROLES.includes(role as Role) ? (role as Role) : 'customer',
    ...(typeof owner === 'string' ? { conversation_owner_id: owner } : {}),
    ...(typeof waiting === 'string' ? { conversation_waiting_since: waiting } : {}),
    ...(typeof sharingCompany === 'string' && typeof sharingRow === 'string'
      ? { sharing: { company_id: sharingCompany, row_id: sharingRow } }
      : {}),
  }),
});

/** The profile item's attribute: since when the conversation waits (StoredProfile.conversation_waiting_since). */
export const CONVERSATION_WAITING = 'conversation_waiting_since';

/** The profile item's attribute naming the conversation's owner (StoredProfile.conversation_owner_id). */
export const CONVERSATION_OWNER = 'conversation_owner_id';

/**
 * When the last "new messages" mail of a customer's conversation went to the customer and to
 * the team: attributes of the profile item that are not profile data (the messages' mail
 * window: one mail per side per window).
 */
export const MAILED = { customer: 'customer_mailed_at', team: 'team_mailed_at' } as const;

/**
 * Left by an account deletion, outside the user's partition: refuses tokens issued before
 * it until they have long expired. Holds the opaque id (in its key) and timestamps, nothing
 * personal.
 */
export interface Tombstone {
  user_id: string;
  deleted_at: string;
  /** Epoch seconds: DynamoDB's TTL removes the tombstone after this. */
  expires_at: number;
}
const TOMBSTONE_PREFIX = 'DELETED#';
const tombstoneKey = (userId: string): TableKey => ({ PK: `${TOMBSTONE_PREFIX}${userId}`, SK: 'TOMBSTONE' });
export const tombstones = entity<Tombstone, [userId: string]>({
  key: tombstoneKey,
  keyOf: (tombstone) => tombstoneKey(tombstone.user_id),
  sortPrefix: 'TOMBSTONE',
  toAttributes: ({ deleted_at, expires_at }) => ({ deleted_at, [TABLE_KEYS.timeToLive]: expires_at }),
  fromAttributes: (attributes, key) => ({
    user_id: key.PK.slice(TOMBSTONE_PREFIX.length),
    deleted_at: String(attributes.deleted_at),
    expires_at: Number(attributes[TABLE_KEYS.timeToLive]),
  }),
});

/**
 * The tombstone's twin inside the user's partition, written with it and removed with the
 * profile: a route that reads the whole partition anyway (journey, workflows, task actions)
 * admits its caller from that one Query, and sees a deletion that has begun by this item.
 */
export interface DeletionMarker {
  user_id: string;
  deleted_at: string;
}
const MARKER_SORT = 'DELETING';
const markerKey = (userId: string): TableKey => ({ PK: userPartition(userId), SK: MARKER_SORT });
export const deletionMarkers = entity<DeletionMarker, [userId: string]>({
  key: markerKey,
  keyOf: (marker) => markerKey(marker.user_id),
  sortPrefix: MARKER_SORT,
  toAttributes: ({ deleted_at }) => ({ deleted_at }),
  fromAttributes: (attributes, key) => ({
    user_id: key.PK.slice(userPartition('').length),
    deleted_at: String(attributes.deleted_at),
  }),
});

/**
 * An item of a user's partition, named there by `nameOf` (`<sortPrefix><name>`), and found by
 * its id alone through GSI1 (`<idPrefix><id>` / ITEM): the admin routes address them by id.
 */
function ownedItem<R extends { id: string; user_id: string }, N extends string>(
  sortPrefix: string,
  idPrefix: string,
  nameOf: (record: R) => N,
  fromAttributes?: (attributes: Item) => R,
) {
  const key = (userId: string, name: N): TableKey => ({
    PK: userPartition(userId),
    SK: `${sortPrefix}${name}`,
  });
  return {
    byId: (id: string) => `${idPrefix}${id}`,
    entity: entity<R, [userId: string, name: N]>({
      key,
      keyOf: (record) => key(record.user_id, nameOf(record)),
      sortPrefix,
      indexOf: (record) => ({ GSI1PK: `${idPrefix}${record.id}`, GSI1SK: BY_ID }),
      fromAttributes,
    }),
  };
}

/**
 * How a document is named in its user's partition: one per type (a new upload of a type
 * replaces the old one), except `other`, of which a customer may hold several (`other#<id>`).
 */
export const documentName = (document: Pick<DocumentRecord, 'id' | 'document_type'>): string =>
  document.document_type === 'other' ? `other#${document.id}` : document.document_type;
const documentItems = ownedItem<DocumentRecord, string>('DOC#', 'DOCID#', documentName, (attributes) => ({
  ...(attributes as unknown as DocumentRecord),
  // Documents stored before expiry dates and titles existed have neither.
  expires_on: (attributes.expires_on as string | undefined) ?? null,
  title: (attributes.title as string | undefined) ?? null,
}));
export const documents = documentItems.entity;
export const documentById = documentItems.byId;

/** One task per template and user: creating it twice is impossible by key. */
const taskItems = ownedItem<UserTask, string>('TASK#', 'TASKID#', (t) => t.task_template_id);
export const tasks = taskItems.entity;
export const taskById = taskItems.byId;

const workflowItems = ownedItem<WorkflowRecord, string>(
  'WORKFLOW#',
  'WORKFLOWID#',
  (w) => w.id,
  // Workflows stored before owners have none: the support team as a whole.
  (attributes) => ({ owner_id: null, ...(attributes as unknown as WorkflowRecord) }),
);
export const workflows = workflowItems.entity;
export const workflowById = workflowItems.byId;

/**
 * The secret address of a customer's calendar feed: one item in their partition (so the
 * account's deletion takes it with the rest), found by its token alone through GSI1
 * (`CALFEED#<token>` / ITEM), no scan. A reset writes the item anew with another token: the
 * old one names nothing from then on.
 */
export interface CalendarFeed {
  user_id: string;
  /** At least 128 random bits, base64url (the feed's file name in its path). */
  token: string;
  created_at: string;
}
const CALENDAR_SORT = 'CALENDAR';
const calendarFeedKey = (userId: string): TableKey => ({ PK: userPartition(userId), SK: CALENDAR_SORT });
export const calendarFeedByToken = (token: string) => `CALFEED#${token}`;
export const calendarFeeds = entity<CalendarFeed, [userId: string]>({
  key: calendarFeedKey,
  keyOf: (feed) => calendarFeedKey(feed.user_id),
  sortPrefix: CALENDAR_SORT,
  indexOf: (feed) => ({ GSI1PK: calendarFeedByToken(feed.token), GSI1SK: BY_ID }),
});

/** At most one pending deletion request per user. */
const deletionRequestKey = (userId: string): TableKey => ({
  PK: userPartition(userId),
  SK: 'DELETION_REQUEST',
});
export const deletionRequests = entity<DeletionRequest, [userId: string]>({
  key: deletionRequestKey,
  keyOf: (request) => deletionRequestKey(request.user_id),
  sortPrefix: 'DELETION_REQUEST',
  indexOf: (request) => ({
    GSI1PK: PENDING_DELETIONS,
    GSI1SK: `${request.requested_at}#${request.user_id}`,
  }),
});

/** Which reminders of one task were handled: the due date each was for (null: none yet). */
export interface ReminderMark {
  /** The due date whose "due soon" reminder was handled. */
  soon: string | null;
  /** The due date whose "overdue" reminder was handled. */
  overdue: string | null;
}

/**
 * A customer's reminder schedule (services/reminder-plan.ts): the German day on which the
 * daily job must next look at them, and which reminders were handled, per task template and
 * per document (services/document-reminders.ts).
 * Listed under REMINDERS by `<wake day>#<user>`, so the job for a day reads only who is due
 * by then; without a wake day (nothing dated is open) it is not indexed at all.
 */
export interface ReminderSchedule {
  user_id: string;
  wake_day: string | null;
  sent: Record<string, ReminderMark>;
  /**
   * The document reminders handled, per document id: `<kind>#<date>` each (the date it is
   * about, so a changed date re-arms). Schedules written before documents had none.
   */
  documents: Record<string, string[]>;
  /** Raised by every write: each write is conditioned on the version it read. */
  version: number;
}
/** GSI1 partition of the reminder schedules, by wake day. */
export const REMINDERS = 'REMINDERS';
const REMINDERS_SORT = 'REMINDERS';
const reminderScheduleKey = (userId: string): TableKey => ({ PK: userPartition(userId), SK: REMINDERS_SORT });
export const reminderSchedules = entity<ReminderSchedule, [userId: string]>({
  key: reminderScheduleKey,
  keyOf: (schedule) => reminderScheduleKey(schedule.user_id),
  sortPrefix: REMINDERS_SORT,
  indexOf: (schedule) =>
    schedule.wake_day ? { GSI1PK: REMINDERS, GSI1SK: `${schedule.wake_day}#${schedule.user_id}` } : null,
  fromAttributes: (attributes) => ({ documents: {}, ...attributes }) as unknown as ReminderSchedule,
});

/** An issued presigned upload: what it may become, confirmed at most once. */
export interface UploadTicketRecord {
  upload_id: string;
  user_id: string;
  document_type: RelocationDocumentType;
  /** The expiry date and title the upload was asked with (customers' uploads; absent: none). */
  expires_on?: string | null;
  title?: string | null;
  /** Set when an admin replaces this document; null for a customer's own upload. */
  document_id: string | null;
  file_name: string;
  /** The final object key; the upload itself is staged under incoming/ + key. */
  key: string;
  created_at: string;
  /** Epoch seconds: after this the ticket is void (and DynamoDB's TTL removes it). */
  expires_at: number;
  /** Set while one confirm works on it, so a parallel confirm of the same upload gets 409. */
  claimed_at?: string;
}
const uploadKey = (userId: string, uploadId: string): TableKey => ({
  PK: userPartition(userId),
  SK: `UPLOAD#${uploadId}`,
});
export const uploadTickets = entity<UploadTicketRecord, [userId: string, uploadId: string]>({
  key: uploadKey,
  keyOf: (ticket) => uploadKey(ticket.user_id, ticket.upload_id),
  sortPrefix: 'UPLOAD#',
});

/** A catalogue text in every language (the locale files' catalogue.json). */
type Texts<T> = Record<Language, T>;
/** A phase of the catalogue as stored: its definition (shared/catalogue.ts) with its texts. */
export interface Phase extends PhaseDefinition {
  texts: Texts<{ display_name: string; description: string }>;
}
/** A task template of the catalogue as stored: its definition with its texts. */
export interface TaskTemplate extends TaskTemplateDefinition {
  texts: Texts<{
    task_name: string;
    task_description: string;
    /** Markdown subset (links, short lists). */
    info_text: string;
    city_notes?: Partial<Record<PlanCity, string>>;
  }>;
}

/** The catalogue's partition: phases sorted by their order, then the task templates. */
export const CATALOGUE = 'CATALOGUE';
/** Catalogue items also carry their kind (as the first deployments wrote them). */
const withoutKind = <R>({ kind: _kind, ...record }: Item) => record as R;
const phaseKey = (phase: Pick<Phase, 'phase_order' | 'id'>): TableKey => ({
  PK: CATALOGUE,
  SK: `PHASE#${phase.phase_order}#${phase.id}`,
});
export const phases = entity<Phase, [phase: Pick<Phase, 'phase_order' | 'id'>]>({
  key: phaseKey,
  keyOf: phaseKey,
  sortPrefix: 'PHASE#',
  toAttributes: (phase) => ({ kind: 'phase', ...phase }),
  fromAttributes: withoutKind,
});
const templateKey = (templateId: string): TableKey => ({ PK: CATALOGUE, SK: `TEMPLATE#${templateId}` });
export const taskTemplates = entity<TaskTemplate, [templateId: string]>({
  key: templateKey,
  keyOf: (template) => templateKey(template.id),
  sortPrefix: 'TEMPLATE#',
  toAttributes: (template) => ({ kind: 'template', ...template }),
  fromAttributes: withoutKind,
});

/**
 * The customer lists the admin dashboard filters by, besides all customers (the
 * profiles themselves) and pending deletions (the requests): one entry per list a customer is
 * on, in their partition, listed through GSI1 newest first like the profiles.
 */
export const LISTED_STATES = [
  'verified',
  'pending',
  'onboarded',
  'documents',
  'unread',
  'overdue',
  'expiring',
] as const;
export type ListedState = (typeof LISTED_STATES)[number];
export interface ListEntry {
  user_id: string;
  state: ListedState;
  /** The profile's creation time: the list's order. */
  created_at: string;
}
export const listPartition = (state: ListedState) => `${CUSTOMER_LIST}#${state}`;
const listEntryKey = (userId: string, state: ListedState): TableKey => ({
  PK: userPartition(userId),
  SK: `LIST#${state}`,
});
export const listEntries = entity<ListEntry, [userId: string, state: ListedState]>({
  key: listEntryKey,
  keyOf: (entry) => listEntryKey(entry.user_id, entry.state),
  sortPrefix: 'LIST#',
  indexOf: (entry) => ({
    GSI1PK: listPartition(entry.state),
    GSI1SK: `${entry.created_at}#${entry.user_id}`,
  }),
  toAttributes: ({ user_id }) => ({ user_id }),
  fromAttributes: (attributes, key) => ({
    user_id: String(attributes.user_id),
    state: key.SK.slice('LIST#'.length) as ListedState,
    created_at: '',
  }),
});

/**
 * One word a customer is found by in the admin's search (shared/search-words.ts), in their
 * partition; GSI1 groups the words by first letter, sorted by word, so a search reads only
 * the words that begin with what was typed.
 */
export interface SearchWord {
  user_id: string;
  word: string;
}
export const wordPartition = (word: string) => `WORDS#${word.slice(0, 1)}`;
const searchWordKey = (userId: string, word: string): TableKey => ({
  PK: userPartition(userId),
  SK: `WORD#${word}`,
});
export const searchWords = entity<SearchWord, [userId: string, word: string]>({
  key: searchWordKey,
  keyOf: (entry) => searchWordKey(entry.user_id, entry.word),
  sortPrefix: 'WORD#',
  indexOf: (entry) => ({ GSI1PK: wordPartition(entry.word), GSI1SK: `${entry.word}#${entry.user_id}` }),
  toAttributes: ({ user_id }) => ({ user_id }),
  fromAttributes: (attributes, key) => ({
    user_id: String(attributes.user_id),
    word: key.SK.slice('WORD#'.length),
  }),
});

/** The admin dashboard's counts, kept in the transactions that change what they count. */
export interface CustomerCounts {
  total: number;
  verified: number;
  onboarded: number;
  documents: number;
  deletions: number;
  unread: number;
  overdue: number;
  expiring: number;
  /** Open service requests (initiated or in progress): counted per request, not per customer. */
  open_requests: number;
}
export const COUNTS: readonly (keyof CustomerCounts)[] = [
  'total',
  'verified',
  'onboarded',
  'documents',
  'deletions',
  'unread',
  'overdue',
  'expiring',
  'open_requests',
];
/**
 * The counts are spread over shards, a customer always counted in the same one: concurrent
 * transactions of different customers rarely meet on one counter item.
 */
export const COUNT_SHARDS = 8;
const countsKey = (shard: number): TableKey => ({ PK: 'STATS#CUSTOMERS', SK: `SHARD#${shard}` });
export const customerCounts = entity<CustomerCounts & { shard: number }, [shard: number]>({
  key: countsKey,
  keyOf: (counts) => countsKey(counts.shard),
  sortPrefix: 'SHARD#',
  toAttributes: ({ shard: _shard, ...counts }) => counts,
  fromAttributes: (attributes, key) => ({
    shard: Number(key.SK.slice('SHARD#'.length)),
    ...(Object.fromEntries(
      COUNTS.map((name) => [name, Number(attributes[name] ?? 0)]),
    ) as unknown as CustomerCounts),
  }),
});

/**
 * The team's queue (docs/product.md "Requests"): every open service request and every
 * conversation whose last message is the customer's, as two entries in the customer's
 * partition, kept in the transactions that open, move, reassign or close what they describe.
 * One entry lists it under `QUEUE#all`, the other under its owner's partition
 * (`QUEUE#owner#<adminId>`, or `QUEUE#unassigned`); both sorted by `<waiting_since>#<kind>#<id>`,
 * so a filter's page is one Query, oldest first, and "waiting over 3 days" a range of it.
 */
export type QueueKind = 'request' | 'conversation';
/** Which of an item's two entries: the one of everything, or the one of its owner (or of nobody). */
export type QueueView = 'all' | 'owner';
export const QUEUE_VIEWS: readonly QueueView[] = ['all', 'owner'];
export interface QueueEntry {
  user_id: string;
  kind: QueueKind;
  /** The workflow's id; the customer's id for their conversation. */
  id: string;
  view: QueueView;
  /** When the waiting began: the request's last status change or reply; the conversation's first unanswered message. */
  waiting_since: string;
  owner_id: string | null;
  /** A request's service, its status and the customer's answers (a conversation has none). */
  request: {
    workflow_type: WorkflowType;
    task_template_id: string;
    status: WorkflowStatus;
    answers: ServiceAnswers | null;
  } | null;
}
const QUEUE_PREFIX = 'QUEUE#';
export const QUEUE_ALL = `${QUEUE_PREFIX}all`;
export const QUEUE_UNASSIGNED = `${QUEUE_PREFIX}unassigned`;
export const queueOfOwner = (ownerId: string) => `${QUEUE_PREFIX}owner#${ownerId}`;
/** The GSI1 partition a filter reads (waiting: the range of all before its moment). */
export const queuePartition = (filter: QueueFilter, callerId: string): string =>
  filter === 'unassigned' ? QUEUE_UNASSIGNED : filter === 'mine' ? queueOfOwner(callerId) : QUEUE_ALL;
/** A queue entry's GSI1 sort key: by when its wait began, then what it is. */
export const queueSortKey = (e: Pick<QueueEntry, 'waiting_since' | 'kind' | 'id'>): string =>
  `${e.waiting_since}#${e.kind}#${e.id}`;
const queueEntryKey = (userId: string, kind: QueueKind, id: string, view: QueueView): TableKey => ({
  PK: userPartition(userId),
  SK: `${QUEUE_PREFIX}${kind}#${id}#${view}`,
});
export const queueEntries = entity<
  QueueEntry,
  [userId: string, kind: QueueKind, id: string, view: QueueView]
>({
  key: queueEntryKey,
  keyOf: (e) => queueEntryKey(e.user_id, e.kind, e.id, e.view),
  sortPrefix: QUEUE_PREFIX,
  indexOf: (e) => ({
    GSI1PK: e.view === 'all' ? QUEUE_ALL : e.owner_id ? queueOfOwner(e.owner_id) : QUEUE_UNASSIGNED,
    GSI1SK: queueSortKey(e),
  }),
});

/**
 * How far the daily job's 3-day mail got (services/waiting-requests.ts): every entry of
 * `QUEUE#all` whose sort key is at or before `handled_through` has been looked at, so a run
 * reads only the waits that crossed 3 days since. One item outside every user's partition:
 * a position in the queue, no customer's data (no export or deletion sees it).
 */
export interface WaitingMailWatermark {
  /** A queue sort key (queueSortKey) or a moment (waitingLimit): compared as sort keys. */
  handled_through: string;
  updated_at: string;
}
const WATERMARK_KEY: TableKey = { PK: 'JOB#waiting-requests', SK: 'WATERMARK' };
export const waitingMailWatermarks = entity<WaitingMailWatermark, []>({
  key: () => WATERMARK_KEY,
  keyOf: () => WATERMARK_KEY,
  sortPrefix: WATERMARK_KEY.SK,
});

/**
 * How far a data migration over every customer got (store/plan-migration.ts): the customer
 * list's cursor of the next page, for the catalogue version it migrates to; outside every
 * user's partition, so no export or deletion of a user sees it.
 */
export interface MigrationCheckpoint {
  name: string;
  /** The catalogue version the migration brings the customers to. */
  version: string;
  /** The customer list's page to go on with; null with `done`, or before the first page. */
  cursor: string | null;
  done: boolean;
  updated_at: string;
}
const checkpointKey = (name: string): TableKey => ({ PK: `MIGRATION#${name}`, SK: 'CHECKPOINT' });
export const migrationCheckpoints = entity<MigrationCheckpoint, [name: string]>({
  key: checkpointKey,
  keyOf: (checkpoint) => checkpointKey(checkpoint.name),
  sortPrefix: 'CHECKPOINT',
});

/**
 * A page key of a GSI1 list: what DynamoDB hands back as LastEvaluatedKey of a query of that
 * index partition over items of the given sort-key prefix, each attribute checked.
 */
export const indexPageKey = (partition: (value: string) => boolean, sortPrefix: string): CursorShape => ({
  [TABLE_KEYS.partitionKey]: (v) => v.startsWith(userPartition('')) && v.length <= 200,
  [TABLE_KEYS.sortKey]: (v) => v.startsWith(sortPrefix) && v.length <= 200,
  [GSI1.partitionKey]: partition,
  [GSI1.sortKey]: (v) => v.length <= 300,
});

/**
 * Sort keys from here on hold a customer's growing history (messages, audit details): they
 * sort after every other item of the partition, so the partition reads of the journey and the
 * admin's user page stop before them (`PARTITION_STATE_END`), while a deletion or the data
 * export, which read the whole partition, take them too.
 */
const HISTORY = '~';
export const PARTITION_STATE_END = HISTORY;

/** One message of a customer's conversation with the team, in the customer's partition. */
export interface MessageItem {
  id: string;
  user_id: string;
  author: 'customer' | 'team';
  /** The admin who wrote it (team messages). */
  author_id: string | null;
  author_email: string | null;
  text: string;
  workflow_id: string | null;
  created_at: string;
}
const messageKey = (userId: string, createdAt: string, id: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${HISTORY}MSG#${createdAt}#${id}`,
});
export const messages = entity<MessageItem, [userId: string, createdAt: string, id: string]>({
  key: messageKey,
  keyOf: (message) => messageKey(message.user_id, message.created_at, message.id),
  sortPrefix: `${HISTORY}MSG#`,
});

/**
 * How many messages a customer wrote in one clock hour (`hour`: `YYYY-MM-DDTHH`, UTC), counted
 * before each is stored, to hold them to MESSAGES_PER_HOUR. Bookkeeping, not their data: the
 * export leaves it out; the account's deletion, and after a day DynamoDB's TTL, remove it.
 */
export interface MessageCount {
  user_id: string;
  hour: string;
  count: number;
  /** Epoch seconds. */
  expires_at: number;
}
const MESSAGE_COUNT_PREFIX = `${HISTORY}SENT#`;
const messageCountKey = (userId: string, hour: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${MESSAGE_COUNT_PREFIX}${hour}`,
});
export const messageCounts = entity<MessageCount, [userId: string, hour: string]>({
  key: messageCountKey,
  keyOf: (count) => messageCountKey(count.user_id, count.hour),
  sortPrefix: MESSAGE_COUNT_PREFIX,
  toAttributes: ({ count, expires_at }) => ({ count, [TABLE_KEYS.timeToLive]: expires_at }),
  fromAttributes: (attributes, key) => ({
    user_id: key.PK.slice(userPartition('').length),
    hour: key.SK.slice(MESSAGE_COUNT_PREFIX.length),
    count: Number(attributes.count),
    expires_at: Number(attributes[TABLE_KEYS.timeToLive]),
  }),
});

/**
 * A question the customer asked the companion, with its answer as given (docs/product.md#companion),
 * in their history: the page lists them newest first. The id begins with the millisecond it
 * was asked (`<13 digits>-<uuid>`), so the ids sort as the questions were asked and a hand-off
 * finds its answer by the id alone, in the caller's own partition (GetItem).
 */
export interface CompanionExchange {
  id: string;
  user_id: string;
  question: string;
  /** The interface language it was asked in: the answer's, and its sources' titles'. */
  language: Language;
  answer: string;
  mode: 'extractive' | 'bedrock';
  /** The passage ids (`<slug>#<n>`) the answer cites. */
  cited: string[];
  /** The cited articles, titles in `language`. */
  sources: { slug: string; title: string }[];
  /** The customer's next due tasks as the answer named them. */
  next_tasks: { task_template_id: string; name: string; due_date: string }[];
  /** Tokens a model used (null: no model). */
  tokens: number | null;
  created_at: string;
  /** When "Ask our team" posted it into the conversation, and as which message; null before. */
  handed_off_at: string | null;
  handoff_message_id: string | null;
}
const COMPANION_PREFIX = `${HISTORY}QA#`;
const companionKey = (userId: string, id: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${COMPANION_PREFIX}${id}`,
});
export const companionExchanges = entity<CompanionExchange, [userId: string, id: string]>({
  key: companionKey,
  keyOf: (exchange) => companionKey(exchange.user_id, exchange.id),
  sortPrefix: COMPANION_PREFIX,
});

/**
 * How many questions a customer asked the companion in one clock hour (`period`:
 * `YYYY-MM-DDTHH`, UTC) or one day (`YYYY-MM-DD`), counted before each is answered, to hold
 * them to the hourly and daily limits. Bookkeeping like the message counts: not exported,
 * removed with the account, and after two days by DynamoDB's TTL.
 */
export interface CompanionCount {
  user_id: string;
  period: string;
  count: number;
  /** Epoch seconds. */
  expires_at: number;
}
const COMPANION_COUNT_PREFIX = `${HISTORY}QCOUNT#`;
const companionCountKey = (userId: string, period: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${COMPANION_COUNT_PREFIX}${period}`,
});
export const companionCounts = entity<CompanionCount, [userId: string, period: string]>({
  key: companionCountKey,
  keyOf: (count) => companionCountKey(count.user_id, count.period),
  sortPrefix: COMPANION_COUNT_PREFIX,
  toAttributes: ({ count, expires_at }) => ({ count, [TABLE_KEYS.timeToLive]: expires_at }),
  fromAttributes: (attributes, key) => ({
    user_id: key.PK.slice(userPartition('').length),
    period: key.SK.slice(COMPANION_COUNT_PREFIX.length),
    count: Number(attributes.count),
    expires_at: Number(attributes[TABLE_KEYS.timeToLive]),
  }),
});

/**
 * The audit trail. The fact of an admin action lives outside the customer's partition
 * (`AUDIT#<userId>`) and holds nothing personal of the customer: who acted (admin id and
 * e-mail), what, when, on which document, task or workflow, which fields. The values an edit
 * changed and the notes live in the customer's partition (`auditDetails`), so deleting the
 * account takes them and leaves the facts, pseudonymous. Facts and completions are only ever
 * put (conditioned on absence); the functions' IAM policies deny updating or deleting them.
 */
export const AUDIT_PARTITION_PREFIX = 'AUDIT#';
export const auditPartition = (userId: string) => `${AUDIT_PARTITION_PREFIX}${userId}`;
export interface AuditFact {
  id: string;
  user_id: string;
  at: string;
  action: AuditAction;
  actor_id: string;
  actor_email: string;
  target: AuditRecord['target'];
  fields: string[];
  /** An action with an S3 or Cognito step is written before it ('pending'); its completion is its own item. */
  outcome: 'done' | 'pending';
  /** Whether the customer's partition holds values or notes of it (auditDetails). */
  has_details: boolean;
  /**
   * 'customer': the customer acted on their own account (actor_id is theirs, actor_email empty:
   * a fact keeps nothing personal); 'company': an HR user of the company the customer shares with
   * (actor_id and actor_email are theirs, shown to the team only); absent: an admin or the operator did.
   */
  by?: 'customer' | 'company';
}
const auditFactKey = (userId: string, at: string, id: string): TableKey => ({
  PK: auditPartition(userId),
  SK: `EVENT#${at}#${id}`,
});
export const auditFacts = entity<AuditFact, [userId: string, at: string, id: string]>({
  key: auditFactKey,
  keyOf: (fact) => auditFactKey(fact.user_id, fact.at, fact.id),
  sortPrefix: 'EVENT#',
});
/**
 * A pending action's completion, put once its S3 or Cognito step is done, or was refused
 * (`outcome: 'failed'`: nothing changed; no outcome: done).
 */
export interface AuditCompletion {
  id: string;
  user_id: string;
  at: string;
  outcome?: 'failed';
}
const auditCompletionKey = (userId: string, id: string): TableKey => ({
  PK: auditPartition(userId),
  SK: `DONE#${id}`,
});
export const auditCompletions = entity<AuditCompletion, [userId: string, id: string]>({
  key: auditCompletionKey,
  keyOf: (done) => auditCompletionKey(done.user_id, done.id),
  sortPrefix: 'DONE#',
});
/** The personal part of an audit record, in the customer's partition: gone with the account. */
export interface AuditDetails {
  id: string;
  user_id: string;
  changes: AuditChange[];
  note: string | null;
  team_note: string | null;
}
const auditDetailsKey = (userId: string, id: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${HISTORY}AUDIT#${id}`,
});
export const auditDetails = entity<AuditDetails, [userId: string, id: string]>({
  key: auditDetailsKey,
  keyOf: (details) => auditDetailsKey(details.user_id, details.id),
  sortPrefix: `${HISTORY}AUDIT#`,
});

/**
 * A page key of a query of one partition over items of the given sort-key prefix (no index):
 * what DynamoDB hands back as LastEvaluatedKey, each attribute checked (another partition's
 * key is refused before DynamoDB sees it).
 */
export const partitionPageKey = (partition: string, sortPrefix: string): CursorShape => ({
  [TABLE_KEYS.partitionKey]: (v) => v === partition,
  [TABLE_KEYS.sortKey]: (v) => v.startsWith(sortPrefix) && v.length <= 300,
});

/** The partition key of everything stored for one user (their profile and what hangs off it). */
export const userPartitionKey = userPartition;

// ---- The company portal (docs/company-portal.md#key-table) ----
// A company's own items live in `COMPANY#<id>`: the company, its HR invitations, one row per
// invited employee, the rows' search words and the daily mail count. What describes a customer
// (their link to the company, the cards they are on, the company's views of them) lives in the
// customer's partition, so it goes with the account. Every HR read is keyed by the caller's own
// company, so another company's ids name nothing: a 404 by construction.

const companyPartition = (companyId: string) => `COMPANY#${companyId}`;
/** GSI1 partition listing every company, newest first (the admin's Companies). */
export const COMPANY_LIST = 'COMPANIES';

export interface CompanyItem {
  id: string;
  name: string;
  contact_email: string;
  created_at: string;
  created_by: string;
  /** Set when the admin deletes the company: HR access has ended; the deletion job clears the rest. */
  deleting_at: string | null;
}
const COMPANY_SORT = 'COMPANY';
const companyKey = (companyId: string): TableKey => ({ PK: companyPartition(companyId), SK: COMPANY_SORT });
export const companies = entity<CompanyItem, [companyId: string]>({
  key: companyKey,
  keyOf: (company) => companyKey(company.id),
  sortPrefix: COMPANY_SORT,
  indexOf: (company) => ({ GSI1PK: COMPANY_LIST, GSI1SK: `${company.created_at}#${company.id}` }),
  fromAttributes: (attributes) => ({ deleting_at: null, ...attributes }) as unknown as CompanyItem,
});
/** A page key of the companies' list (GSI1 `COMPANIES`), each attribute checked. */
export const COMPANY_PAGE_KEY: CursorShape = {
  [TABLE_KEYS.partitionKey]: (v) => v.startsWith(companyPartition('')) && v.length <= 200,
  [TABLE_KEYS.sortKey]: (v) => v === COMPANY_SORT,
  [GSI1.partitionKey]: (v) => v === COMPANY_LIST,
  [GSI1.sortKey]: (v) => v.length <= 300,
};

/**
 * An HR user's membership of their company: one per HR user, in their partition (it goes with
 * the account), read with the account on every HR route; GSI1 lists a company's HR users.
 */
export interface Membership {
  user_id: string;
  company_id: string;
  email: string;
  added_at: string;
  added_by: string;
}
export const hrListPartition = (companyId: string) => `${companyPartition(companyId)}#HR`;
const MEMBERSHIP_SORT = 'MEMBERSHIP';
const membershipKey = (userId: string): TableKey => ({ PK: userPartition(userId), SK: MEMBERSHIP_SORT });
export const memberships = entity<Membership, [userId: string]>({
  key: membershipKey,
  keyOf: (membership) => membershipKey(membership.user_id),
  sortPrefix: MEMBERSHIP_SORT,
  indexOf: (membership) => ({
    GSI1PK: hrListPartition(membership.company_id),
    GSI1SK: `${membership.added_at}#${membership.user_id}`,
  }),
});

/**
 * What an invitation (of an HR user or an employee) keeps of its link: only the SHA-256 of the
 * token, and until when it can be answered. `expires_at` is an ISO string here, which DynamoDB's
 * TTL ignores by design: an expired invitation stays and waits for a resend.
 */
interface InvitationState {
  invited_at: string;
  invited_by: string;
  expires_at: string;
  token_hash: string;
  /** When its mail was last sent; null: not yet (the import's mails go out after the answer). */
  mailed_at: string | null;
}

/** An HR user's invitation, until it is accepted (then the membership stands for it). */
export interface HrInvitationItem extends InvitationState {
  id: string;
  company_id: string;
  email: string;
  language: Language;
}
const hrInvitationKey = (companyId: string, inviteId: string): TableKey => ({
  PK: companyPartition(companyId),
  SK: `HRINVITE#${inviteId}`,
});
export const hrInvitations = entity<HrInvitationItem, [companyId: string, inviteId: string]>({
  key: hrInvitationKey,
  keyOf: (invitation) => hrInvitationKey(invitation.company_id, invitation.id),
  sortPrefix: 'HRINVITE#',
});

/**
 * One row per invited employee address and company: the invitation as HR typed it, and what
 * became of it. Its id is `<13-digit ms>-<uuid>`, so the partition lists rows in invitation
 * order; GSI1 lists them by status. The employee's user id is never shown to HR.
 */
export interface EmployeeRowItem extends InvitationState {
  id: string;
  company_id: string;
  email: string;
  first_name: string;
  last_name: string;
  arrival_date: string | null;
  language: Language;
  status: EmployeeStatus;
  /** The customer who answered (consented or declined); null while invited. */
  user_id: string | null;
  responded_at: string | null;
  stopped_at: string | null;
  /** The import that wrote it (a hash of the file): a file sent again completes its own rows. */
  import_id: string | null;
}
export const EMPLOYEE_SORT_PREFIX = 'EMPLOYEE#';
export const employeeStatusPartition = (companyId: string, status: EmployeeStatus) =>
  `${companyPartition(companyId)}#status#${status}`;
const employeeRowKey = (companyId: string, rowId: string): TableKey => ({
  PK: companyPartition(companyId),
  SK: `${EMPLOYEE_SORT_PREFIX}${rowId}`,
});
/**
 * A page key of a query of one of a company's GSI1 partitions over its employee rows (a status
 * list): the rows' table keys (the company's partition, an employee sort key) and the index's,
 * each checked, so a key of another company or another list is refused before DynamoDB sees it.
 */
export const companyRowPageKey = (companyId: string, indexPartition: string): CursorShape => ({
  [TABLE_KEYS.partitionKey]: (v) => v === companyPartition(companyId),
  [TABLE_KEYS.sortKey]: (v) => v.startsWith(EMPLOYEE_SORT_PREFIX) && v.length <= 200,
  [GSI1.partitionKey]: (v) => v === indexPartition,
  [GSI1.sortKey]: (v) => v.length <= 300,
});
export const employeeRows = entity<EmployeeRowItem, [companyId: string, rowId: string]>({
  key: employeeRowKey,
  keyOf: (row) => employeeRowKey(row.company_id, row.id),
  sortPrefix: EMPLOYEE_SORT_PREFIX,
  indexOf: (row) => ({
    GSI1PK: employeeStatusPartition(row.company_id, row.status),
    GSI1SK: `${row.invited_at}#${row.id}`,
  }),
});

/** An invitation's address as compared: trimmed, lower case (Cognito's addresses are case-insensitive). */
export const foldAddress = (email: string) => email.trim().toLowerCase();

/**
 * The address → invitation lookup: one item per invited address and company (put on condition
 * that it is absent, with the invitation: one invitation per address and company), so My
 * Account finds the invitations to the caller's verified address with one Query.
 */
export interface Invitee {
  email: string;
  kind: 'employee' | 'hr';
  company_id: string;
  /** The employee row's id, or the HR invitation's. */
  target_id: string;
}
const INVITEE_PREFIX = 'INVITEE#';
export const inviteePartition = (email: string) => `${INVITEE_PREFIX}${foldAddress(email)}`;
const inviteeKey = (email: string, kind: Invitee['kind'], companyId: string): TableKey => ({
  PK: inviteePartition(email),
  SK: `${kind === 'employee' ? 'EMPLOYEE' : 'HR'}#${companyId}`,
});
export const invitees = entity<Invitee, [email: string, kind: Invitee['kind'], companyId: string]>({
  key: inviteeKey,
  keyOf: (invitee) => inviteeKey(invitee.email, invitee.kind, invitee.company_id),
  sortPrefix: '',
  toAttributes: ({ kind, company_id, target_id }) => ({ kind, company_id, target_id }),
  fromAttributes: (attributes, key) => ({
    email: key.PK.slice(INVITEE_PREFIX.length),
    kind: attributes.kind === 'hr' ? 'hr' : 'employee',
    company_id: String(attributes.company_id),
    target_id: String(attributes.target_id),
  }),
});

/**
 * An HR user's address (folded) → their membership: put with the membership and deleted with
 * it, so an invitation (HR or employee) to the address of an HR user of any company is refused
 * in its own transaction, and a CSV import finds such addresses with one BatchGet.
 */
export interface HrAddress {
  email: string;
  user_id: string;
  company_id: string;
}
const HR_ADDRESS_PREFIX = 'HR_ADDRESS#';
const hrAddressKey = (email: string): TableKey => ({
  PK: `${HR_ADDRESS_PREFIX}${foldAddress(email)}`,
  SK: 'HR_USER',
});
export const hrAddresses = entity<HrAddress, [email: string]>({
  key: hrAddressKey,
  keyOf: (address) => hrAddressKey(address.email),
  sortPrefix: 'HR_USER',
  toAttributes: ({ user_id, company_id }) => ({ user_id, company_id }),
  fromAttributes: (attributes, key) => ({
    email: key.PK.slice(HR_ADDRESS_PREFIX.length),
    user_id: String(attributes.user_id),
    company_id: String(attributes.company_id),
  }),
});

/**
 * An invitation link's token, by the SHA-256 of it (the token itself is stored nowhere): found
 * with one strongly consistent read, deleted when the invitation is answered or resent. TTL
 * removes it 30 days after it ran out (until then the link says "expired", not "unknown").
 */
export interface InvitationToken {
  token_hash: string;
  kind: 'employee' | 'hr';
  company_id: string;
  target_id: string;
  /** ISO: until when it can be answered. */
  valid_until: string;
}
const TOKEN_PREFIX = 'INVITE#';
const TOKEN_KEPT_AFTER_EXPIRY_SECONDS = 30 * 24 * 3600;
const tokenKey = (tokenHash: string): TableKey => ({ PK: `${TOKEN_PREFIX}${tokenHash}`, SK: 'TOKEN' });
export const invitationTokens = entity<InvitationToken, [tokenHash: string]>({
  key: tokenKey,
  keyOf: (token) => tokenKey(token.token_hash),
  sortPrefix: 'TOKEN',
  toAttributes: ({ token_hash: _hash, ...token }) => ({
    ...token,
    [TABLE_KEYS.timeToLive]:
      Math.floor(Date.parse(token.valid_until) / 1000) + TOKEN_KEPT_AFTER_EXPIRY_SECONDS,
  }),
  fromAttributes: ({ [TABLE_KEYS.timeToLive]: _ttl, ...attributes }, key) => ({
    ...(attributes as Omit<InvitationToken, 'token_hash'>),
    token_hash: key.PK.slice(TOKEN_PREFIX.length),
  }),
});

/**
 * The customer's link to a company (at most one, in their partition: exported, and gone with
 * the account). While it says sharing, the profile item carries `sharing_company_id` and
 * `sharing_row_id` (StoredProfile.sharing), which every write of the company's derived items
 * conditions on.
 */
export interface CompanyLinkItem extends CompanyLink {
  user_id: string;
  row_id: string;
}
const LINK_SORT = 'COMPANY_LINK';
const companyLinkKey = (userId: string): TableKey => ({ PK: userPartition(userId), SK: LINK_SORT });
export const companyLinks = entity<CompanyLinkItem, [userId: string]>({
  key: companyLinkKey,
  keyOf: (link) => companyLinkKey(link.user_id),
  sortPrefix: LINK_SORT,
});
/** The profile item's attributes naming the company a customer shares with (StoredProfile.sharing). */
export const SHARING = { company: 'sharing_company_id', row: 'sharing_row_id' } as const;

/**
 * One entry per company card a sharing employee is on (shared/company-filters.ts), in their
 * partition, kept in the transactions that change what decides the card, as `listEntries` are
 * for the admin's lists; GSI1 lists a company's card in the order of its rows (the row id begins
 * with the invitation's time), the order of the company's whole list, from what every write that
 * moves a card has at hand: the profile's sharing attributes.
 */
export interface CompanyCardEntry {
  user_id: string;
  company_id: string;
  row_id: string;
  card: CompanyCard;
}
export const companyCardPartition = (companyId: string, card: CompanyCard) =>
  `${companyPartition(companyId)}#card#${card}`;
const CARD_ENTRY_PREFIX = 'CO_LIST#';
const cardEntryKey = (userId: string, card: CompanyCard): TableKey => ({
  PK: userPartition(userId),
  SK: `${CARD_ENTRY_PREFIX}${card}`,
});
export const companyCardEntries = entity<CompanyCardEntry, [userId: string, card: CompanyCard]>({
  key: cardEntryKey,
  keyOf: (entry) => cardEntryKey(entry.user_id, entry.card),
  sortPrefix: CARD_ENTRY_PREFIX,
  indexOf: (entry) => ({
    GSI1PK: companyCardPartition(entry.company_id, entry.card),
    GSI1SK: `${entry.row_id}#${entry.user_id}`,
  }),
  toAttributes: ({ user_id, company_id, row_id }) => ({ user_id, company_id, row_id }),
  fromAttributes: (attributes, key) => ({
    user_id: String(attributes.user_id),
    company_id: String(attributes.company_id),
    row_id: String(attributes.row_id),
    card: key.SK.slice(CARD_ENTRY_PREFIX.length) as CompanyCard,
  }),
});

/**
 * One word an employee row is found by in its company's search (shared/search-words.ts, from
 * the row's names and address as invited, so no profile edit touches them), in the company's
 * partition: a search reads only the words that begin with what was typed, in one company.
 */
export interface CompanyWord {
  company_id: string;
  row_id: string;
  word: string;
}
const COMPANY_WORD_PREFIX = 'WORD#';
const companyWordKey = (companyId: string, word: string, rowId: string): TableKey => ({
  PK: companyPartition(companyId),
  SK: `${COMPANY_WORD_PREFIX}${word}#${rowId}`,
});
export const companyWords = entity<CompanyWord, [companyId: string, word: string, rowId: string]>({
  key: companyWordKey,
  keyOf: (entry) => companyWordKey(entry.company_id, entry.word, entry.row_id),
  sortPrefix: COMPANY_WORD_PREFIX,
  toAttributes: ({ row_id }) => ({ row_id }),
  fromAttributes: (attributes, key) => {
    const rest = key.SK.slice(COMPANY_WORD_PREFIX.length);
    const row_id = String(attributes.row_id);
    return {
      company_id: key.PK.slice('COMPANY#'.length),
      row_id,
      word: rest.slice(0, rest.length - row_id.length - 1),
    };
  },
});

/**
 * A company's counts (shared/company-filters.ts CompanyCounts), spread over shards like the
 * customers' (a row always counted in the same one), kept in the transactions that change them.
 */
export const COMPANY_COUNT_SHARDS = 4;
const companyCountsKey = (companyId: string, shard: number): TableKey => ({
  PK: `STATS#${companyPartition(companyId)}`,
  SK: `SHARD#${shard}`,
});
export const companyCounts = entity<
  CompanyCounts & { company_id: string; shard: number },
  [companyId: string, shard: number]
>({
  key: companyCountsKey,
  keyOf: (counts) => companyCountsKey(counts.company_id, counts.shard),
  sortPrefix: 'SHARD#',
  toAttributes: ({ shard: _shard, company_id: _company, ...counts }) => counts,
  fromAttributes: (attributes, key) => ({
    company_id: key.PK.slice('STATS#COMPANY#'.length),
    shard: Number(key.SK.slice('SHARD#'.length)),
    ...(Object.fromEntries(
      COMPANY_COUNTS.map((name) => [name, Number(attributes[name] ?? 0)]),
    ) as unknown as CompanyCounts),
  }),
});

/**
 * That an HR user viewed an employee's progress on a day (Berlin): put, on condition that it is
 * absent, in one transaction with the audit fact, so the customer's Activity shows at most one
 * **Your company viewed your progress** per viewer and day. Bookkeeping, not exported; TTL 48 h.
 */
export interface CompanyViewMarker {
  user_id: string;
  viewer_id: string;
  day: string;
  /** Epoch seconds. */
  expires_at: number;
}
const viewMarkerKey = (userId: string, viewerId: string, day: string): TableKey => ({
  PK: userPartition(userId),
  SK: `${HISTORY}COVIEW#${viewerId}#${day}`,
});
export const companyViewMarkers = entity<CompanyViewMarker, [userId: string, viewerId: string, day: string]>({
  key: viewMarkerKey,
  keyOf: (marker) => viewMarkerKey(marker.user_id, marker.viewer_id, marker.day),
  sortPrefix: `${HISTORY}COVIEW#`,
  toAttributes: ({ expires_at }) => ({ [TABLE_KEYS.timeToLive]: expires_at }),
  fromAttributes: (attributes, key) => {
    const [viewer_id = '', day = ''] = key.SK.slice(`${HISTORY}COVIEW#`.length).split('#');
    return {
      user_id: key.PK.slice('USER#'.length),
      viewer_id,
      day,
      expires_at: Number(attributes[TABLE_KEYS.timeToLive]),
    };
  },
});

/** The invitation mails a company caused on a day (Berlin): ADDed, conditionally, before they go. TTL 48 h. */
export interface InvitationMailCount {
  company_id: string;
  day: string;
  sent: number;
  /** Epoch seconds. */
  expires_at: number;
}
const mailCountKey = (companyId: string, day: string): TableKey => ({
  PK: companyPartition(companyId),
  SK: `${HISTORY}MAILS#${day}`,
});
export const invitationMailCounts = entity<InvitationMailCount, [companyId: string, day: string]>({
  key: mailCountKey,
  keyOf: (count) => mailCountKey(count.company_id, count.day),
  sortPrefix: `${HISTORY}MAILS#`,
  toAttributes: ({ sent, expires_at }) => ({ sent, [TABLE_KEYS.timeToLive]: expires_at }),
  fromAttributes: (attributes, key) => ({
    company_id: key.PK.slice('COMPANY#'.length),
    day: key.SK.slice(`${HISTORY}MAILS#`.length),
    sent: Number(attributes.sent ?? 0),
    expires_at: Number(attributes[TABLE_KEYS.timeToLive]),
  }),
});

/** The company's own audit trail (`AUDIT#COMPANY#<id>`): auditFacts under this subject. */
export const companyAuditSubject = (companyId: string) => companyPartition(companyId);
export const companyPartitionKey = companyPartition;

/**
 * An employee row whose invitation mail has not gone out yet: an import mails what it can
 * within its request and leaves the rest here (one item per row, in one partition sorted by
 * company), so the daily job finds them with one Query, never a scan. Put with the row, deleted
 * by the transaction that marks the row mailed; one whose row was answered or removed meanwhile
 * is deleted by the job that meets it.
 */
export interface UnmailedInvitation {
  company_id: string;
  row_id: string;
}
export const UNMAILED_INVITATIONS = 'UNMAILED#INVITATIONS';
const unmailedKey = (companyId: string, rowId: string): TableKey => ({
  PK: UNMAILED_INVITATIONS,
  SK: `${companyId}#${rowId}`,
});
export const unmailedInvitations = entity<UnmailedInvitation, [companyId: string, rowId: string]>({
  key: unmailedKey,
  keyOf: (marker) => unmailedKey(marker.company_id, marker.row_id),
  sortPrefix: '',
});
