import { Metrics } from '@aws-lambda-powertools/metrics';
import {
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { Conflict, ImportRefused } from '../lib/errors';
import { log } from '../lib/log';
import { countMetric, METRIC_DIMENSIONS, METRICS_NAMESPACE } from '../lib/metrics';
import { findRoute, ROUTES, type RouteConfig, routeKey, routes } from '../routes';
import { newProfile } from '../store/profiles';
import { captureOutput } from '../test-fixtures';
import { type ApiEvent, apiHandler } from './http';

const context = { awsRequestId: 'req-1' } as Context;

function event(routeKey: string, claims?: Record<string, string>, body?: string): ApiEvent {
  return {
    routeKey,
    body,
    isBase64Encoded: false,
    requestContext: { authorizer: claims ? { jwt: { claims, scopes: [] } } : undefined },
  } as unknown as ApiEvent;
}

const ddb = mockClient(DynamoDBDocumentClient);
// Admission confirms an admin's token against the Cognito group (edge/admission.ts).
const cognito = mockClient(CognitoIdentityProviderClient);
/** The users with software token MFA turned on in Cognito. */
let secondFactors = new Set<string>();
/** The stored account items per user id (profile with role, or a tombstone). */
let stored: Record<string, Record<string, unknown>[]> = {};

beforeEach(() => {
  process.env.TABLE_NAME = 't';
  process.env.USER_POOL_ID = 'pool';
  cognito.reset();
  cognito.on(AdminListGroupsForUserCommand).callsFake((input: { Username: string }) => ({
    Groups: ['a1', 'a2'].includes(input.Username) ? [{ GroupName: 'admin' }] : [],
  }));
  // a1 has an authenticator app turned on; a2 has none yet.
  secondFactors = new Set(['a1']);
  cognito.on(AdminGetUserCommand).callsFake((input: { Username: string }) => ({
    Username: input.Username,
    UserMFASettingList: secondFactors.has(input.Username) ? ['SOFTWARE_TOKEN_MFA'] : [],
  }));
  captureOutput(); // the tests that read the lines capture them again
  ddb.reset();
  stored = {
    u1: [
      {
        ...newProfile('u1', 'c@example.com', '2026-01-01T00:00:00Z'),
        PK: 'USER#u1',
        SK: 'PROFILE',
        role: 'customer',
      },
    ],
    a1: [
      {
        ...newProfile('a1', 'a@example.com', '2026-01-01T00:00:00Z'),
        PK: 'USER#a1',
        SK: 'PROFILE',
        role: 'admin',
      },
    ],
    a2: [
      {
        ...newProfile('a2', 'new-admin@example.com', '2026-01-01T00:00:00Z'),
        PK: 'USER#a2',
        SK: 'PROFILE',
        role: 'admin',
      },
    ],
  };
  // The account read: the profile and tombstone keys asked for, as far as they are stored.
  ddb.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: Key[] }> }) => {
    const keys = input.RequestItems.t?.Keys ?? [];
    const found = Object.values(stored)
      .flat()
      .filter((item) => keys.some((k) => k.PK === item.PK && k.SK === item.SK));
    return { Responses: { t: found } };
  });
  // A partition read: every stored item under the partition key.
  ddb.on(QueryCommand).callsFake((input: { ExpressionAttributeValues: { ':pk': string } }) => ({
    Items: Object.values(stored)
      .flat()
      .filter((item) => item.PK === input.ExpressionAttributeValues[':pk']),
  }));
});

afterEach(() => vi.restoreAllMocks());

type Key = { PK: string; SK: string };
/** What account deletion's first step writes: the tombstone and its twin in the partition. */
const deletionBegun = (id: string) => [
  { PK: `DELETED#${id}`, SK: 'TOMBSTONE' },
  { PK: `USER#${id}`, SK: 'DELETING' },
];

const customer = { sub: 'u1', email: 'c@example.com', token_use: 'id' };
const admin = { ...customer, sub: 'a1', 'cognito:groups': '[admin]' };
const status = (result: unknown) => (result as { statusCode: number }).statusCode;
const body = (result: unknown) => JSON.parse((result as { body: string }).body);

/** A handler for the route an event names, answering with whatever the request carried. */
const echoFor = (key: string) => {
  const route = findRoute(key);
  if (!route) throw new Error(`no route ${key}`);
  return apiHandler(route as RouteConfig, async (req) => ({ body: req }));
};
const spyFor = (key: string, run: () => Promise<{ body: null }>) => {
  const route = findRoute(key);
  if (!route) throw new Error(`no route ${key}`);
  return apiHandler(route as RouteConfig, run);
};

describe('apiHandler authorization (from the route table)', () => {
  const echo = apiHandler(ROUTES['get-me'], async ({ caller }) => ({ body: caller }));

  it('passes the caller of a user route through, with the profile read as it was admitted', async () => {
    const result = await echo(event('GET /api/me', customer), context);
    expect(status(result)).toBe(200);
    expect(body(result)).toMatchObject({ userId: 'u1', email: 'c@example.com', role: 'customer' });
    expect(body(result).profile).toMatchObject({ id: 'u1', email: 'c@example.com' });
    const read = ddb.commandCalls(BatchGetCommand)[0]?.args[0].input.RequestItems?.t;
    expect(read?.ConsistentRead).toBe(true);
    expect(read?.Keys).toEqual([
      { PK: 'USER#u1', SK: 'PROFILE' },
      { PK: 'DELETED#u1', SK: 'TOMBSTONE' },
      { PK: 'USER#u1', SK: 'MEMBERSHIP' },
    ]);
  });

  it('401s a valid token whose account is being deleted, before the handler runs', async () => {
    stored.u1?.push(...deletionBegun('u1'));
    const run = vi.fn(async () => ({ body: null }));
    for (const key of [
      'GET /api/me',
      'GET /api/me/journey',
      'POST /api/me/documents/uploads',
      'GET /api/admin/users',
    ]) {
      expect(status(await spyFor(key, run)(event(key, customer), context))).toBe(401);
    }
    expect(run).not.toHaveBeenCalled();
  });

  it('admits a partition route from one consistent Query of the partition and hands it to the handler', async () => {
    stored.u1?.push({ PK: 'USER#u1', SK: 'TASK#work_visa', id: 't1', task_template_id: 'work_visa' });
    const handler = apiHandler(ROUTES['get-journey'], async ({ caller }) => ({ body: caller }));
    const result = await handler(event('GET /api/me/journey', customer), context);
    expect(status(result)).toBe(200);
    expect(body(result).profile).toMatchObject({ id: 'u1' });
    expect(body(result).partition.tasks).toEqual([{ id: 't1', task_template_id: 'work_visa' }]);
    expect(ddb.commandCalls(BatchGetCommand)).toHaveLength(0);
    const queries = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(queries).toEqual([expect.objectContaining({ ConsistentRead: true })]);
    // The partition up to its history (messages, audit details), which sorts after '~'.
    expect(queries[0]?.KeyConditionExpression).toBe('#pk = :pk AND #sk < :sk');
    expect(queries[0]?.ExpressionAttributeValues).toEqual({ ':pk': 'USER#u1', ':sk': '~' });
  });

  it.each([
    [
      'the marker alone (the tombstone is outside the partition)',
      () => stored.u1?.push({ PK: 'USER#u1', SK: 'DELETING' }),
    ],
    ['no profile', () => (stored.u1 = [])],
  ])('a partition route 401s on %s, before the handler runs', async (_what, setup) => {
    setup();
    const run = vi.fn(async () => ({ body: null }));
    for (const key of [
      'GET /api/me/journey',
      'GET /api/me/workflows',
      'POST /api/me/tasks/{taskId}/complete',
      'POST /api/me/tasks/{taskId}/service-request',
    ]) {
      expect(status(await spyFor(key, run)(event(key, customer), context))).toBe(401);
    }
    expect(run).not.toHaveBeenCalled();
  });

  it('401s a valid token without a profile on every route that does not create one', async () => {
    stored.u1 = [];
    const run = vi.fn(async () => ({ body: null }));
    const language = spyFor('PUT /api/me/language', run);
    expect(status(await language(event('PUT /api/me/language', customer), context))).toBe(401);
    const documents = spyFor('GET /api/me/documents', run);
    expect(status(await documents(event('GET /api/me/documents', customer), context))).toBe(401);
    expect(run).not.toHaveBeenCalled();
  });

  it('404s path parameters that cannot name anything, before the handler runs', async () => {
    const run = vi.fn(async () => ({ body: null }));
    const handler = apiHandler(ROUTES['admin-get-user'], run);
    const withParams = (pathParameters: Record<string, string>) =>
      ({ ...event('GET /api/admin/users/{userId}', admin), pathParameters }) as ApiEvent;
    expect(status(await handler(withParams({ userId: 'a'.repeat(129) }), context))).toBe(404);
    expect(status(await handler(withParams({ userId: 'x"; DROP' }), context))).toBe(404);
    expect(status(await handler(withParams({ userId: '__proto__' }), context))).toBe(200);
    expect(
      status(await handler(withParams({ userId: '9b2f0f0e-5d1c-4c59-9d6b-1c1f3c1a2b3c' }), context)),
    ).toBe(200);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('401s without verified claims, and for access tokens', async () => {
    const anonymous = await echo(event('GET /api/me'), context);
    expect(status(anonymous)).toBe(401);
    expect(body(anonymous).error).toEqual({
      code: 'unauthorized',
      message: 'Not authenticated',
      messageKey: 'apiErrors.notAuthenticated',
    });
    expect(status(await echo(event('GET /api/me', { ...customer, token_use: 'access' }), context))).toBe(401);
  });

  it('403s a customer on an admin route and admits an admin', async () => {
    const users = echoFor('GET /api/admin/users');
    expect(status(await users(event('GET /api/admin/users', customer), context))).toBe(403);
    expect(status(await users(event('GET /api/admin/users', admin), context))).toBe(200);
  });

  it('403s mfa_required to an admin without an authenticator app on every admin route, not on user routes', async () => {
    const newAdmin = { ...admin, sub: 'a2', email: 'new-admin@example.com' };
    for (const route of routes.filter((r) => r.access === 'admin')) {
      const key = routeKey(route);
      const result = await echoFor(key)(event(key, newAdmin), context);
      expect(status(result), key).toBe(403);
      expect(body(result).error, key).toMatchObject({
        code: 'mfa_required',
        messageKey: 'apiErrors.secondFactorRequired',
      });
    }
    expect(status(await echo(event('GET /api/me', newAdmin), context))).toBe(200);
  });

  it('trusts an admin second factor for 30 seconds per container, and a missing one never', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z'), toFake: ['Date'] });
    try {
      const newAdmin = { ...admin, sub: 'a2', email: 'new-admin@example.com' };
      const users = echoFor('GET /api/admin/users');
      const asked = () => cognito.commandCalls(AdminGetUserCommand).length;
      expect(status(await users(event('GET /api/admin/users', newAdmin), context))).toBe(403);
      secondFactors.add('a2'); // enrolled: counts at once
      expect(status(await users(event('GET /api/admin/users', newAdmin), context))).toBe(200);
      const before = asked();
      secondFactors.delete('a2'); // reset by an operator
      vi.setSystemTime(new Date('2026-03-01T10:00:29Z'));
      expect(status(await users(event('GET /api/admin/users', newAdmin), context))).toBe(200);
      expect(asked()).toBe(before);
      vi.setSystemTime(new Date('2026-03-01T10:00:31Z'));
      expect(status(await users(event('GET /api/admin/users', newAdmin), context))).toBe(403);
    } finally {
      vi.useRealTimers();
    }
  });

  it("403s an event for any route but the handler's own (deny by default)", async () => {
    expect(status(await echo(event('GET /api/unlisted', admin), context))).toBe(403);
    expect(status(await echo(event('GET /api/admin/users', admin), context))).toBe(403);
  });

  it('lets public routes through without a token, and gives their handler no caller', async () => {
    const health = echoFor('GET /api/health');
    const result = await health(event('GET /api/health'), context);
    expect(status(result)).toBe(200);
    expect(body(result)).not.toHaveProperty('caller');
  });
});

describe('apiHandler raw replies (not JSON)', () => {
  it('sends the text and headers as they are, never stored by a cache, an empty one too', async () => {
    const feed = apiHandler(ROUTES.health, async () => ({
      raw: { text: 'BEGIN:VCALENDAR\r\n', headers: { 'content-type': 'text/calendar; charset=utf-8' } },
    }));
    expect(await feed(event('GET /api/health'), context)).toEqual({
      statusCode: 200,
      headers: { 'cache-control': 'no-store', 'content-type': 'text/calendar; charset=utf-8' },
      body: 'BEGIN:VCALENDAR\r\n',
    });
    const gone = apiHandler(ROUTES.health, async () => ({ status: 404, raw: { text: '', headers: {} } }));
    expect(await gone(event('GET /api/health'), context)).toEqual({
      statusCode: 404,
      headers: { 'cache-control': 'no-store' },
      body: '',
    });
  });
});

describe('apiHandler path and query parameters (schemas on the route row)', () => {
  const withEvent = (key: string, extra: Partial<ApiEvent>, claims: Record<string, string> = admin) =>
    ({ ...event(key, claims), ...extra }) as ApiEvent;

  it("parses the query with the route's schema: defaults applied, failures a 400 per field", async () => {
    const users = apiHandler(ROUTES['admin-list-users'], async ({ query }) => ({ body: query }));
    const fine = await users(withEvent('GET /api/admin/users', { queryStringParameters: {} }), context);
    expect(body(fine)).toEqual({ limit: 50, filter: 'total' });
    const broken = await users(
      withEvent('GET /api/admin/users', { queryStringParameters: { limit: 'lots' } }),
      context,
    );
    expect(status(broken)).toBe(400);
    expect(body(broken).error).toMatchObject({
      code: 'validation_failed',
      fields: { limit: expect.any(String) },
    });
  });

  it('falls back to inline for a disposition it does not know, as the download link always did', async () => {
    const download = apiHandler(ROUTES['admin-download-document'], async ({ params, query }) => ({
      body: { params, query },
    }));
    const result = await download(
      withEvent('GET /api/admin/documents/{documentId}/download', {
        pathParameters: { documentId: 'd-1' },
        queryStringParameters: { disposition: 'sideways' },
      }),
      context,
    );
    expect(body(result)).toEqual({ params: { documentId: 'd-1' }, query: { disposition: 'inline' } });
  });

  it('404s a document type the route does not know, with the message that says so', async () => {
    const run = vi.fn(async () => ({ body: null }));
    const confirm = apiHandler(ROUTES['confirm-upload'], run);
    const result = await confirm(
      withEvent('PUT /api/me/documents/{type}', { pathParameters: { type: 'visa' }, body: '{}' }, customer),
      context,
    );
    expect(status(result)).toBe(404);
    expect(body(result).error.messageKey).toBe('apiErrors.unknownDocumentType');
    expect(run).not.toHaveBeenCalled();
  });
});

describe('apiHandler bodies and errors', () => {
  const schema = z.object({ name: z.string().min(1, 'validation.required') });
  const route = { ...ROUTES['get-me'], body: schema };
  const handler = apiHandler(route, async ({ body }) => ({ status: 201, body }));

  it('parses and validates JSON bodies with the zod schema', async () => {
    expect(body(await handler(event('GET /api/me', customer, '{"name":"Anna"}'), context))).toEqual({
      name: 'Anna',
    });
    const invalid = await handler(event('GET /api/me', customer, '{"name":""}'), context);
    expect(status(invalid)).toBe(400);
    expect(body(invalid).error).toEqual({
      code: 'validation_failed',
      message: 'Invalid input',
      messageKey: 'apiErrors.invalidInput',
      fields: { name: 'validation.required' },
    });
    const broken = await handler(event('GET /api/me', customer, '{nope'), context);
    expect(status(broken)).toBe(400);
    expect(body(broken).error.code).toBe('bad_request');
  });

  it("answers an import file's bad rows in the error body, each by line and reason", async () => {
    const rows = [
      { line: 3, reason: 'validation.invalidEmail' },
      { line: 7, reason: 'validation.importDuplicate' },
    ];
    const importing = apiHandler(ROUTES['get-me'], async () => {
      throw new ImportRefused(rows);
    });
    const refused = await importing(event('GET /api/me', customer), context);
    expect(status(refused)).toBe(400);
    expect(body(refused).error).toEqual({
      code: 'validation_failed',
      message: 'Invalid input',
      messageKey: 'apiErrors.invalidInput',
      fields: { csv: 'validation.invalidEmail' },
      rows,
    });
  });

  it('maps each domain error to its status and anything else to a logged 500', async () => {
    const conflict = apiHandler(ROUTES['get-me'], async () => {
      throw new Conflict('alreadyVerified');
    });
    const refused = await conflict(event('GET /api/me', customer), context);
    expect(status(refused)).toBe(409);
    expect(body(refused).error).toEqual({
      code: 'conflict',
      message: 'This account is already verified',
      messageKey: 'apiErrors.alreadyVerified',
    });

    const output = captureOutput();
    const crash = apiHandler(ROUTES['get-me'], async () => {
      throw new Error('boom');
    });
    const result = await crash(event('GET /api/me', customer), context);
    expect(status(result)).toBe(500);
    expect(body(result).error).toEqual({ code: 'internal', message: 'Internal server error' });
    // The error goes to stderr with its stack, stamped with the request like every line.
    expect(output.lines('stderr')).toEqual([
      expect.objectContaining({
        level: 'ERROR',
        message: 'unhandled error',
        service: 'relocation',
        function_request_id: 'req-1',
        routeKey: 'GET /api/me',
        error: expect.objectContaining({
          name: 'Error',
          message: 'boom',
          stack: expect.stringContaining('boom'),
        }),
      }),
    ]);
    expect(output.logged('request').at(-1)).toMatchObject({
      level: 'INFO',
      function_request_id: 'req-1',
      routeKey: 'GET /api/me',
      status: 500,
    });
    vi.restoreAllMocks();
  });
});

describe('apiHandler observability (Powertools logger and metrics)', () => {
  beforeEach(() => {
    captureOutput().counted(); // nothing left over from another test, silently
    vi.restoreAllMocks();
  });
  afterEach(() => vi.restoreAllMocks());

  const health = () => apiHandler(ROUTES.health, async () => ({ body: { ok: true } }));
  const healthEvent = () => event('GET /api/health');

  it('writes one JSON summary line per request with the service, request id, cold start, function and route', async () => {
    const output = captureOutput();
    const handler = health();
    await handler(healthEvent(), { awsRequestId: 'req-1', functionName: 'health-fn' } as Context);
    await handler(healthEvent(), { awsRequestId: 'req-2', functionName: 'health-fn' } as Context);
    const lines = output.logged('request');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'INFO',
        service: 'relocation',
        function_request_id: 'req-1',
        cold_start: true,
        function_name: 'health-fn',
        routeKey: 'GET /api/health',
        status: 200,
        durationMs: expect.any(Number),
        timestamp: expect.any(String),
      }),
      // Only the first invocation of a handler is its cold start.
      expect.objectContaining({ function_request_id: 'req-2', cold_start: false }),
    ]);
    // Nothing counted: no EMF line, and no Powertools warning about it either.
    expect(output.lines()).toHaveLength(2);
  });

  it('stamps every line a request logs with its own fields, even with requests in parallel in one process', async () => {
    const output = captureOutput();
    const warn = apiHandler(ROUTES['get-me'], async ({ caller }) => {
      await new Promise((resolve) => setImmediate(resolve));
      log.warn('deep in a service', { who: caller.userId });
      return { body: null };
    });
    const other = apiHandler(ROUTES['get-journey'], async ({ caller }) => {
      await new Promise((resolve) => setImmediate(resolve));
      log.warn('deep in a service', { who: caller.userId });
      return { body: null };
    });
    await Promise.all([
      warn(event('GET /api/me', customer), { awsRequestId: 'req-a' } as Context),
      other(event('GET /api/me/journey', customer), { awsRequestId: 'req-b' } as Context),
      warn(event('GET /api/me', admin), { awsRequestId: 'req-c' } as Context),
    ]);
    const deep = output.logged('deep in a service');
    expect(deep).toHaveLength(3);
    expect(deep).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ who: 'u1', function_request_id: 'req-a', routeKey: 'GET /api/me' }),
        expect.objectContaining({
          who: 'u1',
          function_request_id: 'req-b',
          routeKey: 'GET /api/me/journey',
          cold_start: true,
        }),
        expect.objectContaining({ who: 'a1', function_request_id: 'req-c', routeKey: 'GET /api/me' }),
      ]),
    );
    // Each request's summary line carries its own request id and route.
    expect(
      output
        .logged('request')
        .map((l) => [l.function_request_id, l.routeKey])
        .sort(),
    ).toEqual([
      ['req-a', 'GET /api/me'],
      ['req-b', 'GET /api/me/journey'],
      ['req-c', 'GET /api/me'],
    ]);
    log.info('outside any request');
    const outside = output.logged('outside any request')[0];
    expect(outside).not.toHaveProperty('function_request_id');
    expect(outside).not.toHaveProperty('routeKey');
  });

  it('publishes what a request counted as one EMF line: namespace Relocation, dimensions service and stage', async () => {
    vi.stubEnv('STAGE', 'local');
    const output = captureOutput();
    const handler = apiHandler(ROUTES.health, async () => {
      countMetric('ServiceRequests');
      countMetric('MailFailures');
      return { body: null };
    });
    expect(status(await handler(healthEvent(), context))).toBe(200);
    expect(output.metrics()).toEqual([
      {
        _aws: {
          Timestamp: expect.any(Number),
          CloudWatchMetrics: [
            {
              Namespace: METRICS_NAMESPACE,
              Dimensions: [[...METRIC_DIMENSIONS]],
              Metrics: [
                { Name: 'ServiceRequests', Unit: 'Count' },
                { Name: 'MailFailures', Unit: 'Count' },
              ],
            },
          ],
        },
        service: 'relocation',
        stage: 'local',
        ServiceRequests: 1,
        MailFailures: 1,
      },
    ]);
    expect(METRICS_NAMESPACE).toBe('Relocation');
    expect(METRIC_DIMENSIONS).toEqual(['service', 'stage']);
    vi.unstubAllEnvs();
  });

  it('a metrics flush that fails does not fail the request: it is logged', async () => {
    const output = captureOutput();
    vi.spyOn(Metrics.prototype, 'publishStoredMetrics').mockImplementation(() => {
      throw new Error('EMF broken');
    });
    const handler = apiHandler(ROUTES.health, async () => {
      countMetric('SignUps');
      return { body: { ok: true } };
    });
    const result = await handler(healthEvent(), context);
    expect(status(result)).toBe(200);
    expect(output.logged('metrics not published')).toEqual([
      expect.objectContaining({
        level: 'WARN',
        function_request_id: 'req-1',
        error: expect.objectContaining({ message: 'EMF broken' }),
      }),
    ]);
  });

  it('a failing request still publishes what it counted', async () => {
    const output = captureOutput();
    const handler = apiHandler(ROUTES.health, async () => {
      countMetric('MailFailures');
      throw new Error('boom');
    });
    expect(status(await handler(healthEvent(), context))).toBe(500);
    expect(output.metrics()).toEqual([expect.objectContaining({ MailFailures: 1 })]);
  });
});
