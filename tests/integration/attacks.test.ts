// The hostile-user findings (deletion is final, one account per address, upload tickets bound
// and confirmed once, no 5xx for broken input, …), each as a test that failed before its fix, plus the
// object-level and race checks that stay. Everything against the real local stack.
import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { DocumentRecord, JourneyResponse, MeResponse, Page, Profile, UploadTicket } from '@shared/api';
import { describe, expect, inject, it } from 'vitest';
import { writeTombstone } from '../../functions/src/store/accounts';
import { badTokens, customerWithEverything, partitionItems, snapshot } from '../support/attack';
import {
  adminToken,
  api,
  cognitoCall,
  cognitoClient,
  confirmFromMailbox,
  dateFromToday,
  login,
  mailbox,
  newCustomer,
  pendingDeletions,
  runtimeConfig,
  signUp,
  uniqueEmail,
} from '../support/auth';
import { customerWith } from '../support/customers';
import { objectKeys, upload } from '../support/documents';
import { tinyPdf } from '../support/files';
import { serviceRequestBody } from '../support/service-answers';
import { pointStoreAt } from '../support/store-env';

const url = inject('stackUrl');

const ticketFor = (token: string, type: string, fileName = `${type}.pdf`) =>
  api<UploadTicket>(url, '/api/me/documents/uploads', {
    token,
    method: 'POST',
    body: { document_type: type, file_name: fileName, file_size: tinyPdf().length },
  });
const putBytes = (ticket: UploadTicket) =>
  fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body: new Uint8Array(tinyPdf()) });
const confirm = (token: string, type: string, uploadId: string, fileName = `${type}.pdf`) =>
  api<DocumentRecord>(url, `/api/me/documents/${type}`, {
    token,
    method: 'PUT',
    body: { upload_id: uploadId, file_name: fileName },
  });
const customerIds = async (admin: string) => {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { body: Page<Profile> } = await api<Page<Profile>>(
      url,
      `/api/admin/users?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
      { token: admin },
    );
    ids.push(...page.body.items.map((p) => p.id));
    cursor = page.body.nextCursor;
  } while (cursor);
  return ids;
};

/** After a deletion: nothing of the user anywhere, login refused, old tokens refused and writing nothing. */
async function expectGoneForGood(user: {
  userId: string;
  email: string;
  password: string;
  idToken: string;
  refreshToken: string;
}) {
  const admin = await adminToken(url);
  for (const [method, path, body] of [
    ['GET', '/api/me', undefined],
    ['PUT', '/api/me/language', { language: 'de' }],
    ['GET', '/api/me/journey', undefined],
    ['GET', '/api/me/workflows', undefined],
    ['GET', '/api/me/documents', undefined],
    ['POST', '/api/me/documents/uploads', { document_type: 'passport', file_name: 'p.pdf', file_size: 100 }],
    ['PUT', '/api/me/profile', { first_name: 'Ghost' }],
  ] as const) {
    expect({ path, status: (await api(url, path, { token: user.idToken, method, body })).status }).toEqual({
      path,
      status: 401,
    });
  }
  const left = await snapshot(url, user.userId);
  expect(left.items).toEqual([]);
  expect(left.objects).toEqual([]);
  // Only the tombstone names the id, with nothing personal in it, until DynamoDB's TTL removes it.
  expect(Object.keys(left.tombstone ?? {}).sort()).toEqual(['PK', 'SK', 'deleted_at', 'expires_at']);
  expect(await customerIds(admin)).not.toContain(user.userId);
  expect((await api(url, `/api/admin/users/${user.userId}`, { token: admin })).status).toBe(404);
  await expect(login(url, user.email, user.password)).rejects.toThrow();
  const config = await runtimeConfig(url);
  const refreshed = await cognitoCall(url, 'GetTokensFromRefreshToken', {
    RefreshToken: user.refreshToken,
    ClientId: config.auth.userPoolClientId,
  });
  expect(refreshed.status).toBe(400);
}

describe('1. a deleted account never comes back', () => {
  it('unverified self-deletion: the old token gets 401 everywhere and writes nothing', async () => {
    const c = await customerWith(url);
    await upload(url, c.idToken, 'passport', 'p.pdf', tinyPdf());
    await ticketFor(c.idToken, 'employment_contract').then((t) => putBytes(t.body));
    const deleted = await api(url, '/api/me/deletion', { token: c.idToken, method: 'POST', body: {} });
    expect(deleted.body).toMatchObject({ deleted: true });
    await expectGoneForGood(c);
  });

  it('admin deletion of a verified customer with a pending request: the same', async () => {
    const c = await customerWithEverything(url);
    await api(url, '/api/me/deletion', { token: c.idToken, method: 'POST', body: { reason: 'moving on' } });
    const admin = await adminToken(url);
    const removed = await api(url, `/api/admin/users/${c.userId}`, {
      token: admin,
      method: 'DELETE',
      body: { confirmationEmail: c.email.toUpperCase() },
    });
    expect(removed.status).toBe(204);
    await expectGoneForGood(c);
    const pending = await pendingDeletions(url, admin);
    expect(pending.map((r) => r.user_id)).not.toContain(c.userId);
  });
});

describe('1b. a deletion stopped after its first step still locks the account out', () => {
  it('refuses the old token on routes admitted by the account read and by the partition read alike', async () => {
    const c = await customerWithEverything(url);
    await pointStoreAt(url);
    const journey = await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken });
    const taskId = journey.body.phases[0]?.tasks.find((t) => !t.is_preview)?.id ?? 'none';
    // Deletion's first step only, as if the rest had failed: the profile and everything else stay.
    await writeTombstone(c.userId, new Date());
    for (const [method, path] of [
      ['GET', '/api/me'],
      ['GET', '/api/me/journey'],
      ['GET', '/api/me/workflows'],
      ['POST', `/api/me/tasks/${taskId}/complete`],
      ['GET', '/api/me/documents'],
    ] as const) {
      const status = (
        await api(url, path, { token: c.idToken, method, body: method === 'POST' ? {} : undefined })
      ).status;
      expect({ path, status }).toEqual({ path, status: 401 });
    }
  });
});

describe('2. a pending deletion request stops every write', () => {
  it('refuses upload tickets and assigns no tasks, while the language may still change', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(-20), verified: true });
    await api(url, '/api/me/deletion', { token: c.idToken, method: 'POST', body: {} });
    const before = await snapshot(url, c.userId);
    expect((await ticketFor(c.idToken, 'passport')).status).toBe(409);
    const journey = await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken });
    expect(journey.status).toBe(200);
    // Phases unlocked since arrival show previews instead of new tasks.
    const arrival = journey.body.phases.find((p) => p.phase_name === 'arrival');
    expect(arrival?.unlocked).toBe(true);
    expect(arrival?.tasks.every((t) => t.is_preview)).toBe(true);
    expect(await snapshot(url, c.userId)).toEqual(before);
    expect(
      (await api(url, '/api/me/language', { token: c.idToken, method: 'PUT', body: { language: 'de' } }))
        .status,
    ).toBe(200);
  });
});

describe('3. one person, one account (e-mail case-insensitive)', () => {
  it('refuses a sign-up with the same address in other case, and signs in with any case', async () => {
    const email = uniqueEmail('case');
    await signUp(url, email, 'secret-pass');
    await confirmFromMailbox(url, email);
    const shouted = email.replace(/^./, (ch) => ch.toUpperCase()).replace('example.com', 'Example.COM');
    const config = await runtimeConfig(url);
    await expect(
      cognitoClient(url).send(
        new SignUpCommand({
          ClientId: config.auth.userPoolClientId,
          Username: shouted,
          Password: 'secret-pass',
          UserAttributes: [{ Name: 'email', Value: shouted }],
        }),
      ),
    ).rejects.toThrow(expect.objectContaining({ name: 'UsernameExistsException' }));
    const lower = await login(url, email, 'secret-pass');
    const upper = await login(url, shouted, 'secret-pass');
    const me = (token: string) => api<MeResponse>(url, '/api/me', { token });
    expect((await me(upper.idToken)).body.profile.id).toBe((await me(lower.idToken)).body.profile.id);
  });

  it("refuses an admin's change to another user's address in other case", async () => {
    const [first, second] = await Promise.all([newCustomer(url), newCustomer(url)]);
    const admin = await adminToken(url);
    const secondId = (await api<MeResponse>(url, '/api/me', { token: second.idToken })).body.profile.id;
    const changed = await api(url, `/api/admin/users/${secondId}`, {
      token: admin,
      method: 'PATCH',
      body: { first_name: 'Second', last_name: 'User', email: first.email.toUpperCase() },
    });
    expect(changed.status).toBe(409);
    expect((await api<MeResponse>(url, '/api/me', { token: second.idToken })).body.profile.email).toBe(
      second.email,
    );
  });
});

describe('4-6. an upload becomes exactly one record of the document it was issued for', () => {
  it('4. refuses to confirm a passport ticket as an employment contract', async () => {
    const c = await newCustomer(url);
    const me = (await api<MeResponse>(url, '/api/me', { token: c.idToken })).body.profile;
    const ticket = (await ticketFor(c.idToken, 'passport', 'p.pdf')).body;
    await putBytes(ticket);
    const wrong = await confirm(c.idToken, 'employment_contract', ticket.upload_id, 'p.pdf');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: { messageKey: 'apiErrors.uploadMismatch' } });
    expect((await partitionItems(url, me.id)).filter((i) => String(i.SK).startsWith('DOC#'))).toEqual([]);
    expect((await confirm(c.idToken, 'passport', ticket.upload_id, 'p.pdf')).status).toBe(200);
  });

  it('5. the same upload confirmed twice at once: one record, the other request 409', async () => {
    const c = await newCustomer(url);
    const userId = (await api<MeResponse>(url, '/api/me', { token: c.idToken })).body.profile.id;
    const ticket = (await ticketFor(c.idToken, 'passport')).body;
    await putBytes(ticket);
    const results = await Promise.all([
      confirm(c.idToken, 'passport', ticket.upload_id),
      confirm(c.idToken, 'passport', ticket.upload_id),
      confirm(c.idToken, 'employment_contract', ticket.upload_id, 'passport.pdf'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 409]);
    const docs = (await partitionItems(url, userId)).filter((i) => String(i.SK).startsWith('DOC#'));
    expect(docs.map((d) => d.SK)).toEqual(['DOC#passport']);
    expect(await objectKeys(url, userId)).toEqual([docs[0]?.file_path]);
    // Confirming again later answers with the record it became.
    expect((await confirm(c.idToken, 'passport', ticket.upload_id)).body).toMatchObject({ id: docs[0]?.id });
  });

  it('6. three first uploads of one type at once: one record, no file left of the two losers', async () => {
    const c = await newCustomer(url);
    const userId = (await api<MeResponse>(url, '/api/me', { token: c.idToken })).body.profile.id;
    const tickets = await Promise.all([1, 2, 3].map(() => ticketFor(c.idToken, 'passport')));
    await Promise.all(tickets.map((t) => putBytes(t.body)));
    const results = await Promise.all(tickets.map((t) => confirm(c.idToken, 'passport', t.body.upload_id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.status === 200)?.body as DocumentRecord;
    expect(await objectKeys(url, userId)).toEqual([winner.file_path]);
    const items = await partitionItems(url, userId);
    expect(items.filter((i) => String(i.SK).startsWith('UPLOAD#'))).toEqual([]);
    expect(items.find((i) => i.SK === 'PROFILE')?.documents_count).toBe(1);
  });
});

describe('7. no 5xx for any input', () => {
  it('answers broken percent-encoding, forged cursors and oversized ids with a 4xx', async () => {
    const admin = await adminToken(url);
    const c = await newCustomer(url);
    expect((await api(url, '/api/admin/users/%E0%A4%A', { token: admin })).status).toBe(400);
    expect(
      (await api(url, '/api/me/tasks/%ZZ/complete', { token: c.idToken, method: 'POST', body: {} })).status,
    ).toBe(400);
    const forged = Buffer.from(JSON.stringify({ GSI1PK: 'CUSTOMERS' })).toString('base64url');
    const page = await api<{ error: { code: string } }>(url, `/api/admin/users?cursor=${forged}`, {
      token: admin,
    });
    expect(page.status).toBe(400);
    expect(page.body.error.code).toBe('bad_request');
    const long = 'a'.repeat(2100);
    expect((await api(url, `/api/admin/users/${long}`, { token: admin })).status).toBe(404);
    expect((await api(url, `/api/admin/documents/${long}/download`, { token: admin })).status).toBe(404);
    expect(
      (await api(url, `/api/me/tasks/${long}/complete`, { token: c.idToken, method: 'POST', body: {} }))
        .status,
    ).toBe(404);
  });
});

describe('8. the local origin sends the security headers CloudFront sends', () => {
  it('on API responses and on the app origin', async () => {
    for (const path of ['/api/health', '/config.json', '/']) {
      const response = await fetch(`${url}${path}`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
    }
  });
});

describe("9. Cognito's own self-service cannot go around the product", () => {
  it('refuses DeleteUser and e-mail changes from the browser; the account stays whole', async () => {
    const c = await customerWithEverything(url);
    const before = await snapshot(url, c.userId);
    for (const [target, body] of [
      ['DeleteUser', { AccessToken: c.accessToken }],
      [
        'UpdateUserAttributes',
        { AccessToken: c.accessToken, UserAttributes: [{ Name: 'email', Value: uniqueEmail() }] },
      ],
    ] as const) {
      const response = await cognitoCall(url, target, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { __type: string }).__type).toBe('NotAuthorizedException');
    }
    expect((await login(url, c.email, c.password)).idToken).toBeTruthy();
    expect(await snapshot(url, c.userId)).toEqual(before);
  });
});

describe("object level: customer B with customer A's ids", () => {
  it("reaches nothing of A's and changes nothing", async () => {
    const [a, b] = await Promise.all([
      customerWithEverything(url),
      customerWith(url, { arrival: dateFromToday(30), verified: true }),
    ]);
    const before = await snapshot(url, a.userId);
    const attempts = await Promise.all([
      api(url, `/api/me/tasks/${a.taskId}/complete`, { token: b.idToken, method: 'POST', body: {} }),
      api(url, `/api/me/tasks/${a.serviceTaskId}/service-request`, {
        token: b.idToken,
        method: 'POST',
        body: serviceRequestBody('health_insurance'),
      }),
      api(url, `/api/me/tasks/${a.workflowId}/complete`, { token: b.idToken, method: 'POST', body: {} }),
      api(url, `/api/me/tasks/${a.documentId}/complete`, { token: b.idToken, method: 'POST', body: {} }),
      confirm(b.idToken, 'employment_contract', a.uploadId, 'contract.pdf'),
      confirm(b.idToken, 'passport', a.uploadId, 'contract.pdf'),
      api(url, `/api/me/documents/by-id/${a.documentId}`, { token: b.idToken, method: 'DELETE' }),
      api(url, `/api/me/documents/by-id/${a.documentId}`, {
        token: b.idToken,
        method: 'PATCH',
        body: { expires_on: null },
      }),
    ]);
    expect(attempts.map((r) => r.status)).toEqual([404, 404, 404, 404, 400, 400, 404, 404]);
    const seen = await Promise.all(
      ['/api/me/documents', '/api/me/workflows', '/api/me/journey', '/api/me'].map((path) =>
        api(url, path, { token: b.idToken }).then((r) => JSON.stringify(r.body)),
      ),
    );
    for (const body of seen) {
      for (const id of [a.userId, a.taskId, a.workflowId, a.documentId, a.uploadId])
        expect(body).not.toContain(id);
    }
    expect(await snapshot(url, a.userId)).toEqual(before);
  });
});

describe('races', () => {
  it('parallel service requests for one task make exactly one workflow', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(30), verified: true });
    const journey = await api<JourneyResponse>(url, '/api/me/journey', { token: c.idToken });
    const task = journey.body.phases.flatMap((p) => p.tasks).find((t) => t.task_template_id === 'esim_card');
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        api(url, `/api/me/tasks/${task?.id}/service-request`, {
          token: c.idToken,
          method: 'POST',
          body: serviceRequestBody('esim_card'),
        }),
      ),
    );
    expect(results.filter((r) => r.status < 300)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    expect(
      (await partitionItems(url, c.userId)).filter((i) => String(i.SK).startsWith('WORKFLOW#')),
    ).toHaveLength(1);
  });

  it('parallel verifications verify once and send one mail', async () => {
    const c = await customerWith(url);
    const admin = await adminToken(url);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        api(url, `/api/admin/users/${c.userId}/verify`, { token: admin, method: 'POST', body: {} }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const mails = (await mailbox(url)).filter(
      (m) => m.to === c.email && m.subject === 'Your account has been verified',
    );
    expect(mails).toHaveLength(1);
    const tasks = (await partitionItems(url, c.userId)).filter((i) => String(i.SK).startsWith('TASK#'));
    expect(new Set(tasks.map((t) => t.SK)).size).toBe(tasks.length);
  });
});

describe('forged tokens (the emulator key is public, so these prove the checks, not the key)', () => {
  it('refuses an expired, a foreign-audience and a foreign-issuer token although correctly signed', async () => {
    const c = await newCustomer(url);
    const tokens = badTokens(c.idToken, c.accessToken);
    for (const kind of ['expired', 'wrongAudience', 'wrongIssuer', 'algNone'] as const) {
      expect({ kind, status: (await api(url, '/api/me', { token: tokens[kind] })).status }).toEqual({
        kind,
        status: 401,
      });
    }
  });
});
