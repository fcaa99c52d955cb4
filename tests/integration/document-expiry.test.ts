// Documents with expiry against the real emulators (docs/product.md#documents-with-expiry): the
// relocation's document types uploaded with their expiry date or title, a customer's own
// delete and date change, the team's date change in the audit trail, and no way to another
// customer's document.
import type { AuditRecord, DocumentRecord, MeResponse, Page } from '@shared/api';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { snapshot } from '../support/attack';
import { adminToken, api, dateFromToday, newCustomer } from '../support/auth';
import { objectKeys, upload } from '../support/documents';
import { tinyPdf } from '../support/files';

const url = inject('stackUrl');
type Refusal = { error: { code: string; fields: Record<string, string> } };

const userIdOf = async (token: string) => (await api<MeResponse>(url, '/api/me', { token })).body.profile.id;
const myDocuments = async (token: string) =>
  (await api<DocumentRecord[]>(url, '/api/me/documents', { token })).body;
const myDocumentPath = (id: string) => `/api/me/documents/by-id/${id}`;

describe('documents with an expiry date or a title', () => {
  let token: string;
  let userId: string;
  let admin: string;
  beforeAll(async () => {
    token = (await newCustomer(url)).idToken;
    [userId, admin] = await Promise.all([userIdOf(token), adminToken(url)]);
  });

  it('a national visa is uploaded with its expiry date, and refused without one (no ticket)', async () => {
    const refused = await upload(url, token, 'national_visa', 'visa.pdf', tinyPdf());
    expect(refused.ticket.status).toBe(400);
    expect((refused.ticket.body as unknown as Refusal).error.fields).toEqual({
      expires_on: 'validation.expiryRequired',
    });
    const expiresOn = dateFromToday(200);
    const { confirm } = await upload(url, token, 'national_visa', 'visa.pdf', tinyPdf(), undefined, {
      expires_on: expiresOn,
    });
    expect(confirm?.status).toBe(200);
    expect(confirm?.body).toMatchObject({
      document_type: 'national_visa',
      expires_on: expiresOn,
      title: null,
    });
    expect((await myDocuments(token)).map((d) => d.document_type)).toEqual(['national_visa']);
  });

  it('a date 16 years ahead is refused; a past date is accepted (the document has expired)', async () => {
    const far = await upload(url, token, 'residence_permit', 'permit.pdf', tinyPdf(), undefined, {
      expires_on: dateFromToday(16 * 366),
    });
    expect(far.ticket.status).toBe(400);
    expect((far.ticket.body as unknown as Refusal).error.fields).toEqual({
      expires_on: 'validation.expiryTooFar',
    });
    const past = dateFromToday(-30);
    const { confirm } = await upload(url, token, 'residence_permit', 'permit.pdf', tinyPdf(), undefined, {
      expires_on: past,
    });
    expect(confirm?.status).toBe(200);
    expect(confirm?.body.expires_on).toBe(past);
  });

  it('documents of type other need a title, and several are kept side by side (each counted)', async () => {
    const untitled = await upload(url, token, 'other', 'letter.pdf', tinyPdf());
    expect(untitled.ticket.status).toBe(400);
    expect((untitled.ticket.body as unknown as Refusal).error.fields).toEqual({
      title: 'validation.required',
    });
    const first = await upload(url, token, 'other', 'letter.pdf', tinyPdf(), undefined, {
      title: ' Kita letter ',
    });
    const second = await upload(url, token, 'other', 'letter.pdf', tinyPdf(), undefined, {
      title: 'Bank letter',
    });
    expect(first.confirm?.body).toMatchObject({
      document_type: 'other',
      title: 'Kita letter',
      expires_on: null,
    });
    expect(second.confirm?.body.id).not.toBe(first.confirm?.body.id);
    const others = (await myDocuments(token)).filter((d) => d.document_type === 'other');
    expect(others.map((d) => d.title).sort()).toEqual(['Bank letter', 'Kita letter']);
    const me = (await api<MeResponse>(url, '/api/me', { token })).body.profile;
    expect(me.documents_count).toBe(4);
  });

  it('the customer deletes their own document: record and file gone, the count follows', async () => {
    const [doc] = (await myDocuments(token)).filter((d) => d.title === 'Bank letter');
    if (!doc) throw new Error('no document to delete');
    const deleted = await api(url, myDocumentPath(doc.id), { token, method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect((await myDocuments(token)).map((d) => d.id)).not.toContain(doc.id);
    expect(await objectKeys(url, userId)).not.toContain(doc.file_path);
    expect((await api<MeResponse>(url, '/api/me', { token })).body.profile.documents_count).toBe(3);
    expect((await api(url, myDocumentPath(doc.id), { token, method: 'DELETE' })).status).toBe(404);
  });

  it('the customer changes an expiry date; a required one cannot be cleared', async () => {
    const [visa] = (await myDocuments(token)).filter((d) => d.document_type === 'national_visa');
    if (!visa) throw new Error('no visa');
    const next = dateFromToday(400);
    const changed = await api<DocumentRecord>(url, myDocumentPath(visa.id), {
      token,
      method: 'PATCH',
      body: { expires_on: next },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.expires_on).toBe(next);
    const cleared = await api<Refusal>(url, myDocumentPath(visa.id), {
      token,
      method: 'PATCH',
      body: { expires_on: null },
    });
    expect(cleared.status).toBe(400);
    expect(cleared.body.error.fields).toEqual({ expires_on: 'validation.expiryRequired' });
    expect((await myDocuments(token)).find((d) => d.id === visa.id)?.expires_on).toBe(next);
  });

  it("the team changes an expiry date, recorded with before and after; the customer's own change is not an admin action", async () => {
    const [permit] = (await myDocuments(token)).filter((d) => d.document_type === 'residence_permit');
    if (!permit) throw new Error('no permit');
    const next = dateFromToday(700);
    const changed = await api<DocumentRecord>(url, `/api/admin/documents/${permit.id}`, {
      token: admin,
      method: 'PATCH',
      body: { expires_on: next },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.expires_on).toBe(next);
    const activity = await api<Page<AuditRecord>>(url, `/api/admin/users/${userId}/activity`, {
      token: admin,
    });
    // The team's one act; among the customer's own records (their uploads and deletions) none
    // of their expiry changes: those are not recorded.
    expect(activity.body.items.filter((r) => r.by === 'team').map((r) => r.action)).toEqual([
      'document_expiry_changed',
    ]);
    const own = new Set(activity.body.items.filter((r) => r.by === 'customer').map((r) => r.action));
    expect(own.has('document_uploaded')).toBe(true);
    expect(own.has('document_expiry_changed')).toBe(false);
    expect(activity.body.items[0]).toMatchObject({
      target: { document_type: 'residence_permit', document_id: permit.id },
      changes: [{ field: 'expires_on', before: permit.expires_on, after: next }],
      status: 'done',
    });
  });

  it("another customer's document id is a 404 to delete and to change, and it stays", async () => {
    const other = (await newCustomer(url)).idToken;
    const [doc] = await myDocuments(token);
    if (!doc) throw new Error('no document');
    expect((await api(url, myDocumentPath(doc.id), { token: other, method: 'DELETE' })).status).toBe(404);
    const patch = await api(url, myDocumentPath(doc.id), {
      token: other,
      method: 'PATCH',
      body: { expires_on: null },
    });
    expect(patch.status).toBe(404);
    expect((await myDocuments(token)).find((d) => d.id === doc.id)).toEqual(doc);
  });

  it('one `other` document is replaced by its id: same id, title kept or renewed, its old file gone', async () => {
    const c = await newCustomer(url);
    const id = await userIdOf(c.idToken);
    const first = await upload(url, c.idToken, 'other', 'letter.pdf', tinyPdf(), undefined, {
      title: 'Kita',
    });
    const second = await upload(url, c.idToken, 'other', 'bank.pdf', tinyPdf(), undefined, { title: 'Bank' });
    const kita = first.confirm?.body as DocumentRecord;
    const replaced = await upload(url, c.idToken, 'other', 'kita-2.pdf', tinyPdf(), undefined, {
      replaces: kita.id,
    });
    expect(replaced.confirm?.status).toBe(200);
    expect(replaced.confirm?.body).toMatchObject({ id: kita.id, title: 'Kita', file_name: 'kita-2.pdf' });
    const renamed = await upload(url, c.idToken, 'other', 'kita-3.pdf', tinyPdf(), undefined, {
      replaces: kita.id,
      title: 'Kita contract',
    });
    expect(renamed.confirm?.body).toMatchObject({ id: kita.id, title: 'Kita contract' });
    const mine = await myDocuments(c.idToken);
    expect(mine.map((d) => [d.title, d.file_name]).sort()).toEqual([
      ['Bank', 'bank.pdf'],
      ['Kita contract', 'kita-3.pdf'],
    ]);
    const files = await objectKeys(url, id);
    expect(files.sort()).toEqual(mine.map((d) => d.file_path).sort());
    expect(files).not.toContain(kita.file_path);
    expect(files).not.toContain(replaced.confirm?.body.file_path);
    expect((await api<MeResponse>(url, '/api/me', { token: c.idToken })).body.profile.documents_count).toBe(
      2,
    );
    expect(second.confirm?.status).toBe(200);
  });

  it("replacing by id is refused for another customer's document, one of another type, or with another type", async () => {
    const c = await newCustomer(url);
    const [mine] = (await myDocuments(token)).filter((d) => d.document_type === 'other');
    if (!mine) throw new Error('no other document');
    const before = await myDocuments(token);
    const foreign = await upload(url, c.idToken, 'other', 'x.pdf', tinyPdf(), undefined, {
      replaces: mine.id,
    });
    expect(foreign.ticket.status).toBe(404);
    const own = await upload(url, c.idToken, 'degree', 'degree.pdf', tinyPdf());
    const ownDegree = own.confirm?.body as DocumentRecord;
    const notOther = await upload(url, c.idToken, 'other', 'x.pdf', tinyPdf(), undefined, {
      replaces: ownDegree.id,
    });
    expect(notOther.ticket.status).toBe(409);
    const wrongType = await upload(url, c.idToken, 'degree', 'x.pdf', tinyPdf(), undefined, {
      replaces: ownDegree.id,
    });
    expect(wrongType.ticket.status).toBe(400);
    expect((wrongType.ticket.body as unknown as Refusal).error.fields).toEqual({
      replaces: 'validation.replacesNotAllowed',
    });
    expect(await myDocuments(token)).toEqual(before);
    expect((await myDocuments(c.idToken)).map((d) => d.id)).toEqual([ownDegree.id]);
  });

  it('deleting the account removes every document, the several of type other too, with their files', async () => {
    const c = await newCustomer(url);
    const id = await userIdOf(c.idToken);
    for (const title of ['One', 'Two'])
      await upload(url, c.idToken, 'other', 'letter.pdf', tinyPdf(), undefined, { title });
    expect((await myDocuments(c.idToken)).length).toBe(2);
    const deleted = await api(url, '/api/me/deletion', { token: c.idToken, method: 'POST', body: {} });
    expect(deleted.status).toBe(200);
    const left = await snapshot(url, id);
    expect(left.items).toEqual([]);
    expect(left.objects).toEqual([]);
  });
});
