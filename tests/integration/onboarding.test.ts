import { EICAR } from '@functions/adapters/malware-scan';
import type { AuditRecord, DocumentRecord, MeResponse, Page, Profile, UploadTicket } from '@shared/api';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, api, dateFromToday, login, newCustomer } from '../support/auth';
import { customerWith, editAsAdmin } from '../support/customers';
import { objectKeys, upload } from '../support/documents';
import { fakeExe, tinyPdf, tinyPng } from '../support/files';
import { TEST_ADMIN } from '../support/stack-process';

const url = inject('stackUrl');

const details = {
  gender: 'female',
  first_name: 'Zoë',
  last_name: "D'Souza-Müller",
  whatsapp_number: '+49 151 2345678',
  nationality: 'Indian',
  target_city: 'Hamburg',
  intended_arrival_date: '2027-03-01',
  knows_address: true,
  street_address: 'Hafenstraße 1',
  postal_code: '20457',
  city: 'Hamburg',
};

const userIdOf = async (token: string) => (await api<MeResponse>(url, '/api/me', { token })).body.profile.id;

// The relocation plan (docs/product.md#step-1-details): optional, checked by the one schema the
// form runs too, editable by the team.
describe('the relocation plan: date of entry, move-in date, family members', () => {
  type Refusal = { error: { code: string; fields: Record<string, string> } };
  const plan = {
    entry_date: dateFromToday(30),
    move_in_date: dateFromToday(45),
    family_members: 'partner_children',
  };
  let token: string;
  beforeAll(async () => {
    token = (await newCustomer(url)).idToken;
  });
  const put = <T>(body: object) => api<T>(url, '/api/me/profile', { token, method: 'PUT', body });

  it('stores the three fields with the details and returns them', async () => {
    const saved = await put<Profile>({ ...details, ...plan });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject(plan);
    expect((await api<MeResponse>(url, '/api/me', { token })).body.profile).toMatchObject(plan);
  });

  it('stores them empty as null: they are optional', async () => {
    const saved = await put<Profile>({ ...details, entry_date: '', move_in_date: '', family_members: '' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ entry_date: null, move_in_date: null, family_members: null });
  });

  it('refuses a move-in date before the date of entry, dates more than 2 years away and unknown family members', async () => {
    await put({ ...details, ...plan });
    const before = (await api<MeResponse>(url, '/api/me', { token })).body.profile;
    const order = await put<Refusal>({
      ...details,
      entry_date: dateFromToday(30),
      move_in_date: dateFromToday(29),
    });
    expect(order.status).toBe(400);
    expect(order.body.error.fields).toEqual({ move_in_date: 'validation.moveInBeforeEntry' });
    const far = await put<Refusal>({
      ...details,
      entry_date: dateFromToday(-3 * 365),
      move_in_date: dateFromToday(3 * 365),
      family_members: 'cousins',
    });
    expect(far.status).toBe(400);
    expect(far.body.error.fields).toEqual({
      entry_date: 'validation.dateWithinTwoYears',
      move_in_date: 'validation.dateWithinTwoYears',
      family_members: 'validation.invalidInput',
    });
    const unreal = await put<Refusal>({ ...details, entry_date: '2027-02-29' });
    expect(unreal.body.error.fields).toEqual({ entry_date: 'validation.invalidInput' });
    expect((await api<MeResponse>(url, '/api/me', { token })).body.profile).toEqual(before);
  });

  it('the team edits them (PATCH /api/admin/users/{id}) with the same rules, and the edit records them', async () => {
    const [c, admin] = await Promise.all([
      customerWith(url, { arrival: dateFromToday(10) }),
      adminToken(url),
    ]);
    const edit = (changes: object) => editAsAdmin<Profile & Refusal>(url, admin, c.userId, changes);
    const refused = await edit({ entry_date: dateFromToday(20), move_in_date: dateFromToday(19) });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ move_in_date: 'validation.moveInBeforeEntry' });

    const edited = await edit({ ...plan, family_members: 'children' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ ...plan, family_members: 'children' });
    const [record] = (
      await api<Page<AuditRecord>>(url, `/api/admin/users/${c.userId}/activity`, { token: admin })
    ).body.items;
    expect(record?.changes).toEqual(
      expect.arrayContaining([
        { field: 'entry_date', before: null, after: plan.entry_date },
        { field: 'move_in_date', before: null, after: plan.move_in_date },
        { field: 'family_members', before: null, after: 'children' },
      ]),
    );
  });
});

describe('onboarding step 1: PUT /api/me/profile', () => {
  let token: string;
  beforeAll(async () => {
    token = (await newCustomer(url)).idToken;
  });

  it('saves the details and returns them on reload', async () => {
    const saved = await api<Profile>(url, '/api/me/profile', { token, method: 'PUT', body: details });
    expect(saved.status).toBe(200);
    const me = await api<MeResponse>(url, '/api/me', { token });
    expect(me.body.profile).toMatchObject({ ...details, whatsapp_number: '+491512345678' });
    expect(me.body.profile.updated_at > me.body.profile.created_at).toBe(true);
  });

  it('stores the address as null when the box is not ticked', async () => {
    await api(url, '/api/me/profile', { token, method: 'PUT', body: { ...details, knows_address: false } });
    const me = await api<MeResponse>(url, '/api/me', { token });
    expect(me.body.profile).toMatchObject({
      knows_address: false,
      street_address: null,
      postal_code: null,
      city: null,
    });
  });

  it('rejects invalid details with 400 and the field messages, changing nothing', async () => {
    const before = (await api<MeResponse>(url, '/api/me', { token })).body.profile;
    const response = await api<{ error: { code: string; fields: Record<string, string> } }>(
      url,
      '/api/me/profile',
      {
        token,
        method: 'PUT',
        body: { ...details, first_name: 'R2D2', whatsapp_number: '0049', postal_code: '123' },
      },
    );
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_failed');
    expect(response.body.error.fields).toEqual({
      first_name: 'validation.firstNamePattern',
      whatsapp_number: 'validation.whatsappPattern',
      postal_code: 'validation.postalCode',
    });
    expect((await api<MeResponse>(url, '/api/me', { token })).body.profile).toEqual(before);
  });

  it('refuses admins (customer route) and callers without a token', async () => {
    const admin = await login(url, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(
      (await api(url, '/api/me/profile', { token: admin.idToken, method: 'PUT', body: details })).status,
    ).toBe(403);
    expect((await api(url, '/api/me/profile', { method: 'PUT', body: details })).status).toBe(401);
  });
});

describe('details changed after onboarding (My Account): PUT /api/me/profile', () => {
  it('saves the new details and keeps onboarding completed, the documents, the verification and the lists', async () => {
    const customer = await customerWith(url, { arrival: '2027-03-01', onboarded: true, verified: true });
    const token = customer.idToken;
    const before = (await api<MeResponse>(url, '/api/me', { token })).body.profile;
    const saved = await api<Profile>(url, '/api/me/profile', {
      token,
      method: 'PUT',
      body: { ...details, target_city: 'Leipzig', whatsapp_number: '+49 170 1234567' },
    });
    expect(saved.status).toBe(200);
    const after = (await api<MeResponse>(url, '/api/me', { token })).body.profile;
    expect(after).toEqual(saved.body);
    expect(after).toMatchObject({
      target_city: 'Leipzig',
      whatsapp_number: '+491701234567',
      onboarding_completed: true,
      account_verified: true,
      documents_count: before.documents_count,
      created_at: before.created_at,
    });
    // Still on the admin dashboard's Completed Onboarding list, and found by the new city.
    const admin = await login(url, TEST_ADMIN.email, TEST_ADMIN.password);
    const listed = await api<Page<Profile>>(
      url,
      `/api/admin/users?filter=onboarded&search=${encodeURIComponent(`leipzig ${customer.email.split('@')[0]}`)}`,
      { token: admin.idToken },
    );
    expect(listed.body.items.map((p) => p.id)).toEqual([customer.userId]);
  });
});

describe('onboarding step 2: documents', () => {
  let token: string;
  let userId: string;
  beforeAll(async () => {
    token = (await newCustomer(url)).idToken;
    userId = await userIdOf(token);
  });

  it('refuses to complete onboarding before passport and contract are on file', async () => {
    const response = await api<{ error: { message: string } }>(url, '/api/me/onboarding/complete', {
      token,
      method: 'POST',
    });
    expect(response.status).toBe(409);
    expect(response.body.error.message).toBe(
      'Required: You must upload your Passport and Employment Contract to continue.',
    );
  });

  it.each([
    ['passport', 'passport.pdf', tinyPdf()],
    ['employment_contract', 'contract.PNG', tinyPng()],
    ['rental_agreement', 'lease.pdf', tinyPdf()],
  ])('uploads and confirms a %s', async (type, fileName, bytes) => {
    const { ticket, confirm } = await upload(url, token, type, fileName, bytes);
    expect(ticket.status).toBe(201);
    expect(confirm?.status).toBe(200);
    expect(confirm?.body).toMatchObject({
      user_id: userId,
      document_type: type,
      file_name: fileName,
      file_size: bytes.length,
    });
    expect(confirm?.body.file_path).toMatch(new RegExp(`^${userId}/[0-9a-f-]{36}\\.(pdf|png)$`));
  });

  it('lists the documents and counts them on the profile', async () => {
    const list = await api<DocumentRecord[]>(url, '/api/me/documents', { token });
    expect(list.body.map((d) => d.document_type).sort()).toEqual([
      'employment_contract',
      'passport',
      'rental_agreement',
    ]);
    expect((await api<MeResponse>(url, '/api/me', { token })).body.profile.documents_count).toBe(3);
    expect(await objectKeys(url, userId)).toHaveLength(3);
  });

  it('replaces a document: one record, one object, the count unchanged', async () => {
    const before = (await api<DocumentRecord[]>(url, '/api/me/documents', { token })).body.find(
      (d) => d.document_type === 'passport',
    );
    const { confirm } = await upload(url, token, 'passport', 'passport-new.png', tinyPng());
    expect(confirm?.status).toBe(200);
    expect(confirm?.body.id).toBe(before?.id);
    const passports = (await api<DocumentRecord[]>(url, '/api/me/documents', { token })).body.filter(
      (d) => d.document_type === 'passport',
    );
    expect(passports).toHaveLength(1);
    expect(passports[0]?.file_name).toBe('passport-new.png');
    const keys = await objectKeys(url, userId);
    expect(keys).toHaveLength(3);
    expect(keys).toContain(confirm?.body.file_path);
    expect(keys).not.toContain(before?.file_path);
    expect((await api<MeResponse>(url, '/api/me', { token })).body.profile.documents_count).toBe(3);
  });

  it('completes onboarding once the two required documents exist', async () => {
    const response = await api<Profile>(url, '/api/me/onboarding/complete', { token, method: 'POST' });
    expect(response.status).toBe(200);
    expect(response.body.onboarding_completed).toBe(true);
  });
});

describe('upload checks on the server', () => {
  let token: string;
  let userId: string;
  beforeAll(async () => {
    token = (await newCustomer(url)).idToken;
    userId = await userIdOf(token);
  });

  it('keeps an unconfirmed upload in the staging prefix only; confirming moves it to its final key', async () => {
    const token = (await newCustomer(url)).idToken;
    const userId = await userIdOf(token);
    const ticket = await api<UploadTicket>(url, '/api/me/documents/uploads', {
      token,
      method: 'POST',
      body: { document_type: 'rental_agreement', file_name: 'lease.pdf', file_size: tinyPdf().length },
    });
    expect(ticket.status).toBe(201);
    const put = await fetch(ticket.body.url, {
      method: 'PUT',
      headers: ticket.body.headers,
      body: new Uint8Array(tinyPdf()),
    });
    expect(put.ok).toBe(true);
    const staged = `incoming/${userId}/${ticket.body.upload_id}.pdf`;
    expect(await objectKeys(url, userId)).toEqual([staged]);

    const confirm = await api<DocumentRecord>(url, '/api/me/documents/rental_agreement', {
      token,
      method: 'PUT',
      body: { upload_id: ticket.body.upload_id, file_name: 'lease.pdf' },
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.file_path).toBe(`${userId}/${ticket.body.upload_id}.pdf`);
    expect(await objectKeys(url, userId)).toEqual([confirm.body.file_path]);
  });

  it('refuses a declared size over 10 MB with 413 before anything is uploaded', async () => {
    const { ticket } = await upload(url, token, 'passport', 'big.pdf', tinyPdf(), 11 * 1024 * 1024);
    expect(ticket.status).toBe(413);
  });

  it('rejects an 11 MB object after upload (declared small) and removes it from the bucket', async () => {
    const big = Buffer.concat([tinyPdf(), Buffer.alloc(11 * 1024 * 1024)]);
    const { confirm } = await upload(url, token, 'passport', 'big.pdf', big, 1000);
    expect(confirm?.status).toBe(413);
    expect(await objectKeys(url, userId)).toEqual([]);
    expect((await api<DocumentRecord[]>(url, '/api/me/documents', { token })).body).toEqual([]);
  });

  it('rejects content that does not match the extension (a renamed .exe) and removes it', async () => {
    const { confirm } = await upload(url, token, 'passport', 'passport.pdf', fakeExe());
    expect(confirm?.status).toBe(400);
    expect(confirm?.body.error?.message).toBe('The file content does not match its format');
    expect(await objectKeys(url, userId)).toEqual([]);
  });

  it('refuses a file the malware scan flags (locally its stub: the EICAR test signature) and removes it', async () => {
    const infected = Buffer.concat([tinyPdf(), Buffer.from(`\n% ${EICAR}\n`, 'latin1')]);
    const { confirm } = await upload(url, token, 'passport', 'passport.pdf', infected);
    expect(confirm?.status).toBe(400);
    expect(confirm?.body.error?.message).toBe('This file did not pass our security check and was not saved');
    expect(await objectKeys(url, userId)).toEqual([]);
    expect((await api<DocumentRecord[]>(url, '/api/me/documents', { token })).body).toEqual([]);
  });

  it.each([
    ['an unsupported extension', { document_type: 'passport', file_name: 'virus.exe', file_size: 10 }],
    ['an unknown document type', { document_type: 'visa', file_name: 'a.pdf', file_size: 10 }],
    ['a zero size', { document_type: 'passport', file_name: 'a.pdf', file_size: 0 }],
  ])('refuses an upload request with %s (400)', async (_name, body) => {
    expect((await api(url, '/api/me/documents/uploads', { token, method: 'POST', body })).status).toBe(400);
  });

  it('refuses to confirm an upload that never happened, or under an unknown type', async () => {
    const body = { upload_id: '00000000-0000-4000-8000-000000000000', file_name: 'a.pdf' };
    expect((await api(url, '/api/me/documents/passport', { token, method: 'PUT', body })).status).toBe(400);
    expect((await api(url, '/api/me/documents/visa', { token, method: 'PUT', body })).status).toBe(404);
    expect(
      (
        await api(url, '/api/me/documents/passport', {
          token,
          method: 'PUT',
          body: { ...body, upload_id: '../x' },
        })
      ).status,
    ).toBe(400);
  });
});

describe('customers reach only their own documents', () => {
  it("cannot confirm another customer's upload, nor see their documents", async () => {
    const owner = await newCustomer(url);
    const other = await newCustomer(url);
    const ticket = await api<{ upload_id: string; url: string; headers: Record<string, string> }>(
      url,
      '/api/me/documents/uploads',
      {
        token: owner.idToken,
        method: 'POST',
        body: { document_type: 'passport', file_name: 'p.pdf', file_size: tinyPdf().length },
      },
    );
    await fetch(ticket.body.url, {
      method: 'PUT',
      headers: ticket.body.headers,
      body: new Uint8Array(tinyPdf()),
    });

    // The other customer names the owner's upload: it resolves under their own prefix only.
    const stolen = await api(url, '/api/me/documents/passport', {
      token: other.idToken,
      method: 'PUT',
      body: { upload_id: ticket.body.upload_id, file_name: 'p.pdf' },
    });
    expect(stolen.status).toBe(400);
    expect((await api<DocumentRecord[]>(url, '/api/me/documents', { token: other.idToken })).body).toEqual(
      [],
    );

    const mine = await api(url, '/api/me/documents/passport', {
      token: owner.idToken,
      method: 'PUT',
      body: { upload_id: ticket.body.upload_id, file_name: 'p.pdf' },
    });
    expect(mine.status).toBe(200);
    expect((await api<DocumentRecord[]>(url, '/api/me/documents', { token: other.idToken })).body).toEqual(
      [],
    );
  });
});
