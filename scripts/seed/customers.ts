// Realistic customers for `npm run seed`: every state the admin console shows (verified or not,
// onboarding done or not, documents, tasks, service requests, pending deletions), names and
// cities in several scripts and with accents. Items are built by the store's own entities and
// index builders, so list entries, search words and counts are exactly what the product writes.
import { randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentRecord, Profile, UserTask, WorkflowRecord } from '@shared/api';
import { ALWAYS_UNLOCKED_PHASE } from '@shared/journey';
import { NATIONALITIES } from '@shared/nationalities';
import { planToday } from '@shared/plan';
import { env } from '../../functions/src/config';
import { planReminders, remindersDue } from '../../functions/src/services/reminder-plan';
import type { Catalogue } from '../../functions/src/store/catalogue';
import { catalogueFromFiles } from '../../functions/src/store/catalogue-seed';
import { dynamo } from '../../functions/src/store/client';
import { addToShard, newCustomerIndex } from '../../functions/src/store/customer-index';
import { countByShard } from '../../functions/src/store/customer-index-rebuild';
import {
  deletionRequests,
  documents,
  type Item,
  messages,
  profiles,
  reminderSchedules,
  tasks,
  workflows,
} from '../../functions/src/store/entities';
import { objectKeys } from '../../functions/src/store/object-keys';
import { newProfile } from '../../functions/src/store/profiles';
import {
  conversationQueueChange,
  conversationWaiting,
  requestQueueChange,
} from '../../functions/src/store/request-queue';

export const FIRST = [
  'Anna',
  'Zoë',
  'Jürgen',
  'Łukasz',
  'Priya',
  'Mei',
  'Ólafur',
  'Chloé',
  'Søren',
  'Ayşe',
  'José',
  'Nguyễn',
  'Дмитрий',
  'Олена',
  '美玲',
  'محمد',
  'Rahul',
  'Fatima',
  'Björn',
  'Siobhán',
];
export const LAST = [
  'Kowalska',
  'Müller',
  'Sørensen',
  'Tran',
  'Sharma',
  'García',
  "O'Brien",
  'Schmidt',
  'Yılmaz',
  'Dvořák',
  'Novák',
  'Иванов',
  'Шевченко',
  '王',
  'حداد',
  'Nakamura',
  'Papadopoulos',
  'Kim',
  'Weiß',
  'Ferreira-Lopes',
];
const CITIES = [
  'Berlin',
  'München',
  'Köln',
  'Düsseldorf',
  'Frankfurt am Main',
  'Hamburg',
  'Leipzig',
  'Nürnberg',
];
const ASCII = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** A tiny real PDF: the seeded documents open in the admin's preview. */
export const SEED_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export interface SeededCustomer {
  profile: Profile;
  /** Their open service requests (the Open requests count's share). */
  openRequests: number;
  items: Item[];
  /** Object keys of the customer's files (each the seed PDF). */
  files: string[];
}

/**
 * Customer number `i` of a seed made at `now`: created over the past two years; about 60 %
 * onboarded (passport and contract on file), 45 % verified (with the phase-1 tasks, a third of
 * them with an eSIM service request), 4 % with a pending deletion request, one in ten with a
 * message to the team nobody has read yet (by number, so the names and states stay those of
 * the seeds before messages existed), one in ten of the verified entered some weeks ago
 * with tasks overdue, and one in eight of the onboarded has a passport that expired lately or
 * expires within some months (on the Expiring within 90 days card when within 90 days).
 */
export function seedCustomer(
  i: number,
  random: () => number,
  catalogue: Catalogue,
  now: number,
): SeededCustomer {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const id = randomUUID();
  const created = new Date(now - Math.floor(random() * 730 * 86_400_000)).toISOString();
  const first = pick(FIRST);
  const last = pick(LAST);
  const local = `${ASCII(first) || 'kunde'}.${ASCII(last) || 'kunde'}.${i}`;
  const base = newProfile(id, `${local}@example.com`, created, random() < 0.3 ? 'de' : 'en');
  const roll = random();
  const onboarded = roll < 0.6;
  const verified = onboarded && roll < 0.45;
  const leaving = verified && random() < 0.09;
  const writing = i % 10 === 3;
  const arrival = new Date(now + Math.floor((random() * 180 - 60) * 86_400_000)).toISOString().slice(0, 10);
  // One in ten verified customers (by number) entered Germany some weeks ago with the tasks
  // before arrival still open: those due by today are overdue, as the daily count finds them.
  const entered = verified && i % 10 === 6 ? planToday(new Date(now - (14 + (i % 30)) * 86_400_000)) : null;
  const phaseOne = verified ? catalogue.templates.filter((t) => t.phase_id === ALWAYS_UNLOCKED_PHASE) : [];
  const profile: Profile = {
    ...base,
    first_name: first,
    last_name: last,
    gender: random() < 0.5 ? 'female' : 'male',
    whatsapp_number: `+49151${String(1_000_000 + i).slice(-7)}`,
    nationality: pick(NATIONALITIES).name,
    target_city: pick(CITIES),
    intended_arrival_date: entered ?? arrival,
    entry_date: entered,
    onboarding_completed: onboarded,
    account_verified: verified,
    account_verified_at: verified ? created : null,
    account_verified_by: verified ? 'seed' : null,
    deletion_requested: leaving,
    deletion_requested_at: leaving ? created : null,
    deletion_requested_by: leaving ? id : null,
    documents_count: onboarded ? 2 : 0,
    unread_by_team: writing ? 1 : 0,
    reminders_enabled: true,
  };
  const items: Item[] = [];
  let openRequests = 0;
  const seededTasks: UserTask[] = [];

  const files: string[] = [];
  const seededDocuments: DocumentRecord[] = [];
  // By number, not by `random`, so the names and states stay those of the seeds before expiry dates.
  const passportExpiry = i % 8 === 5 ? planToday(new Date(now + ((i % 150) - 20) * 86_400_000)) : null;
  if (onboarded) {
    for (const type of ['passport', 'employment_contract'] as const) {
      const key = objectKeys.upload(id, randomUUID(), 'pdf');
      files.push(key);
      const record: DocumentRecord = {
        id: randomUUID(),
        user_id: id,
        document_type: type,
        file_name: `${type}.pdf`,
        file_path: key,
        file_size: SEED_PDF.length,
        uploaded_at: created,
        expires_on: type === 'passport' ? passportExpiry : null,
        title: null,
      };
      items.push(documents.toItem(record));
      seededDocuments.push(record);
    }
  }
  if (verified) {
    const requested =
      random() < 0.33 ? phaseOne.find((t) => t.completion_type === 'service_request') : undefined;
    const requestedType = requested?.service_type;
    for (const template of phaseOne) {
      const task: UserTask = {
        id: randomUUID(),
        user_id: id,
        task_template_id: template.id,
        phase_id: template.phase_id,
        status: template === requested ? 'in_progress' : 'not_started',
        completed_at: null,
        completed_by_user: null,
        notes: null,
        team_note: null,
        created_at: created,
      };
      items.push(tasks.toItem(task));
      seededTasks.push(task);
      if (template === requested && requestedType) {
        const workflow: WorkflowRecord = {
          id: randomUUID(),
          user_id: id,
          user_task_id: task.id,
          task_template_id: template.id,
          workflow_type: requestedType,
          status: 'initiated',
          initiated_at: created,
          waiting_since: created,
          completed_at: null,
          notes: null,
          team_note: null,
          assigned_to: null,
        };
        items.push(workflows.toItem(workflow));
        // Into the team's queue, as the request's transaction puts it.
        for (const write of requestQueueChange(null, workflow))
          if (write.Put?.Item) items.push(write.Put.Item);
        openRequests += 1;
      }
    }
  }
  if (writing) {
    items.push(
      messages.toItem({
        id: randomUUID(),
        user_id: id,
        author: 'customer',
        author_id: id,
        author_email: null,
        text: 'Seeded: when can I expect my appointment?',
        workflow_id: null,
        created_at: created,
      }),
    );
  }
  if (leaving) {
    items.push(
      deletionRequests.toItem({
        id: randomUUID(),
        user_id: id,
        status: 'pending',
        requested_at: created,
        reason: 'Seeded: my plans changed.',
      }),
    );
  }
  // The overdue and expiring counts and the reminder schedule as the daily job keeps them (the
  // schedule without marks: nothing was mailed yet).
  const plan = planReminders({
    today: planToday(new Date(now)),
    templates: catalogue.templates,
    tasks: seededTasks,
    facts: profile,
    sent: {},
    documents: seededDocuments,
    documentsSent: {},
    eligible: remindersDue(profile),
    act: false,
  });
  profile.overdue_tasks = plan.overdueCount;
  profile.expiring_documents = plan.expiringCount;
  // A customer's message waits for the team: the profile says since when, the queue lists it.
  const waiting = writing ? created : null;
  items.push(profiles.toItem({ profile, role: 'customer', conversation_waiting_since: waiting }));
  for (const write of conversationQueueChange(
    id,
    null,
    conversationWaiting({ conversation_waiting_since: waiting }),
  ))
    if (write.Put?.Item) items.push(write.Put.Item);
  // List entries and search words as sign-up, edits and state changes write them.
  for (const write of newCustomerIndex(profile)) if (write.Put?.Item) items.push(write.Put.Item);
  items.push(
    reminderSchedules.toItem({ user_id: id, wake_day: plan.wakeDay, sent: {}, documents: {}, version: 1 }),
  );
  return { profile, openRequests, items, files };
}

/** mulberry32: the same seed gives the same names and states (ids stay random). */
export function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Runs `run` over `work`, `parallel` at a time. */
async function inParallel<T>(work: T[], run: (item: T) => Promise<unknown>, parallel = 32) {
  for (let i = 0; i < work.length; i += parallel) await Promise.all(work.slice(i, i + parallel).map(run));
}

/**
 * Writes seeded customers: their items, their files to the bucket, and their counts added to
 * each shard as the transactions would have. Returns the milliseconds each part took.
 */
export async function writeCustomers(customers: SeededCustomer[], bucket: string) {
  const s3 = new S3Client({ forcePathStyle: true });
  // 100 new items a transaction: DynamoDB Local commits each to disk once, where a batch write
  // commits item by item (measured: twice the items per second on disk, the same on tmpfs).
  const puts = customers.flatMap((c) => c.items.map((Item) => ({ Put: { TableName: env.tableName, Item } })));
  const chunks = Array.from({ length: Math.ceil(puts.length / 100) }, (_, b) =>
    puts.slice(b * 100, b * 100 + 100),
  );
  let mark = Date.now();
  await inParallel(chunks, (TransactItems) => dynamo().send(new TransactWriteCommand({ TransactItems })), 8);
  const table = Date.now() - mark;
  mark = Date.now();
  await inParallel(
    customers.flatMap((c) => c.files),
    (Key) =>
      s3.send(new PutObjectCommand({ Bucket: bucket, Key, Body: SEED_PDF, ContentType: 'application/pdf' })),
  );
  const files = Date.now() - mark;
  // The counts, added to each shard as the transactions would have.
  const shards = countByShard(
    customers.map((c) => c.profile),
    new Map(customers.map((c) => [c.profile.id, c.openRequests])),
  );
  await Promise.all(
    shards.map((counts, shard) => dynamo().send(new UpdateCommand(addToShard(shard, counts).Update))),
  );
  return { table, files };
}

/** Customers generated and written per round: memory stays flat for any count. */
const ROUND = 500;

/**
 * Seeds `count` customers into the table and bucket this process's store points at, in
 * rounds; `seed` picks the names and states, `first` numbers them on from an earlier run (so
 * e-mail addresses stay unique). Returns the milliseconds the table and the files took.
 */
export async function seedCustomers(
  bucket: string,
  count: number,
  options: { seed?: number; first?: number; progress?: (done: number) => void } = {},
) {
  const next = random(options.seed ?? 1);
  const catalogue = catalogueFromFiles();
  const now = Date.now();
  const first = options.first ?? 0;
  const spent = { table: 0, files: 0 };
  for (let from = 0; from < count; from += ROUND) {
    const customers = Array.from({ length: Math.min(ROUND, count - from) }, (_, k) =>
      seedCustomer(first + from + k, next, catalogue, now),
    );
    const took = await writeCustomers(customers, bucket);
    spent.table += took.table;
    spent.files += took.files;
    options.progress?.(from + customers.length);
  }
  return spent;
}
