// The relocation's documents as data, against the real emulators: every new type goes through
// the onboarding checks (content sniffing, the malware scan, the size) with nothing left behind
// when refused, and "Download my data" holds every document with its dates, titles and files.
import { EICAR } from '@functions/adapters/malware-scan';
import type { DataExport } from '@functions/services/data-export';
import type { DocumentRecord, DownloadLink } from '@shared/api';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, inject, it } from 'vitest';
import { api, dateFromToday } from '../support/auth';
import { customerWith } from '../support/customers';
import { objectKeys, upload } from '../support/documents';
import { fakeExe, tinyPdf, tinyPng } from '../support/files';

const url = inject('stackUrl');

const myDocuments = async (token: string) =>
  (await api<DocumentRecord[]>(url, '/api/me/documents', { token })).body;

describe('new document types: refused uploads leave nothing behind', () => {
  const infected = () => Buffer.concat([tinyPdf(), Buffer.from(`\n% ${EICAR}\n`, 'latin1')]);
  const oversized = () => Buffer.concat([tinyPdf(), Buffer.alloc(11 * 1024 * 1024)]);

  it.each([
    ['a renamed .exe', 'residence_permit', fakeExe, 400],
    ['a file the malware scan flags', 'other', infected, 400],
    ['an object over 10 MB declared small', 'health_insurance_certificate', oversized, 413],
    ['a renamed .exe', 'landlord_confirmation', fakeExe, 400],
  ] as const)('refuses %s as %s: no record, no file, no staged copy', async (_what, type, bytes, status) => {
    const c = await customerWith(url, { arrival: dateFromToday(20), verified: true });
    const details = {
      ...(type === 'other' ? { title: 'Apostille' } : {}),
      ...(type === 'residence_permit' || type === 'health_insurance_certificate'
        ? { expires_on: dateFromToday(400) }
        : {}),
    };
    const content = bytes();
    const { ticket, confirm } = await upload(url, c.idToken, type, 'scan.pdf', content, 1000, details);
    expect(ticket.status).toBe(201);
    expect(confirm?.status).toBe(status);
    expect(await myDocuments(c.idToken)).toEqual([]);
    expect(await objectKeys(url, c.userId)).toEqual([]);
  });
});

describe('Download my data holds every document of the relocation', () => {
  it('with its type, expiry date or title, and its file (same-named files numbered apart)', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(20), verified: true });
    const uploads = [
      {
        type: 'passport',
        name: 'passport.pdf',
        bytes: tinyPdf(),
        details: { expires_on: dateFromToday(900) },
      },
      {
        type: 'residence_permit',
        name: 'permit.png',
        bytes: tinyPng(),
        details: { expires_on: dateFromToday(-3) },
      },
      {
        type: 'other',
        name: 'letter.pdf',
        bytes: Buffer.concat([tinyPdf(), Buffer.from('% one\n')]),
        details: { title: 'Apostille' },
      },
      {
        type: 'other',
        name: 'letter.pdf',
        bytes: Buffer.concat([tinyPdf(), Buffer.from('% two\n')]),
        details: { title: 'Sworn translation' },
      },
      { type: 'tax_id_letter', name: 'tax id.pdf', bytes: tinyPdf(), details: {} },
    ];
    for (const u of uploads) {
      const { confirm } = await upload(url, c.idToken, u.type, u.name, u.bytes, undefined, u.details);
      expect(confirm?.status).toBe(200);
    }
    const documents = await myDocuments(c.idToken);
    expect(documents).toHaveLength(uploads.length);

    const link = await api<DownloadLink>(url, '/api/me/export', { token: c.idToken, method: 'POST' });
    expect(link.status).toBe(200);
    const files = unzipSync(new Uint8Array(await (await fetch(link.body.url)).arrayBuffer()));
    const data = JSON.parse(strFromU8(files['data.json'] as Uint8Array)) as DataExport;

    for (const document of documents) {
      expect(data.documents).toContainEqual(
        expect.objectContaining({
          id: document.id,
          document_type: document.document_type,
          expires_on: document.expires_on,
          title: document.title,
          file_name: document.file_name,
        }),
      );
    }
    expect(data.documents.find((d) => d.document_type === 'residence_permit')?.expires_on).toBe(
      dateFromToday(-3),
    );
    // Every file byte for byte, the two `other` letters under two paths.
    expect(data.files).toHaveLength(uploads.length);
    const paths = data.files.map((f) => f.archive_path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const u of uploads) {
      const found = data.files.some((f) => Buffer.from(files[f.archive_path] ?? []).equals(u.bytes));
      expect(found, `${u.type} ${u.name}`).toBe(true);
    }
  });
});
