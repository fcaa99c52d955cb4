// Tracing is on in Lambda only: in tests (and the local stack) no segment is made and no
// X-Ray daemon is contacted; in Lambda the SDK clients carry X-Ray's middleware and each
// invocation gets its annotated subsegment.
import dgram from 'node:dgram';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';
import xray from 'aws-xray-sdk-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureOutput } from '../test-fixtures';
import { tracingEnabled } from './tracing';

const XRAY_MIDDLEWARE = 'XRaySDKInstrumentation';
const middlewareOf = (client: { middlewareStack: { identify(): string[] } }) =>
  client.middlewareStack.identify().map((entry) => entry.split(' ')[0]);

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

describe('tracing', () => {
  it('is off outside Lambda: clients unchanged, handlers run without a segment or a daemon socket', async () => {
    const { traced, lambdaHandler, dynamo } = await fresh({ AWS_EXECUTION_ENV: '' });
    const client = new DynamoDBClient({ region: 'eu-central-1' });
    expect(traced(client)).toBe(client);
    expect(middlewareOf(client)).not.toContain(XRAY_MIDDLEWARE);
    expect(middlewareOf(dynamo())).not.toContain(XRAY_MIDDLEWARE);

    const socket = vi.spyOn(dgram, 'createSocket');
    const output = captureOutput();
    const handler = lambdaHandler(
      () => ({}),
      async () => 'done',
    );
    await expect(handler({}, { awsRequestId: 'r-1' } as Context)).resolves.toBe('done');
    expect(socket).not.toHaveBeenCalled();
    expect(output.lines()).toEqual([]); // no complaint about a missing segment either
  });

  it('is on in Lambda: the DynamoDB client carries X-Ray middleware', async () => {
    const { dynamo } = await fresh({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x' });
    expect(middlewareOf(dynamo())).toContain(XRAY_MIDDLEWARE);
  });

  it('POWERTOOLS_TRACE_ENABLED=false turns it off even in Lambda', async () => {
    const { dynamo } = await fresh({
      AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
      POWERTOOLS_TRACE_ENABLED: 'false',
    });
    expect(middlewareOf(dynamo())).not.toContain(XRAY_MIDDLEWARE);
  });

  it('is decided on first use, so an environment set after the import counts (the local stack sets its own)', async () => {
    const { dynamo } = await fresh({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x' });
    vi.stubEnv('POWERTOOLS_TRACE_ENABLED', 'false');
    expect(middlewareOf(dynamo())).not.toContain(XRAY_MIDDLEWARE);
  });

  it('in Lambda, each invocation is a `## handler` subsegment annotated ColdStart and Service', async () => {
    const { lambdaHandler } = await fresh({
      AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
      _HANDLER: 'index.handler',
    });
    captureOutput();
    const socket = vi.spyOn(dgram, 'createSocket');
    const handler = lambdaHandler(
      () => ({}),
      async (event: { fail?: boolean }) => {
        if (event.fail) throw new Error('boom');
        return 'done';
      },
    );
    // The invocation's segment, as Lambda's X-Ray mode would provide it (kept open: nothing is sent).
    const invocation = new xray.Segment('invocation');
    await xray.getNamespace().runPromise(async () => {
      xray.setSegment(invocation);
      await handler({}, { awsRequestId: 'r-1' } as Context);
      await expect(handler({ fail: true }, { awsRequestId: 'r-2' } as Context)).rejects.toThrow('boom');
    });
    const [first, second] = (invocation.subsegments ?? []) as unknown as {
      name: string;
      annotations: Record<string, unknown>;
      fault?: boolean;
      in_progress?: boolean;
    }[];
    expect(first).toMatchObject({
      name: '## index.handler',
      annotations: { ColdStart: true, Service: 'relocation' },
    });
    expect(first?.in_progress).toBeFalsy();
    expect(second).toMatchObject({ annotations: { ColdStart: false }, fault: true });
    expect(socket).not.toHaveBeenCalled();
  });
});
