// Tracing is on in Lambda only: in tests (and the local stack) no subsegment is made and no
// X-Ray daemon is contacted; in Lambda each sampled invocation sends its annotated subsegment,
// and each call of a traced SDK client its own under it, as UDP datagrams to the daemon (here
// a UDP socket of the test's, as Lambda's daemon would receive them).
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { captureOutput } from '../test-fixtures';
import { daemonAddress, type Subsegment, TRACING_MIDDLEWARE, tracingEnabled } from './tracing';

const middlewareOf = (client: { middlewareStack: { identify(): string[] } }) =>
  client.middlewareStack.identify().map((entry) => entry.split(' ')[0]);

const ROOT = '1-6a1b2c3d-0123456789abcdef01234567';
const LAMBDA_PARENT = '53995c3f42cd8ad8';
const LAMBDA_ENV = { AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x', _HANDLER: 'index.handler' };
const traceHeader = (sampled: '0' | '1') =>
  `Root=${ROOT};Parent=${LAMBDA_PARENT};Sampled=${sampled};Lineage=a87bd80c:0`;

/** lib/tracing.ts, lib/lambda.ts and the DynamoDB client as a fresh container loads them. */
async function fresh(env: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return {
    ...(await import('./tracing')),
    ...(await import('./lambda')),
    ...(await import('../store/client')),
  };
}

/** A UDP socket standing in for Lambda's X-Ray daemon: every document it received. */
async function daemon() {
  const socket = dgram.createSocket('udp4');
  const received: { header: unknown; document: Subsegment }[] = [];
  socket.on('message', (message) => {
    const [header, document] = message.toString().split('\n');
    received.push({ header: JSON.parse(header ?? ''), document: JSON.parse(document ?? '') });
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  onTestFinished(() => {
    socket.close();
  });
  return { address: `127.0.0.1:${port}`, received };
}

/** A DynamoDB client that answers every call itself, with this status and body, and keeps the requests. */
function answeringClient(status: number, body: object) {
  const requests: { headers: Record<string, string> }[] = [];
  const client = new DynamoDBClient({
    region: 'eu-central-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
    requestHandler: {
      handle: async (request: { headers: Record<string, string> }) => {
        requests.push(request);
        return {
          response: {
            statusCode: status,
            headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'ddb-request-1' },
            body: new TextEncoder().encode(JSON.stringify(body)),
          },
        };
      },
    },
  });
  return { client, requests };
}

/** Until the daemon has received `count` documents (UDP on loopback arrives within moments). */
async function documents(received: { document: Subsegment }[], count: number) {
  await vi.waitFor(() => expect(received.length).toBeGreaterThanOrEqual(count));
  return received.map((r) => r.document);
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('tracingEnabled (as Powertools decides)', () => {
  it.each([
    [{}, false],
    [{ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x' }, true],
    [{ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x', POWERTOOLS_TRACE_ENABLED: 'false' }, false],
    [{ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x', POWERTOOLS_TRACE_ENABLED: 'FALSE' }, false],
    [{ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x', AWS_SAM_LOCAL: 'true' }, false],
    [{ AWS_EXECUTION_ENV: 'AWS_Lambda_amplify-mock' }, false],
  ])('%j → %s', (env, expected) => {
    expect(tracingEnabled(env)).toBe(expected);
  });
});

describe('daemonAddress (AWS_XRAY_DAEMON_ADDRESS as Lambda sets it)', () => {
  it.each([
    [undefined, { host: '127.0.0.1', port: 2000 }],
    ['169.254.79.129:2000', { host: '169.254.79.129', port: 2000 }],
    ['tcp:10.0.0.1:2001 udp:10.0.0.2:2002', { host: '10.0.0.2', port: 2002 }],
    ['udp:10.0.0.2:2002 tcp:10.0.0.1:2001', { host: '10.0.0.2', port: 2002 }],
  ])('%s → %j', (value, expected) => {
    expect(daemonAddress(value)).toEqual(expected);
  });
});

describe('tracing', () => {
  it('is off outside Lambda: clients unchanged, handlers run without a subsegment or a daemon socket', async () => {
    const { traced, lambdaHandler, dynamo } = await fresh({
      AWS_EXECUTION_ENV: '',
      _X_AMZN_TRACE_ID: traceHeader('1'),
    });
    const client = new DynamoDBClient({ region: 'eu-central-1' });
    expect(traced(client)).toBe(client);
    expect(middlewareOf(client)).not.toContain(TRACING_MIDDLEWARE);
    expect(middlewareOf(dynamo())).not.toContain(TRACING_MIDDLEWARE);

    const socket = vi.spyOn(dgram, 'createSocket');
    const output = captureOutput();
    const handler = lambdaHandler(
      () => ({}),
      async () => 'done',
    );
    await expect(handler({}, { awsRequestId: 'r-1' } as Context)).resolves.toBe('done');
    expect(socket).not.toHaveBeenCalled();
    expect(output.lines()).toEqual([]);
  });

  it('is on in Lambda: the DynamoDB client carries the subsegment middleware', async () => {
    const { dynamo } = await fresh(LAMBDA_ENV);
    expect(middlewareOf(dynamo())).toContain(TRACING_MIDDLEWARE);
  });

  it('POWERTOOLS_TRACE_ENABLED=false turns it off even in Lambda', async () => {
    const { dynamo } = await fresh({ ...LAMBDA_ENV, POWERTOOLS_TRACE_ENABLED: 'false' });
    expect(middlewareOf(dynamo())).not.toContain(TRACING_MIDDLEWARE);
  });

  it('is decided on first use, so an environment set after the import counts (the local stack sets its own)', async () => {
    const { dynamo } = await fresh(LAMBDA_ENV);
    vi.stubEnv('POWERTOOLS_TRACE_ENABLED', 'false');
    expect(middlewareOf(dynamo())).not.toContain(TRACING_MIDDLEWARE);
  });

  it('in Lambda, each invocation sends a `## handler` subsegment of its trace, annotated ColdStart and Service', async () => {
    const { address, received } = await daemon();
    const { lambdaHandler } = await fresh({
      ...LAMBDA_ENV,
      AWS_XRAY_DAEMON_ADDRESS: address,
      _X_AMZN_TRACE_ID: traceHeader('1'),
    });
    captureOutput();
    const handler = lambdaHandler(
      () => ({}),
      async (event: { fail?: boolean }) => {
        if (event.fail) throw new Error('boom');
        return 'done';
      },
    );
    await expect(handler({}, { awsRequestId: 'r-1' } as Context)).resolves.toBe('done');
    await expect(handler({ fail: true }, { awsRequestId: 'r-2' } as Context)).rejects.toThrow('boom');

    const [first, second] = await documents(received, 2);
    expect(received[0]?.header).toEqual({ format: 'json', version: 1 });
    expect(first).toMatchObject({
      type: 'subsegment',
      name: '## index.handler',
      trace_id: ROOT,
      parent_id: LAMBDA_PARENT,
      annotations: { ColdStart: true, Service: 'relocation' },
    });
    expect(first?.id).toMatch(/^[0-9a-f]{16}$/);
    expect(first?.end_time).toBeGreaterThanOrEqual(first?.start_time ?? Number.POSITIVE_INFINITY);
    expect(first?.fault).toBeUndefined();
    expect(second).toMatchObject({
      name: '## index.handler',
      annotations: { ColdStart: false },
      fault: true,
      cause: { exceptions: [{ type: 'Error', message: 'boom' }] },
    });
  });

  it("in Lambda, each SDK call sends a subsegment under the invocation's, and the service gets it as the call's parent", async () => {
    const { address, received } = await daemon();
    const { lambdaHandler, traced } = await fresh({
      ...LAMBDA_ENV,
      AWS_XRAY_DAEMON_ADDRESS: address,
      _X_AMZN_TRACE_ID: traceHeader('1'),
    });
    captureOutput();
    const ok = answeringClient(200, { Item: { id: { S: 'a' } } });
    const refused = answeringClient(400, {
      __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException',
      message: 'The conditional request failed',
    });
    traced(ok.client);
    traced(refused.client);
    const get = new GetItemCommand({ TableName: 'relocation', Key: { id: { S: 'a' } } });
    const handler = lambdaHandler(
      () => ({}),
      async () => {
        await ok.client.send(get);
        await expect(refused.client.send(get)).rejects.toThrow('The conditional request failed');
        return 'done';
      },
    );
    await handler({}, { awsRequestId: 'r-1' } as Context);

    const [call, failed, invocation] = await documents(received, 3);
    expect(invocation?.name).toBe('## index.handler');
    expect(call).toMatchObject({
      type: 'subsegment',
      name: 'DynamoDB',
      namespace: 'aws',
      trace_id: ROOT,
      parent_id: invocation?.id,
      aws: {
        operation: 'GetItem',
        region: 'eu-central-1',
        request_id: 'ddb-request-1',
        retries: 0,
        table_name: 'relocation',
      },
      http: { response: { status: 200 } },
    });
    expect(call?.error).toBeUndefined();
    expect(failed).toMatchObject({
      parent_id: invocation?.id,
      http: { response: { status: 400 } },
      error: true,
      cause: { exceptions: [{ type: 'ConditionalCheckFailedException', remote: true }] },
    });
    expect(failed?.fault).toBeUndefined();
    // The call's own trace header: same trace, this subsegment as parent, Lambda's other fields kept.
    expect(ok.requests[0]?.headers['X-Amzn-Trace-Id']).toBe(
      `Root=${ROOT};Parent=${call?.id};Sampled=1;Lineage=a87bd80c:0`,
    );
  });

  it('in Lambda, an invocation Lambda did not sample sends nothing, and its SDK calls keep Lambda’s own trace header', async () => {
    const { address, received } = await daemon();
    const { lambdaHandler, traced } = await fresh({
      ...LAMBDA_ENV,
      AWS_LAMBDA_FUNCTION_NAME: 'relocation-test',
      AWS_XRAY_DAEMON_ADDRESS: address,
      _X_AMZN_TRACE_ID: traceHeader('0'),
    });
    captureOutput();
    const socket = vi.spyOn(dgram, 'createSocket');
    const ok = answeringClient(200, {});
    traced(ok.client);
    const handler = lambdaHandler(
      () => ({}),
      async () => ok.client.send(new GetItemCommand({ TableName: 'relocation', Key: { id: { S: 'a' } } })),
    );
    await handler({}, { awsRequestId: 'r-1' } as Context);
    expect(socket).not.toHaveBeenCalled();
    expect(received).toEqual([]);
    expect(ok.requests[0]?.headers['X-Amzn-Trace-Id']).toBe(traceHeader('0'));
  });
});
