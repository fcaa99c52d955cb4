// "Download my data" (GDPR Art. 15 and 20) against the real emulators: the archive holds every
// item of the customer's partition and every file byte for byte, nobody else's data, and it
// is there while a deletion request is pending.
import type { DataExport } from '@functions/services/data-export';
import type {
  DeletionResponse,
  DocumentRecord,
  DownloadLink,
  JourneyResponse,
  JourneyTask,
  MeResponse,
  Workflow,
} from '@shared/api';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, inject, it } from 'vitest';
import { adminToken, api, dateFromToday } from '../support/auth';
import { customerWith } from '../support/customers';
import { endpoints, objectKeys, upload } from '../support/documents';
import { tinyPdf, tinyPng } from '../support/files';
import { serviceRequestBody } from '../support/service-answers';

const url = inject('stackUrl');

type Item = Record<string, unknown>;

const KEY_ATTRIBUTES = ['PK', 'SK', 'GSI1PK', 'GSI1SK'];

async function exportOf(token: string) {
  const response = await api<DownloadLink>(url, '/api/me/export', { token, method: 'POST' });
  expect(response.status).toBe(200);
  const archive = await fetch(response.body.url);
  expect(archive.status).toBe(200);
  const files = unzipSync(new Uint8Array(await archive.arrayBuffer()));
  const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array)) as DataExport;
  return { link: response.body, archive, files, data };
}

/** Every item of the user's partition as stored, read from DynamoDB Local itself. */
async function partitionItems(userId: string): Promise<Item[]> {
  const e = await endpoints(url);
  const { DynamoDBClient, QueryCommand } = await import('@aws-sdk/client-dynamodb');
  const { unmarshall } = await import('@aws-sdk/util-dynamodb');
  const ddb = new DynamoDBClient({ endpoint: e.dynamodb, region: e.region, credentials: e.s3Credentials });
  const out = await ddb.send(
    new QueryCommand({
      TableName: e.table,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': { S: `USER#${userId}` } },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map((item) => unmarshall(item));
}

/** The user's export archives in the bucket. */
const exportKeys = async (userId: string) =>
  (await objectKeys(url, userId)).filter((key) => key.startsWith('exports/'));

const withoutKeys = (item: Item) =>
  Object.fromEntries(Object.entries(item).filter(([name]) => !KEY_ATTRIBUTES.includes(name)));
const idsOf = (items: Item[]) => items.map((i) => String(i.id)).sort();

/** A verified customer with two documents, a completed task, a service request and a pending deletion. */
async function busyCustomer() {
  const c = await customerWith(url, { arrival: dateFromToday(10), verified: true });
  const passport = Buffer.concat([tinyPdf(), Buffer.from(`% passport of ${c.userId}\n`)]);
  const contract = tinyPng();
  for (const [type, name, bytes] of [
    ['passport', 'my passport.pdf', passport],
    ['employment_contract', 'contract.png', contract],
  ] as const) {
    const { confirm } = await upload(url, c.idToken, type, name, bytes);
    expect(confirm?.status).toBe(200);
  }
  const journey = await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken });
  const taskOf = (id: string) =>
    journey.body.phases.flatMap((p) => p.tasks).find((t) => t.task_template_id === id) as JourneyTask;
  const act = (taskId: string, action: string, body: unknown = {}) =>
    api(url, `/api/me/tasks/${taskId}/${action}`, { token: c.idToken, method: 'POST', body });
  expect((await act(taskOf('work_visa').id, 'complete', { notes: 'Embassy on Monday' })).status).toBe(200);
  const answers = serviceRequestBody('health_insurance');
  expect((await act(taskOf('health_insurance').id, 'service-request', answers)).status).toBe(201);
  // A conversation with the team, and an admin's edit on the account's activity.
  const admin = await adminToken(url);
  const write = (token: string, path: string, text: string) =>
    api(url, path, { token, method: 'POST', body: { text } });
  expect((await write(c.idToken, '/api/me/messages', 'Is my visa ready?')).status).toBe(201);
  expect((await write(admin, `/api/admin/users/${c.userId}/messages`, 'Next week.')).status).toBe(201);
  const detail = await api<{ profile: Record<string, unknown> }>(url, `/api/admin/users/${c.userId}`, {
    token: admin,
  });
  const { first_name, last_name, email, gender, whatsapp_number, nationality, intended_arrival_date } =
    detail.body.profile;
  const edited = await api(url, `/api/admin/users/${c.userId}`, {
    token: admin,
    method: 'PATCH',
    body: {
      first_name,
      last_name,
      email,
      gender,
      whatsapp_number,
      nationality,
      intended_arrival_date,
      target_city: 'Köln',
    },
  });
  expect(edited.status).toBe(200);
  // The calendar feed's address exists (its token is a credential: not exported).
  expect((await api(url, '/api/me/calendar', { token: c.idToken })).status).toBe(200);
  const deletion = await api<DeletionResponse>(url, '/api/me/deletion', {
    token: c.idToken,
    method: 'POST',
    body: { reason: 'Export first, then go' },
  });
  expect(deletion.body.deleted).toBe(false);
  return { ...c, deletionId: deletion.body.request?.id ?? '', uploaded: { passport, contract } };
}

describe('POST /api/me/export', () => {
  it('holds every item of the partition and every file, while a deletion request is pending', async () => {
    const c = await busyCustomer();
    const get = async <T>(path: string) => (await api<T>(url, path, { token: c.idToken })).body;
    const me = await get<MeResponse>('/api/me');
    const journey = await get<JourneyResponse>('/api/me/journey');
    const workflows = await get<Workflow[]>('/api/me/workflows');
    const documents = await get<DocumentRecord[]>('/api/me/documents');
    expect(me.profile.deletion_requested).toBe(true);

    const { link, archive, files, data } = await exportOf(c.idToken);
    expect(Date.parse(link.expires_at) - Date.now()).toBeLessThanOrEqual(300_000);
    expect(archive.headers.get('content-disposition')).toMatch(
      /^attachment; filename="relocate-germany-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );

    // What the API shows the customer is all there.
    expect(data.user_id).toBe(c.userId);
    expect(data.profile).toMatchObject({ id: c.userId, email: c.email, deletion_requested: true });
    const tasks = journey.phases.flatMap((p) => p.tasks).filter((t) => !t.is_preview);
    expect(tasks.length).toBeGreaterThan(0);
    expect(idsOf(data.tasks)).toEqual(idsOf(tasks as unknown as Item[]));
    expect(data.tasks.find((t) => t.task_template_id === 'work_visa')).toMatchObject({
      status: 'completed',
      notes: 'Embassy on Monday',
    });
    expect(workflows).toHaveLength(1);
    expect(idsOf(data.service_requests)).toEqual(idsOf(workflows as unknown as Item[]));
    expect(documents).toHaveLength(2);
    expect(idsOf(data.documents)).toEqual(idsOf(documents as unknown as Item[]));
    expect(data.deletion_requests).toEqual([
      expect.objectContaining({ id: c.deletionId, status: 'pending', reason: 'Export first, then go' }),
    ]);

    // And so is every item stored, as stored, without the table's keys; the admin dashboard's
    // list entries and search words and the team queue's entries (derived from the profile, the
    // requests and the messages, nothing of their own), the hourly message counts (bookkeeping)
    // and the calendar feed's token (a credential) aside.
    const all = await partitionItems(c.userId);
    expect(all.some((item) => String(item.SK).startsWith('QUEUE#'))).toBe(true);
    const stored = all.filter((item) => !/^(LIST#|WORD#|QUEUE#|~SENT#|CALENDAR$)/.test(String(item.SK)));
    expect(all.filter((item) => String(item.SK).startsWith('~SENT#'))).toHaveLength(1);
    const feed = all.find((item) => item.SK === 'CALENDAR');
    expect(feed?.token).toEqual(expect.any(String));
    expect(JSON.stringify(data)).not.toContain(String(feed?.token));
    expect(stored.length).toBeLessThan(all.length);
    // The conversation (without which admin wrote) and the activity, with the values
    // before and after that the partition keeps for it.
    const history = stored.filter((item) => String(item.SK).startsWith('~'));
    const messages = history.filter((item) => String(item.SK).startsWith('~MSG#'));
    expect(data.messages.map((m) => m.text).sort()).toEqual(['Is my visa ready?', 'Next week.']);
    for (const message of data.messages) expect(Object.keys(message)).not.toContain('author_email');
    expect(data.messages).toHaveLength(messages.length);
    // The team's acts and the customer's own (uploads, the task, the request, the message).
    expect(data.activity.map((r) => [r.action, r.by])).toEqual([
      ['profile_edited', 'team'],
      ['message_sent', 'customer'],
      ['service_requested', 'customer'],
      ['task_completed', 'customer'],
      ['document_uploaded', 'customer'],
      ['document_uploaded', 'customer'],
      ['account_verified', 'team'],
    ]);
    expect(data.activity[0]?.changes).toEqual([{ field: 'target_city', before: 'Berlin', after: 'Köln' }]);
    const exported = [
      data.profile,
      ...data.tasks,
      ...data.service_requests,
      ...data.deletion_requests,
      ...data.documents,
      ...data.other.map((o) => o.attributes),
    ];
    const rest = stored.filter((item) => !history.includes(item));
    expect(exported).toHaveLength(rest.length);
    for (const item of rest) expect(exported).toContainEqual(withoutKeys(item));
    for (const item of exported) for (const key of KEY_ATTRIBUTES) expect(item).not.toHaveProperty(key);

    // Every document's file, byte for byte.
    const uploaded: Record<string, Buffer> = {
      passport: c.uploaded.passport,
      employment_contract: c.uploaded.contract,
    };
    expect(data.files).toHaveLength(2);
    for (const document of documents) {
      const file = data.files.find((f) => f.key === document.file_path);
      expect(file?.archive_path).toBe(`documents/${document.document_type}/${document.file_name}`);
      const bytes = files[file?.archive_path ?? ''];
      expect(bytes && Buffer.from(bytes)).toEqual(uploaded[document.document_type]);
    }
    expect(Object.keys(files).sort()).toEqual(['data.json', ...data.files.map((f) => f.archive_path)].sort());
  });

  it("gives another customer none of the first customer's data", async () => {
    const first = await busyCustomer();
    const firstExport = (await exportOf(first.idToken)).data;
    const firstIds = [
      first.userId,
      first.email,
      ...[
        firstExport.tasks,
        firstExport.service_requests,
        firstExport.documents,
        firstExport.deletion_requests,
      ]
        .flat()
        .map((i) => String(i.id)),
    ];

    const second = await customerWith(url, { arrival: dateFromToday(5), verified: true });
    const { files, data } = await exportOf(second.idToken);
    expect(data.user_id).toBe(second.userId);
    expect(data.profile).toMatchObject({ id: second.userId, email: second.email });
    expect(data.documents).toEqual([]);
    expect(data.files).toEqual([]);
    expect(Object.keys(files)).toEqual(['data.json']);
    const text = strFromU8(files['data.json'] as Uint8Array);
    for (const id of firstIds) expect(text).not.toContain(id);
  });

  it('keeps the archive under exports/<user>/, gone with the account', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10), verified: true });
    await exportOf(c.idToken);
    expect(await exportKeys(c.userId)).toEqual([
      expect.stringMatching(new RegExp(`^exports/${c.userId}/.+\\.zip$`)),
    ]);
    const deleted = await api(url, `/api/admin/users/${c.userId}`, {
      token: await adminToken(url),
      method: 'DELETE',
      body: { confirmationEmail: c.email },
    });
    expect(deleted.status).toBe(204);
    expect(await exportKeys(c.userId)).toEqual([]);
  });

  it('refuses a request without a token, and an admin (no customer data to export)', async () => {
    expect((await api(url, '/api/me/export', { method: 'POST' })).status).toBe(401);
    expect((await api(url, '/api/me/export', { token: await adminToken(url), method: 'POST' })).status).toBe(
      403,
    );
  });
});
