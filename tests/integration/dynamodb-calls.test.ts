// DynamoDB calls per request on the hot routes, counted outside the product (the
// local gateway runs each handler in its own async context and counts, through Node's
// `http.client.request.start` diagnostics channel, the requests carrying DynamoDB's
// `x-amz-target`; infra/local/dynamodb-calls.ts) and handed back in a response header.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { setOverdueTasks } from '../../functions/src/store/profiles';
import { DYNAMODB_CALLS_HEADER, parseCalls } from '../../infra/local/dynamodb-calls';
import { adminToken, dateFromToday } from '../support/auth';
import { customerWith } from '../support/customers';
import { uploadExpiring } from '../support/documents';
import { pointStoreAt } from '../support/store-env';

const url = inject('stackUrl');
let admin: string;
beforeAll(async () => {
  admin = await adminToken(url);
});

/** The request's status and the DynamoDB operations it made, e.g. { BatchGetItem: 1, Query: 1 }. */
async function callsOf(path: string, token: string, method = 'GET', body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  await response.text();
  const operations = parseCalls(response.headers.get(DYNAMODB_CALLS_HEADER));
  const total = Object.values(operations).reduce((sum, count) => sum + count, 0);
  return { status: response.status, operations, total };
}

describe('DynamoDB calls per request', () => {
  it('the count is wired up: an unauthenticated request makes none, /api/me exactly its account read', async () => {
    const none = await callsOf('/api/me', 'not-a-token');
    expect(none).toMatchObject({ status: 401, total: 0 });
    const c = await customerWith(url, { arrival: dateFromToday(-20), onboarded: true, verified: true });
    expect(await callsOf('/api/me', c.idToken)).toEqual({
      status: 200,
      operations: { BatchGetItem: 1 },
      total: 1,
    });
  });

  it('the journey: its first load after phases unlock writes the new tasks in a few calls, later loads read only', async () => {
    // Arrived 70 days ago: phases 2 to 4 unlocked, their tasks assigned on the first load.
    const c = await customerWith(url, { arrival: dateFromToday(-70), onboarded: true, verified: true });
    const first = await callsOf('/api/me/journey', c.idToken);
    expect(first.status).toBe(200);
    // The partition query (which admits the caller too), one transaction with the 13 new tasks.
    expect(first).toEqual({
      status: 200,
      operations: { Query: 1, TransactWriteItems: 1 },
      total: 2,
    });
    const steady = await callsOf('/api/me/journey', c.idToken);
    expect(steady).toEqual({ status: 200, operations: { Query: 1 }, total: 1 });
    expect(await callsOf('/api/me/workflows', c.idToken)).toEqual({
      status: 200,
      operations: { Query: 1 },
      total: 1,
    });
  });

  it('the admin: list page, stats, user detail and verification', async () => {
    const c = await customerWith(url, { arrival: dateFromToday(10), onboarded: true });
    // On the Overdue tasks list too, as its count's writers (the daily job, task and date
    // changes) put a customer there: through the store function they write the count with.
    await pointStoreAt(url);
    await setOverdueTasks(c.userId, 1);
    // On the Expiring within 90 days list: a certificate expiring in 20 days (its upload counts it).
    await uploadExpiring(url, c.idToken, 'health_insurance_certificate', dateFromToday(20));
    // The admin's own account read, then one Query (all customers are the profiles themselves)
    // or one Query and one BatchGet of the listed customers' profiles.
    expect(await callsOf('/api/admin/users', admin)).toEqual({
      status: 200,
      operations: { BatchGetItem: 1, Query: 1 },
      total: 2,
    });
    for (const filter of ['pending', 'overdue', 'expiring'])
      expect(await callsOf(`/api/admin/users?filter=${filter}`, admin), filter).toEqual({
        status: 200,
        operations: { BatchGetItem: 2, Query: 1 },
        total: 3,
      });
    expect(await callsOf('/api/admin/stats', admin)).toMatchObject({ status: 200, total: 2 });
    // Beyond the admin's own account read (a BatchGetItem of tombstone and profile): the
    // detail is one Query of the customer's partition (the profile is in it, not read again);
    // verification reads the customer's state and writes it with the phase-1 tasks in one
    // transaction (the catalogue is cached per container).
    const detail = await callsOf(`/api/admin/users/${c.userId}`, admin);
    expect(detail).toEqual({ status: 200, operations: { BatchGetItem: 1, Query: 1 }, total: 2 });
    const verified = await callsOf(`/api/admin/users/${c.userId}/verify`, admin, 'POST');
    // Verifying an onboarded customer makes reminders due to them: their partition is read once
    // more and their reminder schedule written (services/reminder-schedule.ts).
    expect(verified).toEqual({
      status: 200,
      operations: { BatchGetItem: 1, GetItem: 1, Query: 1, TransactWriteItems: 2 },
      total: 5,
    });
    // Verified, the detail names who verified: one read more, of that admin's profile.
    const verifiedDetail = await callsOf(`/api/admin/users/${c.userId}`, admin);
    expect(verifiedDetail).toEqual({
      status: 200,
      operations: { BatchGetItem: 1, GetItem: 1, Query: 1 },
      total: 3,
    });
  });
});
