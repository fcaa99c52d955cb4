// Documents with the store and S3 mocked and the clock pinned: the customer's uploads and
// onboarding's document step (refused while a deletion is pending), and the team's view,
// download, replacement and removal by document id.

import type { DocumentRecord } from '@shared/api';
import type { DocumentType } from '@shared/documents';
import { MAX_DOCUMENT_BYTES } from '@shared/documents';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { objectHead, presignDownload, presignUpload, readHead, removeObject } from '../adapters/storage';
import { pinClock } from '../lib/clock';
import { Conflict, Invalid, NotFound, TooLarge, Unauthenticated, ValidationFailed } from '../lib/errors';
import { completeAudit, recordAudit } from '../store/audit';
import {
  deleteDocumentRecord,
  findDocument,
  getDocument,
  listDocuments,
  saveDocument,
  setDocumentExpiry,
} from '../store/documents';
import type { StoredProfile } from '../store/entities';
import { getStoredProfile } from '../store/profile-state';
import { markOnboardingCompleted } from '../store/profiles';
import { claimTicket, getTicket, putTicket } from '../store/uploads';
import { readUserPartition, type UserPartition } from '../store/user-partition';
import {
  ADMIN,
  admin,
  customer,
  document,
  expectRefused,
  NOW,
  NOW_MS,
  NOW_SECONDS,
  profile,
  ticket,
  UPLOAD_ID,
  USER,
  uploadedBy,
} from '../test-fixtures';
import {
  completeOnboarding,
  confirmMyUpload,
  confirmReplacement,
  createMyUpload,
  createReplacement,
  deleteDocument,
  deleteMyDocument,
  documentDownload,
  listMyDocuments,
  listUserDocuments,
  updateDocumentExpiry,
  updateMyDocumentExpiry,
} from './documents';

const partitionWith = (stored: StoredProfile | null, documents: DocumentRecord[]): UserPartition => ({
  stored,
  documents,
  tasks: [],
  workflows: [],
  deletionRequest: null,
  deleting: false,
  reminders: null,
});

vi.mock('../store/documents');
vi.mock('../store/profile-state');
vi.mock('../store/profiles');
vi.mock('../store/uploads');
vi.mock('../store/user-partition');
vi.mock('../store/audit', async (original) => (await import('../test-mocks')).auditWritesMocked(original));
vi.mock('../adapters/storage', async (original) =>
  (await import('../test-mocks')).storageCallsMocked(original),
);

const pending = () => customer({ deletion_requested: true, deletion_requested_at: NOW });
const upload = { document_type: 'passport' as const, file_name: 'passport.pdf', file_size: 1000 };
const confirm = { upload_id: UPLOAD_ID, file_name: 'passport.pdf' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ACTOR = { id: ADMIN, email: 'admin@example.com' };

/** The order a document's removal takes its steps in: record, file, the audit record done. */
function removalOrder(): string[] {
  const order: string[] = [];
  vi.mocked(deleteDocumentRecord).mockImplementation(async () => {
    order.push('record');
  });
  vi.mocked(removeObject).mockImplementation(async (key) => {
    order.push(`file ${key}`);
  });
  vi.mocked(completeAudit).mockImplementation(async () => {
    order.push('done');
  });
  return order;
}

let unpin: () => void;
beforeEach(() => {
  vi.resetAllMocks();
  unpin = pinClock(NOW);
  vi.stubEnv('TABLE_NAME', 't');
  vi.mocked(presignUpload).mockResolvedValue('https://bucket.example/put');
  vi.mocked(presignDownload).mockResolvedValue('https://bucket.example/get');
  vi.mocked(putTicket).mockResolvedValue('created');
  vi.mocked(claimTicket).mockResolvedValue(true);
  vi.mocked(objectHead).mockResolvedValue({ size: 1000 });
  vi.mocked(readHead).mockResolvedValue(new Uint8Array(Buffer.from('%PDF-1.4')));
  vi.mocked(removeObject).mockResolvedValue(undefined);
  vi.mocked(saveDocument).mockResolvedValue(undefined);
  vi.mocked(getDocument).mockResolvedValue(null);
});
afterEach(() => {
  unpin();
  vi.unstubAllEnvs();
});

describe('while a deletion request is pending', () => {
  it('createMyUpload is refused before any ticket', async () => {
    await expectRefused(createMyUpload(pending(), upload), Conflict, 'actionsLockedByDeletion');
    expect(putTicket).not.toHaveBeenCalled();
    expect(presignUpload).not.toHaveBeenCalled();
  });

  it('confirmMyUpload is refused before reading the ticket', async () => {
    await expectRefused(confirmMyUpload(pending(), 'passport', confirm), Conflict, 'actionsLockedByDeletion');
    expect(getTicket).not.toHaveBeenCalled();
    expect(getDocument).not.toHaveBeenCalled();
    expect(saveDocument).not.toHaveBeenCalled();
  });

  it('completeOnboarding is refused, nothing updated', async () => {
    vi.mocked(listDocuments).mockResolvedValue([
      document({ document_type: 'passport' }),
      document({ document_type: 'employment_contract' }),
    ]);
    await expectRefused(completeOnboarding(pending()), Conflict, 'actionsLockedByDeletion');
    expect(markOnboardingCompleted).not.toHaveBeenCalled();
  });
});

describe('createMyUpload', () => {
  it('refuses a file over 10 MB', async () => {
    await expectRefused(
      createMyUpload(customer(), { ...upload, file_size: MAX_DOCUMENT_BYTES + 1 }),
      TooLarge,
      'fileTooLarge',
    );
    expect(putTicket).not.toHaveBeenCalled();
  });

  it("records a ticket for the caller's own document type and file, expiring a day after the pinned clock", async () => {
    const result = await createMyUpload(customer(), {
      document_type: 'rental_agreement',
      file_name: 'lease.docx',
      file_size: 1000,
    });
    const recorded = vi.mocked(putTicket).mock.calls[0]?.[0];
    expect(recorded).toEqual({
      upload_id: result.upload_id,
      user_id: USER,
      document_type: 'rental_agreement',
      document_id: null,
      file_name: 'lease.docx',
      key: `${USER}/${result.upload_id}.docx`,
      created_at: NOW,
      expires_at: NOW_SECONDS + 86_400,
      expires_on: null,
      title: null,
    });
    expect(result.headers).toEqual({
      'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
  });

  it("an account being deleted ('deleted') is unauthenticated", async () => {
    vi.mocked(putTicket).mockResolvedValue('deleted');
    await expectRefused(createMyUpload(customer(), upload), Unauthenticated, 'notAuthenticated');
    expect(presignUpload).not.toHaveBeenCalled();
  });
});

describe('confirmMyUpload', () => {
  it("confirms against the caller's current document of that type", async () => {
    const current = document();
    vi.mocked(getDocument).mockResolvedValue(current);
    vi.mocked(getTicket).mockResolvedValue(ticket());
    const record = await confirmMyUpload(customer(), 'passport', confirm);
    expect(getDocument).toHaveBeenCalledWith(USER, 'passport');
    expect(getTicket).toHaveBeenCalledWith(USER, UPLOAD_ID);
    expect(record).toMatchObject({ id: current.id, file_path: `${USER}/${UPLOAD_ID}.pdf`, uploaded_at: NOW });
    // A customer's own upload is recorded as theirs, done, in the record's transaction (no pending record first).
    expect(saveDocument).toHaveBeenCalledWith(record, current, ticket(), [], uploadedBy(record));
    expect(recordAudit).not.toHaveBeenCalled();
  });

  it('no ticket: Invalid noUploadedFile', async () => {
    vi.mocked(getTicket).mockResolvedValue(null);
    await expectRefused(confirmMyUpload(customer(), 'passport', confirm), Invalid, 'noUploadedFile');
    expect(saveDocument).not.toHaveBeenCalled();
  });

  it('a retried confirm of an upload already recorded returns the current record', async () => {
    const current = document({ file_path: `${USER}/${UPLOAD_ID}.pdf` });
    vi.mocked(getDocument).mockResolvedValue(current);
    vi.mocked(getTicket).mockResolvedValue(null);
    await expect(confirmMyUpload(customer(), 'passport', confirm)).resolves.toBe(current);
    expect(claimTicket).not.toHaveBeenCalled();
    expect(saveDocument).not.toHaveBeenCalled();
  });

  it.each<DocumentType>(['employment_contract', 'rental_agreement'])(
    'a passport ticket confirmed as %s: Invalid uploadMismatch',
    async (type) => {
      vi.mocked(getTicket).mockResolvedValue(ticket({ document_type: 'passport' }));
      await expectRefused(confirmMyUpload(customer(), type, confirm), Invalid, 'uploadMismatch');
      expect(claimTicket).not.toHaveBeenCalled();
    },
  );

  it('a ticket for another file name: Invalid uploadMismatch', async () => {
    vi.mocked(getTicket).mockResolvedValue(ticket());
    await expectRefused(
      confirmMyUpload(customer(), 'passport', { ...confirm, file_name: 'other.pdf' }),
      Invalid,
      'uploadMismatch',
    );
    expect(claimTicket).not.toHaveBeenCalled();
  });

  it('an expired ticket: Conflict uploadUnavailable', async () => {
    vi.mocked(getTicket).mockResolvedValue(ticket({ expires_at: NOW_SECONDS - 60 }));
    await expectRefused(confirmMyUpload(customer(), 'passport', confirm), Conflict, 'uploadUnavailable');
    expect(claimTicket).not.toHaveBeenCalled();
  });

  it('a claim lost to a parallel confirm: Conflict uploadUnavailable', async () => {
    vi.mocked(getTicket).mockResolvedValue(ticket());
    vi.mocked(claimTicket).mockResolvedValue(false);
    await expectRefused(confirmMyUpload(customer(), 'passport', confirm), Conflict, 'uploadUnavailable');
    expect(objectHead).not.toHaveBeenCalled();
  });
});

describe('completeOnboarding', () => {
  it.each([
    ['no documents', []],
    ['only a passport', ['passport']],
    ['only an employment contract', ['employment_contract']],
    ['a passport and a rental agreement', ['passport', 'rental_agreement']],
  ] as [string, DocumentType[]][])('with %s: Conflict requiredDocuments', async (_what, types) => {
    vi.mocked(listDocuments).mockResolvedValue(types.map((t) => document({ document_type: t })));
    await expectRefused(
      completeOnboarding(customer({ onboarding_completed: false })),
      Conflict,
      'requiredDocuments',
    );
    expect(listDocuments).toHaveBeenCalledWith(USER);
    expect(markOnboardingCompleted).not.toHaveBeenCalled();
  });

  it('with a passport and an employment contract: marks onboarding completed at the pinned time', async () => {
    vi.mocked(listDocuments).mockResolvedValue([
      document({ document_type: 'employment_contract' }),
      document({ document_type: 'passport' }),
    ]);
    const updated = profile({ onboarding_completed: true, updated_at: NOW });
    vi.mocked(markOnboardingCompleted).mockResolvedValue(updated);
    const caller = customer({ onboarding_completed: false });
    await expect(completeOnboarding(caller)).resolves.toBe(updated);
    expect(markOnboardingCompleted).toHaveBeenCalledWith(caller.profile, NOW);
  });
});

describe("the customer's and the team's lists", () => {
  it("listMyDocuments reads the caller's own documents", async () => {
    const docs = [document()];
    vi.mocked(listDocuments).mockResolvedValue(docs);
    await expect(listMyDocuments(customer())).resolves.toBe(docs);
    expect(listDocuments).toHaveBeenCalledWith(USER);
  });

  it.each([
    ['an admin', { profile: profile({ id: 'admin-1' }), role: 'admin' as const }],
    ['nobody', null],
  ])('listUserDocuments of %s: NotFound userNotFound', async (_what, stored) => {
    vi.mocked(readUserPartition).mockResolvedValue(partitionWith(stored, [document()]));
    await expectRefused(listUserDocuments('admin-1'), NotFound, 'userNotFound');
  });

  it("listUserDocuments of a customer lists that customer's documents newest first, from one read", async () => {
    const older = document({ id: 'd-old', uploaded_at: '2026-11-01T00:00:00.000Z' });
    const newer = document({ id: 'd-new', uploaded_at: '2026-11-20T00:00:00.000Z' });
    vi.mocked(readUserPartition).mockResolvedValue(
      partitionWith({ profile: profile(), role: 'customer' }, [older, newer]),
    );
    await expect(listUserDocuments(USER)).resolves.toEqual([newer, older]);
    expect(readUserPartition).toHaveBeenCalledTimes(1);
    expect(readUserPartition).toHaveBeenCalledWith(USER);
    expect(getStoredProfile).not.toHaveBeenCalled();
    expect(listDocuments).not.toHaveBeenCalled();
  });
});

describe('admin document operations by id', () => {
  it.each([
    ['documentDownload', () => documentDownload(admin(), 'doc-nope', 'inline')],
    ['createReplacement', () => createReplacement('doc-nope', { file_name: 'a.pdf', file_size: 10 })],
    [
      'confirmReplacement',
      () => confirmReplacement(admin(), 'doc-nope', { upload_id: String(NOW_MS), file_name: 'a.pdf' }),
    ],
    ['deleteDocument', () => deleteDocument(admin(), 'doc-nope')],
  ])('%s of an unknown document: NotFound documentNotFound, nothing else touched', async (_what, run) => {
    vi.mocked(findDocument).mockResolvedValue(null);
    await expectRefused(run(), NotFound, 'documentNotFound');
    expect(findDocument).toHaveBeenCalledWith('doc-nope');
    expect(presignDownload).not.toHaveBeenCalled();
    expect(putTicket).not.toHaveBeenCalled();
    expect(getTicket).not.toHaveBeenCalled();
    expect(deleteDocumentRecord).not.toHaveBeenCalled();
    expect(removeObject).not.toHaveBeenCalled();
    expect(recordAudit).not.toHaveBeenCalled();
  });

  it('documentDownload presigns the file for five minutes from the pinned clock', async () => {
    const doc = document({ file_name: 'Pass port.pdf' });
    vi.mocked(findDocument).mockResolvedValue(doc);
    await expect(documentDownload(admin(), doc.id, 'attachment')).resolves.toEqual({
      url: 'https://bucket.example/get',
      expires_at: new Date(NOW_MS + 300_000).toISOString(),
    });
    expect(presignDownload).toHaveBeenCalledWith(doc.file_path, doc.file_name, 'attachment', 300);
  });

  it.each([
    ['attachment', 'document_downloaded'],
    ['inline', 'document_viewed'],
  ] as const)(
    'documentDownload (%s) is recorded as %s, done, before the link is made',
    async (disposition, action) => {
      const doc = document({ id: 'doc-4', document_type: 'employment_contract' });
      vi.mocked(findDocument).mockResolvedValue(doc);
      await documentDownload(admin(), doc.id, disposition);
      expect(vi.mocked(recordAudit).mock.calls).toEqual([
        [
          {
            id: expect.stringMatching(UUID),
            at: NOW,
            userId: USER,
            actor: ACTOR,
            action,
            target: { document_type: 'employment_contract', document_id: 'doc-4' },
          },
          'done',
        ],
      ]);
      expect(vi.mocked(recordAudit).mock.invocationCallOrder[0]).toBeLessThan(
        vi.mocked(presignDownload).mock.invocationCallOrder[0] ?? 0,
      );
    },
  );

  it('documentDownload hands out no link when its record cannot be written', async () => {
    vi.mocked(findDocument).mockResolvedValue(document());
    vi.mocked(recordAudit).mockRejectedValue(new Error('throttled'));
    await expect(documentDownload(admin(), 'doc-1', 'inline')).rejects.toThrow('throttled');
    expect(presignDownload).not.toHaveBeenCalled();
  });

  it("createReplacement issues a ticket bound to the document, named by the pinned clock's timestamp", async () => {
    const doc = document({ id: 'doc-7', document_type: 'employment_contract' });
    vi.mocked(findDocument).mockResolvedValue(doc);
    vi.mocked(putTicket).mockResolvedValueOnce('exists').mockResolvedValue('created');
    const result = await createReplacement(doc.id, { file_name: 'new.png', file_size: 10 });
    expect(vi.mocked(putTicket).mock.calls.map(([t]) => t.upload_id)).toEqual([
      String(NOW_MS),
      String(NOW_MS + 1),
    ]);
    expect(vi.mocked(putTicket).mock.calls[1]?.[0]).toMatchObject({
      document_id: 'doc-7',
      document_type: 'employment_contract',
      key: `${USER}/employment_contract_${NOW_MS + 1}.png`,
      expires_at: NOW_SECONDS + 86_400,
    });
    expect(result.upload_id).toBe(String(NOW_MS + 1));
  });

  it('createReplacement refuses a file over 10 MB', async () => {
    vi.mocked(findDocument).mockResolvedValue(document());
    await expectRefused(
      createReplacement('doc-1', { file_name: 'a.pdf', file_size: MAX_DOCUMENT_BYTES + 1 }),
      TooLarge,
      'fileTooLarge',
    );
    expect(putTicket).not.toHaveBeenCalled();
  });

  it("confirmReplacement refuses a customer's ticket of the same type (another document), recording nothing", async () => {
    vi.mocked(findDocument).mockResolvedValue(document());
    vi.mocked(getTicket).mockResolvedValue(ticket({ document_id: null }));
    await expectRefused(
      confirmReplacement(admin(), 'doc-1', { upload_id: UPLOAD_ID, file_name: 'passport.pdf' }),
      Invalid,
      'uploadMismatch',
    );
    expect(saveDocument).not.toHaveBeenCalled();
    expect(recordAudit).not.toHaveBeenCalled();
  });

  it('confirmReplacement replaces the file of that document: recorded pending before its S3 steps, done with the record', async () => {
    const doc = document();
    const replacement = ticket({
      upload_id: String(NOW_MS),
      document_id: doc.id,
      file_name: 'new passport.pdf',
      key: `${USER}/passport_${NOW_MS}.pdf`,
    });
    vi.mocked(findDocument).mockResolvedValue(doc);
    vi.mocked(getTicket).mockResolvedValue(replacement);
    const record = await confirmReplacement(admin(), doc.id, {
      upload_id: String(NOW_MS),
      file_name: 'new passport.pdf',
    });
    expect(getTicket).toHaveBeenCalledWith(USER, String(NOW_MS));
    expect(record).toMatchObject({ id: doc.id, file_path: replacement.key });

    expect(vi.mocked(recordAudit).mock.calls).toEqual([
      [
        {
          id: expect.stringMatching(UUID),
          at: NOW,
          userId: USER,
          actor: ACTOR,
          action: 'document_replaced',
          target: { document_type: 'passport', document_id: doc.id },
          changes: [{ field: 'file_name', before: 'passport.pdf', after: 'new passport.pdf' }],
        },
        'pending',
      ],
    ]);
    expect(vi.mocked(recordAudit).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(objectHead).mock.invocationCallOrder[0] ?? 0,
    );
    const id = vi.mocked(recordAudit).mock.calls[0]?.[0].id;
    // Its completion is written with the new record, in one transaction.
    expect(saveDocument).toHaveBeenCalledWith(
      record,
      doc,
      replacement,
      [
        {
          Put: {
            TableName: 't',
            Item: { PK: `AUDIT#${USER}`, SK: `DONE#${id}`, id, user_id: USER, at: NOW },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      ],
      // An admin's replacement is no record of the customer's.
      undefined,
    );
    expect(completeAudit).not.toHaveBeenCalled();
  });

  it('deleteDocument removes the record (with its count, recorded pending), then the file, then marks the record done', async () => {
    const doc = document({ document_type: 'rental_agreement', id: 'doc-9' });
    vi.mocked(findDocument).mockResolvedValue(doc);
    const order = removalOrder();
    await deleteDocument(admin(), doc.id);
    const audit = {
      id: expect.stringMatching(UUID),
      at: NOW,
      userId: USER,
      actor: ACTOR,
      action: 'document_deleted',
      target: { document_type: 'rental_agreement', document_id: 'doc-9' },
      // The file's name is the customer's: only that it went is kept, not the name.
      fields: ['file_name'],
    };
    expect(deleteDocumentRecord).toHaveBeenCalledWith(doc, audit);
    expect(order).toEqual(['record', `file ${doc.file_path}`, 'done']);
    expect(vi.mocked(completeAudit).mock.calls).toEqual([
      [vi.mocked(deleteDocumentRecord).mock.calls[0]?.[1], NOW],
    ]);
    expect(recordAudit).not.toHaveBeenCalled();
  });

  it('deleteDocument keeps the file when the record changed meanwhile', async () => {
    vi.mocked(findDocument).mockResolvedValue(document());
    vi.mocked(deleteDocumentRecord).mockRejectedValue(new Conflict('documentChanged'));
    await expectRefused(deleteDocument(admin(), 'doc-1'), Conflict, 'documentChanged');
    expect(removeObject).not.toHaveBeenCalled();
    expect(completeAudit).not.toHaveBeenCalled();
  });

  it('deleteDocument with S3 failing: the record is gone, its audit record stays pending', async () => {
    vi.mocked(findDocument).mockResolvedValue(document());
    vi.mocked(removeObject).mockRejectedValue(new Error('S3 down'));
    await expect(deleteDocument(admin(), 'doc-1')).rejects.toThrow('S3 down');
    expect(deleteDocumentRecord).toHaveBeenCalledOnce();
    expect(completeAudit).not.toHaveBeenCalled();
  });
});

describe('documents with an expiry date or a title', () => {
  it('createMyUpload records the expiry date and title on the ticket; the confirm puts them on the document', async () => {
    await createMyUpload(customer(), {
      document_type: 'other',
      file_name: 'letter.pdf',
      file_size: 1000,
      title: 'Kita letter',
      expires_on: null,
    });
    expect(vi.mocked(putTicket).mock.calls[0]?.[0]).toMatchObject({ expires_on: null, title: 'Kita letter' });

    vi.mocked(getTicket).mockResolvedValue(
      ticket({ document_type: 'national_visa', expires_on: '2027-05-01', title: null }),
    );
    const record = await confirmMyUpload(customer(), 'national_visa', confirm);
    expect(record).toMatchObject({ document_type: 'national_visa', expires_on: '2027-05-01', title: null });
  });

  it('an upload of `other` is a new document each time: no current one is read by type', async () => {
    vi.mocked(listDocuments).mockResolvedValue([document({ id: 'other-1', document_type: 'other' })]);
    vi.mocked(getTicket).mockResolvedValue(ticket({ document_type: 'other', title: 'A', expires_on: null }));
    const record = await confirmMyUpload(customer(), 'other', confirm);
    expect(getDocument).not.toHaveBeenCalled();
    expect(record.id).not.toBe('other-1');
    expect(saveDocument).toHaveBeenCalledWith(record, null, expect.anything(), [], uploadedBy(record));
  });

  it('a retried confirm of an `other` already recorded returns that document', async () => {
    const done = document({ id: 'other-2', document_type: 'other', file_path: `${USER}/${UPLOAD_ID}.pdf` });
    vi.mocked(listDocuments).mockResolvedValue([document({ id: 'other-1', document_type: 'other' }), done]);
    vi.mocked(getTicket).mockResolvedValue(null);
    await expect(confirmMyUpload(customer(), 'other', confirm)).resolves.toBe(done);
    expect(saveDocument).not.toHaveBeenCalled();
  });

  describe('replacing one `other` document by id', () => {
    const kept = document({
      id: 'other-1',
      document_type: 'other',
      title: 'Kita letter',
      file_path: `${USER}/old-other.pdf`,
    });
    const request = { document_type: 'other' as const, file_name: 'n.pdf', file_size: 1000 };

    it('the ticket names the document; a title left out is not on it (the old one stays)', async () => {
      vi.mocked(findDocument).mockResolvedValue(kept);
      await createMyUpload(customer(), { ...request, replaces: 'other-1' });
      const issued = vi.mocked(putTicket).mock.calls[0]?.[0];
      expect(issued).toMatchObject({ document_id: 'other-1', document_type: 'other', expires_on: null });
      expect(issued).not.toHaveProperty('title');
      await createMyUpload(customer(), { ...request, replaces: 'other-1', title: 'New title' });
      expect(vi.mocked(putTicket).mock.calls[1]?.[0]).toMatchObject({ title: 'New title' });
    });

    it.each([
      ['unknown', null, NotFound, 'documentNotFound'],
      [
        "another customer's",
        document({ id: 'other-1', document_type: 'other', user_id: 'x' }),
        NotFound,
        'documentNotFound',
      ],
      [
        'of another type',
        document({ id: 'other-1', document_type: 'degree' }),
        Conflict,
        'notAnOtherDocument',
      ],
    ] as const)('an %s document is refused, before any ticket', async (_what, found, kind, reason) => {
      vi.mocked(findDocument).mockResolvedValue(found);
      await expectRefused(createMyUpload(customer(), { ...request, replaces: 'other-1' }), kind, reason);
      expect(putTicket).not.toHaveBeenCalled();
    });

    it('the confirm writes over that document (same id, its title kept), then removes its old file', async () => {
      vi.mocked(findDocument).mockResolvedValue(kept);
      vi.mocked(getTicket).mockResolvedValue(
        ticket({ document_type: 'other', document_id: 'other-1', file_name: 'n.pdf', expires_on: null }),
      );
      const order: string[] = [];
      vi.mocked(saveDocument).mockImplementation(async () => {
        order.push('record');
      });
      vi.mocked(removeObject).mockImplementation(async (key) => {
        order.push(`file ${key}`);
      });
      const record = await confirmMyUpload(customer(), 'other', { upload_id: UPLOAD_ID, file_name: 'n.pdf' });
      expect(record).toMatchObject({
        id: 'other-1',
        title: 'Kita letter',
        file_name: 'n.pdf',
        file_path: `${USER}/${UPLOAD_ID}.pdf`,
      });
      expect(saveDocument).toHaveBeenCalledWith(record, kept, expect.anything(), [], uploadedBy(record));
      expect(listDocuments).not.toHaveBeenCalled();
      expect(order).toEqual(['record', `file incoming/${USER}/${UPLOAD_ID}.pdf`, `file ${kept.file_path}`]);
    });

    it('a document deleted since its ticket is not written again: the confirm is refused', async () => {
      vi.mocked(findDocument).mockResolvedValue(null);
      vi.mocked(getTicket).mockResolvedValue(
        ticket({ document_type: 'other', document_id: 'other-1', file_name: 'n.pdf', expires_on: null }),
      );
      await expectRefused(
        confirmMyUpload(customer(), 'other', { upload_id: UPLOAD_ID, file_name: 'n.pdf' }),
        NotFound,
        'documentNotFound',
      );
      expect(saveDocument).not.toHaveBeenCalled();
      expect(claimTicket).not.toHaveBeenCalled();
    });
  });

  it("an admin's replacement keeps the document's expiry date and title", async () => {
    const doc = document({ document_type: 'other', title: 'Kita letter', expires_on: null });
    vi.mocked(findDocument).mockResolvedValue(doc);
    vi.mocked(getTicket).mockResolvedValue(
      ticket({ upload_id: String(NOW_MS), document_id: doc.id, document_type: 'other', file_name: 'n.pdf' }),
    );
    const record = await confirmReplacement(admin(), doc.id, {
      upload_id: String(NOW_MS),
      file_name: 'n.pdf',
    });
    expect(record).toMatchObject({ id: doc.id, title: 'Kita letter', expires_on: null });
  });

  it.each([
    ['deleteMyDocument', () => deleteMyDocument(customer(), 'doc-x')],
    [
      'updateMyDocumentExpiry',
      () => updateMyDocumentExpiry(customer(), 'doc-x', { expires_on: '2030-01-01' }),
    ],
  ])("%s of another customer's document: NotFound documentNotFound, nothing touched", async (_what, run) => {
    vi.mocked(findDocument).mockResolvedValue(document({ id: 'doc-x', user_id: 'someone-else' }));
    await expectRefused(run(), NotFound, 'documentNotFound');
    expect(deleteDocumentRecord).not.toHaveBeenCalled();
    expect(setDocumentExpiry).not.toHaveBeenCalled();
    expect(removeObject).not.toHaveBeenCalled();
  });

  it("deleteMyDocument removes the record (with its count and the customer's record of it, pending), then the file; the record done", async () => {
    const doc = document({ id: 'doc-5', document_type: 'other' });
    vi.mocked(findDocument).mockResolvedValue(doc);
    const order = removalOrder();
    await deleteMyDocument(customer(), 'doc-5');
    const own = {
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      at: NOW,
      userId: USER,
      actor: { id: USER, email: '' },
      by: 'customer',
      action: 'document_deleted',
      target: { document_type: 'other', document_id: 'doc-5' },
      fields: ['file_name'],
    };
    expect(deleteDocumentRecord).toHaveBeenCalledWith(doc, own);
    expect(order).toEqual(['record', `file ${doc.file_path}`, 'done']);
    expect(completeAudit).toHaveBeenCalledWith(own, NOW);
  });

  it('deleteMyDocument and updateMyDocumentExpiry are refused while a deletion request is pending', async () => {
    await expectRefused(deleteMyDocument(pending(), 'doc-1'), Conflict, 'actionsLockedByDeletion');
    await expectRefused(
      updateMyDocumentExpiry(pending(), 'doc-1', { expires_on: null }),
      Conflict,
      'actionsLockedByDeletion',
    );
    expect(findDocument).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a type without an expiry, given a date',
      'employment_contract',
      '2030-01-01',
      'validation.expiryNotAllowed',
    ],
    ['a required expiry, cleared', 'residence_permit', null, 'validation.expiryRequired'],
  ] as const)(
    'updateMyDocumentExpiry of %s: ValidationFailed, nothing written',
    async (_w, type, date, key) => {
      vi.mocked(findDocument).mockResolvedValue(document({ document_type: type }));
      const refusal = updateMyDocumentExpiry(customer(), 'doc-1', { expires_on: date });
      await expect(refusal).rejects.toBeInstanceOf(ValidationFailed);
      await expect(refusal).rejects.toMatchObject({ fields: { expires_on: key } });
      expect(setDocumentExpiry).not.toHaveBeenCalled();
    },
  );

  it("updateMyDocumentExpiry clears a passport's optional date, unrecorded", async () => {
    const doc = document({ expires_on: '2031-02-03' });
    vi.mocked(findDocument).mockResolvedValue(doc);
    await expect(updateMyDocumentExpiry(customer(), doc.id, { expires_on: null })).resolves.toEqual({
      ...doc,
      expires_on: null,
    });
    expect(setDocumentExpiry).toHaveBeenCalledWith(doc, null, undefined);
  });

  it('updateDocumentExpiry (admin) writes the date with its audit record: before and after', async () => {
    const doc = document({ id: 'doc-3', document_type: 'national_visa', expires_on: '2027-01-01' });
    vi.mocked(findDocument).mockResolvedValue(doc);
    const record = await updateDocumentExpiry(admin(), 'doc-3', { expires_on: '2027-06-30' });
    expect(record.expires_on).toBe('2027-06-30');
    expect(setDocumentExpiry).toHaveBeenCalledWith(doc, '2027-06-30', {
      id: expect.stringMatching(UUID),
      at: NOW,
      userId: USER,
      actor: ACTOR,
      action: 'document_expiry_changed',
      target: { document_type: 'national_visa', document_id: 'doc-3' },
      changes: [{ field: 'expires_on', before: '2027-01-01', after: '2027-06-30' }],
    });
  });

  it('an unchanged date writes nothing', async () => {
    const doc = document({ expires_on: '2030-01-01' });
    vi.mocked(findDocument).mockResolvedValue(doc);
    await expect(updateDocumentExpiry(admin(), doc.id, { expires_on: '2030-01-01' })).resolves.toBe(doc);
    expect(setDocumentExpiry).not.toHaveBeenCalled();
  });
});
