// The data export with the store and S3 mocked and the clock pinned: every item of the
// partition (also kinds nobody declared), no key attribute, every file of the customer's
// folder under a safe name, the archive stored under exports/ and a short-lived link.

import { COMPANY_SHARED_FIELDS, COMPANY_SHARED_FIELDS_VERSION } from '@shared/company-sharing';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listObjects, presignDownload, putObject, readObject } from '../adapters/storage';
import { pinClock } from '../lib/clock';
import { batchGet, queryAll, queryPage } from '../store/client';
import {
  auditDetails,
  auditFacts,
  companyCardEntries,
  companyLinks,
  companyViewMarkers,
  deletionRequests,
  documents,
  type Item,
  messages,
  profiles,
  tasks,
  uploadTickets,
  userPartitionKey,
  workflows,
} from '../store/entities';
import {
  customer,
  deletionRequest,
  document,
  NOW,
  NOW_MS,
  OTHER_USER,
  profile,
  task,
  ticket,
  USER,
  workflow,
} from '../test-fixtures';
import { DATA_FILE, type DataExport, EXPORT_LINK_SECONDS, exportMyData } from './data-export';

vi.mock('../store/client');
vi.mock('../adapters/storage', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../adapters/storage')>()),
  listObjects: vi.fn(),
  readObject: vi.fn(),
  putObject: vi.fn(),
  presignDownload: vi.fn(),
}));

const KEYS = ['PK', 'SK', 'GSI1PK', 'GSI1SK'];
const passport = document({ id: 'doc-1', document_type: 'passport', file_name: 'my passport.pdf' });
const contract = document({
  id: 'doc-2',
  document_type: 'employment_contract',
  file_name: '../../etc/passwd.pdf',
  file_path: `${USER}/employment_contract_20261101.pdf`,
});
const pendingProfile = profile({ deletion_requested: true, deletion_requested_at: NOW });
const deletion = deletionRequest({ requested_at: NOW, reason: 'Moving on' });
/** An item of a kind added after this export was written. */
const unknown: Item = {
  PK: userPartitionKey(USER),
  SK: 'MAIL#2026-11-20#m1',
  subject: 'Welcome',
  to: 'a@b.c',
};

const partition: Item[] = [
  profiles.toItem({ profile: pendingProfile, role: 'customer' }),
  documents.toItem(passport),
  documents.toItem(contract),
  tasks.toItem(task('work_visa', { status: 'completed', notes: 'done' })),
  tasks.toItem(task('health_insurance', { status: 'in_progress' })),
  workflows.toItem(workflow()),
  deletionRequests.toItem(deletion),
  uploadTickets.toItem(ticket()),
  unknown,
];
const bytes: Record<string, Uint8Array> = {
  [passport.file_path]: new Uint8Array(Buffer.from('%PDF-passport')),
  [contract.file_path]: new Uint8Array(Buffer.from('%PDF-contract')),
  [`${USER}/stray.png`]: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
};

/** The archive the service stored, unzipped. */
function storedArchive() {
  const [key, body, type] = vi.mocked(putObject).mock.calls[0] ?? [];
  const files = unzipSync(body as Uint8Array);
  const data = JSON.parse(strFromU8(files[DATA_FILE] as Uint8Array)) as DataExport;
  return { key, type, files, data };
}

let unpin: () => void;
beforeEach(() => {
  vi.resetAllMocks();
  unpin = pinClock(NOW);
  vi.mocked(queryAll).mockResolvedValue(partition);
  // No audit records unless a test stores some.
  vi.mocked(queryPage).mockResolvedValue({ items: [], nextCursor: null });
  vi.mocked(batchGet).mockResolvedValue([]);
  vi.mocked(listObjects).mockResolvedValue(
    Object.entries(bytes).map(([key, b]) => ({ key, size: b.length })),
  );
  vi.mocked(readObject).mockImplementation(async (key) => bytes[key] ?? new Uint8Array());
  vi.mocked(putObject).mockResolvedValue(undefined);
  vi.mocked(presignDownload).mockResolvedValue('https://bucket.example/export');
});
afterEach(() => unpin());

describe('exportMyData', () => {
  it('reads the whole partition strongly consistent and only the caller’s folder', async () => {
    await exportMyData(customer());
    expect(queryAll).toHaveBeenCalledWith({ partition: `USER#${USER}`, consistent: true });
    expect(listObjects).toHaveBeenCalledWith(`${USER}/`);
    expect(
      vi
        .mocked(readObject)
        .mock.calls.map(([key]) => key)
        .sort(),
    ).toEqual(Object.keys(bytes).sort());
  });

  it('holds every item of the partition, grouped by kind, without key attributes', async () => {
    await exportMyData(customer());
    const { data } = storedArchive();
    expect(data.exported_at).toBe(NOW);
    expect(data.user_id).toBe(USER);
    expect(data.profile).toEqual({ ...pendingProfile, role: 'customer' });
    expect(data.documents).toEqual([passport, contract]);
    expect(data.tasks.map((t) => t.task_template_id)).toEqual(['work_visa', 'health_insurance']);
    expect(data.tasks[0]).toMatchObject({ status: 'completed', notes: 'done' });
    expect(data.service_requests).toEqual([workflow()]);
    expect(data.deletion_requests).toEqual([deletion]);
    expect(data.other).toEqual([
      { kind: 'UPLOAD', attributes: ticket() },
      { kind: 'MAIL', attributes: { subject: 'Welcome', to: 'a@b.c' } },
    ]);
    const exported = [
      data.profile,
      ...data.documents,
      ...data.tasks,
      ...data.service_requests,
      ...data.deletion_requests,
      ...data.other.map((o) => o.attributes),
    ];
    expect(exported).toHaveLength(partition.length);
    for (const item of exported) for (const key of KEYS) expect(item).not.toHaveProperty(key);
  });

  it('adds every file byte for byte, documents by type and a safe file name', async () => {
    await exportMyData(customer());
    const { files, data } = storedArchive();
    expect(Object.keys(files).sort()).toEqual(
      [
        DATA_FILE,
        'documents/employment_contract/__.._etc_passwd.pdf',
        'documents/passport/my passport.pdf',
        'documents/stray.png',
      ].sort(),
    );
    for (const file of data.files) {
      expect(files[file.archive_path]).toEqual(bytes[file.key]);
      expect(file.size).toBe(bytes[file.key]?.length);
    }
    expect(data.files.map((f) => f.key).sort()).toEqual(Object.keys(bytes).sort());
    // No archive path leaves the archive's folder when unzipped.
    for (const name of Object.keys(files)) {
      expect(name.split('/')).not.toContain('..');
      expect(name.startsWith('/')).toBe(false);
    }
  });

  it('never lets two files share a name', async () => {
    // Files without a record whose keys read the same once made safe.
    vi.mocked(queryAll).mockResolvedValue([documents.toItem({ ...passport, file_name: 'x' })]);
    vi.mocked(listObjects).mockResolvedValue([
      { key: `${USER}/passport_x`, size: 1 },
      { key: `${USER}/passport/x`, size: 1 },
      { key: passport.file_path, size: 1 },
    ]);
    await exportMyData(customer());
    const { files, data } = storedArchive();
    expect(data.files.map((f) => f.archive_path)).toEqual([
      'documents/passport_x',
      'documents/2-passport_x',
      'documents/passport/x',
    ]);
    expect(Object.keys(files)).toHaveLength(4);
  });

  it('exports several documents of type other with their titles, each file under its own name', async () => {
    const letter = (id: string, title: string) =>
      document({ id, document_type: 'other', title, file_name: 'scan.pdf', file_path: `${USER}/${id}.pdf` });
    const visa = document({ id: 'v', document_type: 'national_visa', expires_on: '2027-03-01' });
    const items = [letter('o-1', 'Kita letter'), letter('o-2', 'Bank letter'), visa];
    vi.mocked(queryAll).mockResolvedValue(items.map((d) => documents.toItem(d)));
    vi.mocked(listObjects).mockResolvedValue([
      { key: `${USER}/o-1.pdf`, size: 1 },
      { key: `${USER}/o-2.pdf`, size: 1 },
    ]);
    await exportMyData(customer());
    const { data } = storedArchive();
    expect(data.documents).toEqual(items);
    expect(data.files.map((f) => f.archive_path)).toEqual([
      'documents/other/scan.pdf',
      'documents/2-o-2.pdf',
    ]);
  });

  it('stores the archive under exports/ and links it for five minutes as an attachment', async () => {
    const link = await exportMyData(customer());
    const { key, type } = storedArchive();
    expect(key).toMatch(new RegExp(`^exports/${USER}/[0-9a-f-]{36}\\.zip$`));
    expect(type).toBe('application/zip');
    expect(presignDownload).toHaveBeenCalledWith(
      key,
      'relocate-germany-data-2026-11-23.zip',
      'attachment',
      EXPORT_LINK_SECONDS,
    );
    expect(EXPORT_LINK_SECONDS).toBe(300);
    expect(link).toEqual({
      url: 'https://bucket.example/export',
      expires_at: new Date(NOW_MS + 300_000).toISOString(),
    });
  });

  it('names the file by the German calendar date', async () => {
    unpin();
    unpin = pinClock('2026-12-31T23:30:00.000Z');
    await exportMyData(customer());
    expect(vi.mocked(presignDownload).mock.calls[0]?.[1]).toBe('relocate-germany-data-2027-01-01.zip');
  });

  it('works while a deletion request is pending (right of access)', async () => {
    const link = await exportMyData(customer({ deletion_requested: true, deletion_requested_at: NOW }));
    expect(link.url).toBe('https://bucket.example/export');
    expect(putObject).toHaveBeenCalledTimes(1);
  });

  it('exports a customer with nothing but a profile: no files, empty groups', async () => {
    const other = customer({ id: OTHER_USER });
    vi.mocked(queryAll).mockResolvedValue([profiles.toItem({ profile: other.profile, role: 'customer' })]);
    vi.mocked(listObjects).mockResolvedValue([]);
    await exportMyData(other);
    const { files, data, key } = storedArchive();
    expect(key).toMatch(new RegExp(`^exports/${OTHER_USER}/`));
    expect(Object.keys(files)).toEqual([DATA_FILE]);
    expect(data).toMatchObject({
      tasks: [],
      service_requests: [],
      deletion_requests: [],
      documents: [],
      company: null,
      other: [],
      files: [],
    });
  });

  it('holds the company link with the consent, its date and what it covered; the company cards and view markers are left out', async () => {
    const link = {
      user_id: USER,
      company_id: 'co-1',
      row_id: 'row-1',
      company_name: 'Acme GmbH',
      status: 'sharing' as const,
      invited_at: '2026-11-01T09:00:00.000Z',
      consented_at: NOW,
      declined_at: null,
      stopped_at: null,
      shared_fields: [...COMPANY_SHARED_FIELDS],
      shared_fields_version: COMPANY_SHARED_FIELDS_VERSION,
    };
    vi.mocked(queryAll).mockResolvedValue([
      profiles.toItem({
        profile: profile(),
        role: 'customer',
        sharing: { company_id: 'co-1', row_id: 'row-1' },
      }),
      companyLinks.toItem(link),
      companyCardEntries.toItem({ user_id: USER, company_id: 'co-1', row_id: 'row-1', card: 'onboarding' }),
      companyViewMarkers.toItem({
        user_id: USER,
        viewer_id: 'hr-1',
        day: '2026-11-20',
        expires_at: NOW_MS / 1000,
      }),
    ]);
    await exportMyData(customer());
    const { data } = storedArchive();
    // The link as stored, but for the company's and row's ids (ours, not the customer's).
    const { user_id: _user, company_id: _company, row_id: _row, ...exported } = link;
    expect(data.company).toEqual(exported);
    expect(data.other).toEqual([]);
  });

  it('fails without storing or linking anything when a file cannot be read', async () => {
    vi.mocked(readObject).mockRejectedValue(new Error('S3 down'));
    await expect(exportMyData(customer())).rejects.toThrow('S3 down');
    expect(putObject).not.toHaveBeenCalled();
    expect(presignDownload).not.toHaveBeenCalled();
  });

  it('holds the conversation (without which admin wrote) and the activity with its values and notes, not who acted', async () => {
    const fromTeam = {
      id: 'm-1',
      user_id: USER,
      author: 'team' as const,
      author_id: 'admin-1',
      author_email: 'admin@example.com',
      text: 'Your appointment is on Monday',
      workflow_id: null,
      created_at: NOW,
    };
    const edited = {
      id: 'a-1',
      user_id: USER,
      at: NOW,
      action: 'profile_edited' as const,
      actor_id: 'admin-1',
      actor_email: 'admin@example.com',
      target: null,
      fields: ['last_name'],
      outcome: 'done' as const,
      has_details: true,
    };
    const editedDetails = {
      id: 'a-1',
      user_id: USER,
      changes: [{ field: 'last_name', before: 'Lovelace', after: 'Byron' }],
      note: 'asked by phone',
      team_note: null,
    };
    vi.mocked(queryAll).mockResolvedValue([
      profiles.toItem({ profile: pendingProfile, role: 'customer' }),
      messages.toItem(fromTeam),
      auditDetails.toItem(editedDetails),
    ]);
    vi.mocked(queryPage).mockImplementation(async (target) => ({
      items: target.partition === `AUDIT#${USER}` ? [auditFacts.toItem(edited)] : [],
      nextCursor: null,
    }));
    vi.mocked(batchGet).mockResolvedValue([auditDetails.toItem(editedDetails)]);
    await exportMyData(customer());
    const { data } = storedArchive();
    expect(data.messages).toEqual([
      {
        id: 'm-1',
        user_id: USER,
        author: 'team',
        text: 'Your appointment is on Monday',
        workflow_id: null,
        created_at: NOW,
      },
    ]);
    expect(data.activity).toEqual([
      {
        id: 'a-1',
        at: NOW,
        action: 'profile_edited',
        by: 'team',
        actor: null,
        target: null,
        fields: ['last_name'],
        changes: editedDetails.changes,
        note: 'asked by phone',
        team_note: null,
        status: 'done',
      },
    ]);
    // The details are in the activity, not again among the other items.
    expect(data.other).toEqual([]);
    expect(JSON.stringify(data)).not.toContain('admin@example.com');
  });

  it('leaves out a file replaced since the listing (gone from S3), and exports the rest', async () => {
    vi.mocked(readObject).mockImplementation(async (key) => {
      if (key === passport.file_path) throw Object.assign(new Error('gone'), { name: 'NoSuchKey' });
      return bytes[key] ?? new Uint8Array();
    });
    await exportMyData(customer());
    const { data } = storedArchive();
    expect(data.files.map((f) => f.key)).toEqual([contract.file_path, `${USER}/stray.png`]);
  });
});
