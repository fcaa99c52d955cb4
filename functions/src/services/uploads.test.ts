// Upload tickets with the store and S3 mocked and the clock pinned: how an upload is issued
// (size limit, the ticket's key and expiry, a taken id, a deleted account) and how it becomes
// a document exactly once (every refusal of the confirm step and what it cleans up).

import type { DocumentRecord } from '@shared/api';
import { MAX_DOCUMENT_BYTES } from '@shared/documents';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { awaitScan } from '../adapters/malware-scan';
import { copyObject, objectHead, presignUpload, readHead, removeObject } from '../adapters/storage';
import { pinClock } from '../lib/clock';
import { Conflict, Invalid, TooLarge, Unauthenticated } from '../lib/errors';
import { type Audit, completeAudit, recordAudit } from '../store/audit';
import { saveDocument } from '../store/documents';
import type { UploadTicketRecord } from '../store/entities';
import { claimTicket, deleteTicket, getTicket, putTicket, releaseTicket } from '../store/uploads';
import {
  captureOutput,
  document,
  expectRefused,
  NOW,
  NOW_MS,
  NOW_SECONDS,
  rejectionOf,
  ticket,
  UPLOAD_ID,
  USER,
  uploadedBy,
} from '../test-fixtures';
import { confirmUpload, customerUpload, issueUpload, replacementUpload } from './uploads';

let output: ReturnType<typeof captureOutput>;

vi.mock('../store/uploads');
vi.mock('../adapters/malware-scan', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../adapters/malware-scan')>()),
  awaitScan: vi.fn(),
}));
vi.mock('../store/documents');
vi.mock('../store/audit', async (original) => (await import('../test-mocks')).auditWritesMocked(original));
vi.mock('../adapters/storage', async (original) =>
  (await import('../test-mocks')).storageCallsMocked(original),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const DAY = 24 * 60 * 60;
const PDF = new Uint8Array(Buffer.from('%PDF-1.7\n'));
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let unpin: () => void;
beforeEach(() => {
  vi.resetAllMocks();
  unpin = pinClock(NOW);
  vi.stubEnv('TABLE_NAME', 't');
  vi.mocked(presignUpload).mockResolvedValue('https://bucket.example/presigned');
  vi.mocked(putTicket).mockResolvedValue('created');
  vi.mocked(claimTicket).mockResolvedValue(true);
  vi.mocked(awaitScan).mockResolvedValue('clean');
  vi.mocked(objectHead).mockResolvedValue({ size: 2048 });
  vi.mocked(readHead).mockResolvedValue(PDF);
  vi.mocked(copyObject).mockResolvedValue(undefined);
  vi.mocked(removeObject).mockResolvedValue(undefined);
  vi.mocked(saveDocument).mockResolvedValue(undefined);
  vi.mocked(deleteTicket).mockResolvedValue(undefined);
  vi.mocked(releaseTicket).mockResolvedValue(undefined);
  output = captureOutput();
  output.counted(); // nothing left over from another test
});
afterEach(() => {
  unpin();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

const tickets = () => vi.mocked(putTicket).mock.calls.map(([t]) => t);

describe('issueUpload', () => {
  it('refuses a file over the limit before anything is recorded', async () => {
    await expectRefused(
      issueUpload(customerUpload(USER, 'passport'), {
        file_name: 'p.pdf',
        file_size: MAX_DOCUMENT_BYTES + 1,
      }),
      TooLarge,
      'fileTooLarge',
    );
    expect(putTicket).not.toHaveBeenCalled();
    expect(presignUpload).not.toHaveBeenCalled();
  });

  it('accepts a file of exactly the limit', async () => {
    await issueUpload(customerUpload(USER, 'passport'), {
      file_name: 'p.pdf',
      file_size: MAX_DOCUMENT_BYTES,
    });
    expect(putTicket).toHaveBeenCalledOnce();
  });

  it("records a customer's ticket: random id, final key {user}/{id}.{ext}, one day from the pinned clock", async () => {
    const result = await issueUpload(customerUpload(USER, 'employment_contract'), {
      file_name: 'Contract.PDF',
      file_size: 5000,
    });
    const [recorded] = tickets();
    expect(recorded).toEqual({
      upload_id: expect.stringMatching(UUID),
      user_id: USER,
      document_type: 'employment_contract',
      document_id: null,
      file_name: 'Contract.PDF',
      key: `${USER}/${recorded?.upload_id}.pdf`,
      created_at: NOW,
      expires_at: NOW_SECONDS + DAY,
    });
    expect(presignUpload).toHaveBeenCalledWith(`incoming/${recorded?.key}`, 'application/pdf', 5000);
    expect(result).toEqual({
      upload_id: recorded?.upload_id,
      url: 'https://bucket.example/presigned',
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      expires_at: new Date(NOW_MS + 300_000).toISOString(),
    });
  });

  it("records an admin's replacement: the timestamp id, key {user}/{type}_{timestamp}.{ext}, the document's id", async () => {
    const replaced = document({ id: 'doc-9', document_type: 'rental_agreement' });
    await issueUpload(replacementUpload(replaced), { file_name: 'scan.png', file_size: 10 });
    expect(tickets()).toEqual([
      {
        upload_id: String(NOW_MS),
        user_id: USER,
        document_type: 'rental_agreement',
        document_id: 'doc-9',
        file_name: 'scan.png',
        key: `${USER}/rental_agreement_${NOW_MS}.png`,
        created_at: NOW,
        expires_at: NOW_SECONDS + DAY,
      },
    ]);
    expect(presignUpload).toHaveBeenCalledWith(
      `incoming/${USER}/rental_agreement_${NOW_MS}.png`,
      'image/png',
      10,
    );
  });

  it('a taken replacement id is retried with the next millisecond', async () => {
    vi.mocked(putTicket)
      .mockResolvedValueOnce('exists')
      .mockResolvedValueOnce('exists')
      .mockResolvedValue('created');
    const result = await issueUpload(replacementUpload(document()), { file_name: 'p.pdf', file_size: 10 });
    expect(tickets().map((t) => [t.upload_id, t.key])).toEqual([
      [String(NOW_MS), `${USER}/passport_${NOW_MS}.pdf`],
      [String(NOW_MS + 1), `${USER}/passport_${NOW_MS + 1}.pdf`],
      [String(NOW_MS + 2), `${USER}/passport_${NOW_MS + 2}.pdf`],
    ]);
    expect(result.upload_id).toBe(String(NOW_MS + 2));
    expect(presignUpload).toHaveBeenCalledOnce();
    expect(presignUpload).toHaveBeenCalledWith(
      `incoming/${USER}/passport_${NOW_MS + 2}.pdf`,
      'application/pdf',
      10,
    );
  });

  it('a taken customer id is retried with another random id', async () => {
    vi.mocked(putTicket).mockResolvedValueOnce('exists').mockResolvedValue('created');
    const result = await issueUpload(customerUpload(USER, 'passport'), { file_name: 'p.pdf', file_size: 10 });
    const [first, second] = tickets();
    expect(second?.upload_id).toMatch(UUID);
    expect(second?.upload_id).not.toBe(first?.upload_id);
    expect(second?.key).toBe(`${USER}/${second?.upload_id}.pdf`);
    expect(result.upload_id).toBe(second?.upload_id);
  });

  it('gives up after six taken ids, presigning nothing', async () => {
    vi.mocked(putTicket).mockResolvedValue('exists');
    const error = await rejectionOf(
      issueUpload(replacementUpload(document()), { file_name: 'p.pdf', file_size: 10 }),
    );
    expect(error).toBeInstanceOf(Error);
    expect(putTicket).toHaveBeenCalledTimes(6);
    expect(presignUpload).not.toHaveBeenCalled();
  });

  it("an account whose deletion has begun ('deleted') is unauthenticated, nothing presigned", async () => {
    vi.mocked(putTicket).mockResolvedValue('deleted');
    await expectRefused(
      issueUpload(customerUpload(USER, 'passport'), { file_name: 'p.pdf', file_size: 10 }),
      Unauthenticated,
      'notAuthenticated',
    );
    expect(putTicket).toHaveBeenCalledOnce();
    expect(presignUpload).not.toHaveBeenCalled();
  });
});

/** Nothing was claimed, checked, copied, written or removed. */
function expectUntouched() {
  expect(claimTicket).not.toHaveBeenCalled();
  expect(objectHead).not.toHaveBeenCalled();
  expect(copyObject).not.toHaveBeenCalled();
  expect(saveDocument).not.toHaveBeenCalled();
  expect(removeObject).not.toHaveBeenCalled();
  expect(deleteTicket).not.toHaveBeenCalled();
  expect(releaseTicket).not.toHaveBeenCalled();
}

function issued(t: UploadTicketRecord = ticket()) {
  vi.mocked(getTicket).mockResolvedValue(t);
  return t;
}

const body = { upload_id: UPLOAD_ID, file_name: 'passport.pdf' };
const staged = `incoming/${USER}/${UPLOAD_ID}.pdf`;

describe('confirmUpload: refusals before the claim', () => {
  it('no ticket: Invalid noUploadedFile', async () => {
    vi.mocked(getTicket).mockResolvedValue(null);
    await expectRefused(
      confirmUpload(customerUpload(USER, 'passport'), null, body),
      Invalid,
      'noUploadedFile',
    );
    expect(getTicket).toHaveBeenCalledWith(USER, UPLOAD_ID);
    expectUntouched();
  });

  it('no ticket but the current record is this very upload (a retried confirm): returns it, writes nothing', async () => {
    vi.mocked(getTicket).mockResolvedValue(null);
    const current = document({ file_path: `${USER}/${UPLOAD_ID}.pdf` });
    await expect(confirmUpload(customerUpload(USER, 'passport'), current, body)).resolves.toBe(current);
    expectUntouched();
  });

  it("a retried admin replacement confirm returns the record at the timestamp's key", async () => {
    vi.mocked(getTicket).mockResolvedValue(null);
    const current = document({ file_path: `${USER}/passport_${NOW_MS}.pdf` });
    await expect(
      confirmUpload(replacementUpload(current), current, { upload_id: String(NOW_MS), file_name: 'x.pdf' }),
    ).resolves.toBe(current);
    expectUntouched();
  });

  it('no ticket and the current record is another upload: Invalid noUploadedFile', async () => {
    vi.mocked(getTicket).mockResolvedValue(null);
    await expectRefused(
      confirmUpload(customerUpload(USER, 'passport'), document(), body),
      Invalid,
      'noUploadedFile',
    );
    expectUntouched();
  });

  it.each<[string, Partial<UploadTicketRecord>, () => ReturnType<typeof customerUpload>, string]>([
    [
      'another document type',
      { document_type: 'rental_agreement' },
      () => customerUpload(USER, 'passport'),
      'passport.pdf',
    ],
    [
      "an admin's replacement, confirmed as a customer upload",
      { document_id: 'doc-1' },
      () => customerUpload(USER, 'passport'),
      'passport.pdf',
    ],
    [
      'another document (admin)',
      { document_id: 'doc-other' },
      () => replacementUpload(document({ id: 'doc-1' })),
      'passport.pdf',
    ],
    [
      "a customer's upload, confirmed as a replacement",
      { document_id: null },
      () => replacementUpload(document({ id: 'doc-1' })),
      'passport.pdf',
    ],
    ['another file name', {}, () => customerUpload(USER, 'passport'), 'other.pdf'],
  ])('a ticket for %s: Invalid uploadMismatch', async (_what, overrides, target, fileName) => {
    issued(ticket(overrides));
    await expectRefused(
      confirmUpload(target(), null, { upload_id: UPLOAD_ID, file_name: fileName }),
      Invalid,
      'uploadMismatch',
    );
    expectUntouched();
  });

  it('an expired ticket: Conflict uploadUnavailable, not claimed', async () => {
    issued(ticket({ expires_at: NOW_SECONDS - 1 }));
    await expectRefused(
      confirmUpload(customerUpload(USER, 'passport'), null, body),
      Conflict,
      'uploadUnavailable',
    );
    expectUntouched();
  });

  it('a ticket expiring this very second is still honoured', async () => {
    issued(ticket({ expires_at: NOW_SECONDS }));
    await confirmUpload(customerUpload(USER, 'passport'), null, body);
    expect(saveDocument).toHaveBeenCalledOnce();
  });

  it('a claim lost to a parallel confirm: Conflict uploadUnavailable, no S3 call', async () => {
    const t = issued();
    vi.mocked(claimTicket).mockResolvedValue(false);
    await expectRefused(
      confirmUpload(customerUpload(USER, 'passport'), null, body),
      Conflict,
      'uploadUnavailable',
    );
    expect(claimTicket).toHaveBeenCalledWith(t, new Date(NOW));
    expect(objectHead).not.toHaveBeenCalled();
    expect(saveDocument).not.toHaveBeenCalled();
    expect(deleteTicket).not.toHaveBeenCalled();
    expect(releaseTicket).not.toHaveBeenCalled();
  });
});

describe('confirmUpload: the staged object', () => {
  it('nothing uploaded: Invalid noUploadedFile, the ticket is given back for a retry', async () => {
    const t = issued();
    vi.mocked(objectHead).mockResolvedValue(null);
    await expectRefused(
      confirmUpload(customerUpload(USER, 'passport'), null, body),
      Invalid,
      'noUploadedFile',
    );
    expect(objectHead).toHaveBeenCalledWith(staged);
    expect(releaseTicket).toHaveBeenCalledWith(t);
    expect(deleteTicket).not.toHaveBeenCalled();
    expect(removeObject).not.toHaveBeenCalled();
    expect(saveDocument).not.toHaveBeenCalled();
  });

  it.each<[string, () => void, typeof Invalid | typeof TooLarge, 'contentMismatch' | 'fileTooLarge']>([
    [
      'bytes that are not a PDF',
      () => vi.mocked(readHead).mockResolvedValue(PNG),
      Invalid,
      'contentMismatch',
    ],
    ['an empty file', () => vi.mocked(objectHead).mockResolvedValue({ size: 0 }), Invalid, 'contentMismatch'],
    [
      'a file over the limit',
      () => vi.mocked(objectHead).mockResolvedValue({ size: MAX_DOCUMENT_BYTES + 1 }),
      TooLarge,
      'fileTooLarge',
    ],
  ])(
    'content refused (%s): staged object removed, ticket deleted, no copy, no record',
    async (_w, setup, type, reason) => {
      const t = issued();
      setup();
      await expectRefused(confirmUpload(customerUpload(USER, 'passport'), null, body), type, reason);
      expect(removeObject).toHaveBeenCalledWith(staged);
      expect(removeObject).toHaveBeenCalledOnce();
      expect(deleteTicket).toHaveBeenCalledWith(t);
      expect(releaseTicket).not.toHaveBeenCalled();
      expect(copyObject).not.toHaveBeenCalled();
      expect(saveDocument).not.toHaveBeenCalled();
    },
  );

  it('a file the malware scan flags: refused as quarantined, removed, ticket deleted, no record', async () => {
    const t = issued();
    vi.mocked(awaitScan).mockResolvedValue('infected');
    await expectRefused(
      confirmUpload(customerUpload(USER, 'passport'), null, body),
      Invalid,
      'fileQuarantined',
    );
    expect(awaitScan).toHaveBeenCalledWith(staged);
    expect(removeObject).toHaveBeenCalledWith(staged);
    expect(deleteTicket).toHaveBeenCalledWith(t);
    expect(copyObject).not.toHaveBeenCalled();
    expect(saveDocument).not.toHaveBeenCalled();
  });

  it('a scan GuardDuty could not make: refused (nothing unscanned is kept), removed, ticket deleted', async () => {
    const t = issued();
    vi.mocked(awaitScan).mockResolvedValue('failed');
    await expectRefused(confirmUpload(customerUpload(USER, 'passport'), null, body), Invalid, 'scanFailed');
    expect(removeObject).toHaveBeenCalledWith(staged);
    expect(deleteTicket).toHaveBeenCalledWith(t);
    expect(copyObject).not.toHaveBeenCalled();
  });

  it.each(['pending'] as const)(
    'a scan %s: nothing decided, the staged file and the ticket stay for another confirm',
    async (verdict) => {
      const t = issued();
      vi.mocked(awaitScan).mockResolvedValue(verdict);
      await expectRefused(
        confirmUpload(customerUpload(USER, 'passport'), null, body),
        Conflict,
        'scanPending',
      );
      expect(removeObject).not.toHaveBeenCalled();
      expect(releaseTicket).toHaveBeenCalledWith(t);
      expect(deleteTicket).not.toHaveBeenCalled();
      expect(copyObject).not.toHaveBeenCalled();
    },
  );

  it('copies only the version it checked (an overwrite since then fails the copy)', async () => {
    issued();
    vi.mocked(objectHead).mockResolvedValue({ size: 2048, etag: '"checked"' });
    await confirmUpload(customerUpload(USER, 'passport'), null, body);
    expect(vi.mocked(copyObject).mock.calls[0]?.[2]).toBe('"checked"');
  });

  it('reads the first eight bytes of the staged object', async () => {
    issued();
    await confirmUpload(customerUpload(USER, 'passport'), null, body);
    expect(readHead).toHaveBeenCalledWith(staged, 8);
  });

  it('S3 failing while checking: the ticket is given back, nothing removed', async () => {
    const t = issued();
    vi.mocked(copyObject).mockRejectedValue(new Error('S3 down'));
    await expect(confirmUpload(customerUpload(USER, 'passport'), null, body)).rejects.toThrow('S3 down');
    expect(releaseTicket).toHaveBeenCalledWith(t);
    expect(deleteTicket).not.toHaveBeenCalled();
    expect(removeObject).not.toHaveBeenCalled();
  });
});

describe('confirmUpload: the record', () => {
  it('a first upload: copies, saves a new record at the pinned time, removes the staged copy', async () => {
    const t = issued();
    const result = await confirmUpload(customerUpload(USER, 'passport'), null, body);
    const expected: DocumentRecord = {
      id: expect.stringMatching(UUID),
      user_id: USER,
      document_type: 'passport',
      file_name: 'passport.pdf',
      file_path: t.key,
      file_size: 2048,
      uploaded_at: NOW,
      expires_on: null,
      title: null,
    };
    expect(result).toEqual(expected);
    expect(copyObject).toHaveBeenCalledWith(staged, t.key, undefined);
    expect(saveDocument).toHaveBeenCalledWith(result, null, t, [], uploadedBy(result));
    expect(vi.mocked(removeObject).mock.calls).toEqual([[staged]]);
    expect(deleteTicket).not.toHaveBeenCalled();
    expect(releaseTicket).not.toHaveBeenCalled();
  });

  it("a replacement keeps the document's id and removes the replaced file afterwards", async () => {
    const previous = document();
    const t = issued(ticket({ document_id: null }));
    const result = await confirmUpload(customerUpload(USER, 'passport'), previous, body);
    expect(result).toMatchObject({ id: previous.id, file_path: t.key, uploaded_at: NOW });
    expect(saveDocument).toHaveBeenCalledWith(result, previous, t, [], uploadedBy(result));
    expect(vi.mocked(removeObject).mock.calls).toEqual([[staged], [previous.file_path]]);
  });

  it('the replaced file failing to go: the new record stands, the failure is logged', async () => {
    const previous = document();
    issued();
    vi.mocked(removeObject).mockImplementation(async (key) => {
      if (key === previous.file_path) throw new Error('S3 down');
    });
    await expect(confirmUpload(customerUpload(USER, 'passport'), previous, body)).resolves.toMatchObject({
      id: previous.id,
    });
    expect(output.logged('document file not removed')).toEqual([
      expect.objectContaining({ level: 'WARN', key: previous.file_path }),
    ]);
  });

  it('losing the race to another upload: the copy, the staged object and the ticket go; the Conflict stays', async () => {
    const t = issued();
    vi.mocked(saveDocument).mockRejectedValue(new Conflict('documentChangedWhileSaving'));
    await expectRefused(
      confirmUpload(customerUpload(USER, 'passport'), null, body),
      Conflict,
      'documentChangedWhileSaving',
    );
    expect(vi.mocked(removeObject).mock.calls).toEqual([[t.key], [staged]]);
    expect(deleteTicket).toHaveBeenCalledWith(t);
    expect(releaseTicket).not.toHaveBeenCalled();
  });

  it('DynamoDB failing otherwise: the copy stays, the ticket is given back', async () => {
    const t = issued();
    vi.mocked(saveDocument).mockRejectedValue(new Error('throttled'));
    await expect(confirmUpload(customerUpload(USER, 'passport'), null, body)).rejects.toThrow('throttled');
    expect(removeObject).not.toHaveBeenCalled();
    expect(releaseTicket).toHaveBeenCalledWith(t);
    expect(deleteTicket).not.toHaveBeenCalled();
  });
});

describe("confirmUpload: an admin's replacement, recorded", () => {
  const previous = document();
  const audit: Audit = {
    id: 'audit-1',
    at: NOW,
    userId: USER,
    actor: { id: 'admin-1', email: 'admin@example.com' },
    action: 'document_replaced',
    target: { document_type: 'passport', document_id: previous.id },
    changes: [{ field: 'file_name', before: previous.file_name, after: 'passport.pdf' }],
  };

  it('pending before the staged file is checked; done in the transaction that saves the record', async () => {
    const t = issued(ticket({ document_id: previous.id }));
    const result = await confirmUpload(replacementUpload(previous), previous, body, audit);
    expect(vi.mocked(recordAudit).mock.calls).toEqual([[audit, 'pending']]);
    expect(vi.mocked(recordAudit).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(objectHead).mock.invocationCallOrder[0] ?? 0,
    );
    expect(vi.mocked(claimTicket).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(recordAudit).mock.invocationCallOrder[0] ?? 0,
    );
    expect(saveDocument).toHaveBeenCalledWith(
      result,
      previous,
      t,
      [
        {
          Put: {
            TableName: 't',
            Item: { PK: `AUDIT#${USER}`, SK: 'DONE#audit-1', id: 'audit-1', user_id: USER, at: NOW },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      ],
      // An admin's replacement is no record of the customer's.
      undefined,
    );
  });

  it('refused content: no record saved, the audit record marked failed', async () => {
    issued(ticket({ document_id: previous.id }));
    vi.mocked(readHead).mockResolvedValue(PNG);
    await expectRefused(
      confirmUpload(replacementUpload(previous), previous, body, audit),
      Invalid,
      'contentMismatch',
    );
    expect(recordAudit).toHaveBeenCalledOnce();
    expect(saveDocument).not.toHaveBeenCalled();
    expect(vi.mocked(completeAudit).mock.calls).toEqual([[audit, NOW, 'failed']]);
  });

  it('lost to another upload of the document: the record of this attempt marked failed', async () => {
    issued(ticket({ document_id: previous.id }));
    vi.mocked(saveDocument).mockRejectedValue(new Conflict('documentChangedWhileSaving'));
    await expectRefused(
      confirmUpload(replacementUpload(previous), previous, body, audit),
      Conflict,
      'documentChangedWhileSaving',
    );
    expect(vi.mocked(completeAudit).mock.calls).toEqual([[audit, NOW, 'failed']]);
  });

  it('S3 failing otherwise (nothing refused): the record stays pending, the ticket given back', async () => {
    const t = issued(ticket({ document_id: previous.id }));
    vi.mocked(objectHead).mockRejectedValue(new Error('S3 unavailable'));
    await expect(confirmUpload(replacementUpload(previous), previous, body, audit)).rejects.toThrow(
      'S3 unavailable',
    );
    expect(releaseTicket).toHaveBeenCalledWith(t);
    expect(completeAudit).not.toHaveBeenCalled();
  });

  it('the record failing to be written: no S3 step, the ticket is given back for a retry', async () => {
    const t = issued(ticket({ document_id: previous.id }));
    vi.mocked(recordAudit).mockRejectedValue(new Error('throttled'));
    await expect(confirmUpload(replacementUpload(previous), previous, body, audit)).rejects.toThrow(
      'throttled',
    );
    expect(objectHead).not.toHaveBeenCalled();
    expect(copyObject).not.toHaveBeenCalled();
    expect(releaseTicket).toHaveBeenCalledWith(t);
    expect(deleteTicket).not.toHaveBeenCalled();
    // Nothing recorded, so nothing to complete.
    expect(completeAudit).not.toHaveBeenCalled();
  });

  it('a refusal before the claim records nothing', async () => {
    issued(ticket({ document_id: previous.id, file_name: 'other.pdf' }));
    await expectRefused(
      confirmUpload(replacementUpload(previous), previous, body, audit),
      Invalid,
      'uploadMismatch',
    );
    expect(recordAudit).not.toHaveBeenCalled();
  });
});

describe('confirmUpload: the business metrics', () => {
  it("a customer's upload confirmed counts UploadsAccepted, once", async () => {
    issued();
    const record = await confirmUpload(customerUpload(USER, 'passport'), null, body);
    expect(output.counted()).toEqual({ UploadsAccepted: 1 });
    // The same confirm retried answers with its record and counts nothing more.
    vi.mocked(getTicket).mockResolvedValue(null);
    await confirmUpload(customerUpload(USER, 'passport'), record, body);
    expect(output.counted()).toEqual({});
  });

  it("a customer's upload refused by the content check counts UploadsRefused", async () => {
    issued();
    vi.mocked(readHead).mockResolvedValue(PNG);
    await expectRefused(
      confirmUpload(customerUpload(USER, 'passport'), null, body),
      Invalid,
      'contentMismatch',
    );
    expect(output.counted()).toEqual({ UploadsRefused: 1 });
  });

  it('nothing uploaded, or S3 failing, is no refusal: nothing counted', async () => {
    issued();
    vi.mocked(objectHead).mockResolvedValue(null);
    await expectRefused(
      confirmUpload(customerUpload(USER, 'passport'), null, body),
      Invalid,
      'noUploadedFile',
    );
    vi.mocked(objectHead).mockRejectedValue(new Error('S3 down'));
    await expect(confirmUpload(customerUpload(USER, 'passport'), null, body)).rejects.toThrow('S3 down');
    expect(output.counted()).toEqual({});
  });

  it("an admin's replacement is not a customer upload: nothing counted", async () => {
    const previous = document();
    issued(ticket({ document_id: previous.id }));
    await confirmUpload(replacementUpload(previous), previous, body);
    expect(saveDocument).toHaveBeenCalledOnce();
    expect(output.counted()).toEqual({});
  });
});
