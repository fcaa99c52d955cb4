// X-Ray tracing: a `## <handler>` subsegment per invocation, annotated ColdStart and Service
// (lib/lambda.ts), and a subsegment per call of every AWS SDK client created with `traced`,
// nested under it. CDK turns active tracing on for every function (infra/stacks/lambda.ts),
// so Lambda itself records the invocation's segments and hands each invocation its trace
// header; what we add are subsegment documents of that trace, sent as UDP datagrams to the
// X-Ray daemon Lambda runs beside the function (AWS_XRAY_DAEMON_ADDRESS), the protocol the
// X-Ray SDK speaks there too.
//
// Written out here, not on the AWS X-Ray SDK for Node (nor on Powertools Tracer, which wraps
// it): the SDK and what it pulls in (semver, cls-hooked, shimmer) were about 108 KB of every
// bundle, more than a third of scripts/bundle-check.mjs's 300 KB, for the two things above;
// and the SDK is in maintenance mode since February 2026 (end of support February 2027; AWS
// points to OpenTelemetry). An OpenTelemetry (ADOT) layer loads far more at cold start than
// the SDK did, and a layer's code is loaded as surely as the bundle's: it would have to count
// in the budget too. What the SDK recorded beyond this file (stack frames of an exception,
// every request parameter on its allow-list) is not recorded; see docs/architecture.md.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import { getXrayTraceDataFromEnv } from '@aws-lambda-powertools/commons/utils/env';
import { log, SERVICE_NAME } from './log';

/**
 * Whether to trace, decided as Powertools' Tracer decides: inside Lambda only (AWS_EXECUTION_ENV
 * set; not SAM local, not Amplify's mock), never with POWERTOOLS_TRACE_ENABLED=false. So in
 * tests and in the local stack nothing is traced and no X-Ray daemon is contacted.
 */
export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() === 'false') return false;
  const runtime = env.AWS_EXECUTION_ENV ?? '';
  return runtime !== '' && runtime !== 'AWS_Lambda_amplify-mock' && !env.AWS_SAM_LOCAL;
}

let decided: boolean | undefined;

/** Decided on first use, not on import: the local stack sets its environment after importing. */
function enabled(): boolean {
  decided ??= tracingEnabled();
  return decided;
}

/** An X-Ray subsegment document, sent on its own (`type: 'subsegment'` with its parent's id). */
export interface Subsegment {
  type: 'subsegment';
  id: string;
  name: string;
  trace_id: string;
  parent_id: string;
  start_time: number;
  end_time?: number;
  namespace?: 'aws';
  annotations?: Record<string, string | number | boolean>;
  aws?: Record<string, unknown>;
  http?: { response: { status: number } };
  error?: true;
  fault?: true;
  throttle?: true;
  cause?: { exceptions: { id: string; type: string; message: string; remote?: true }[] };
}

/** The trace an invocation's work runs in, and its subsegment (the parent of SDK calls). */
interface InvocationTrace {
  /** The invocation's trace header, as Lambda gave it (Root, Parent, Sampled, Lineage...). */
  header: Record<string, string>;
  traceId: string;
  subsegmentId: string;
}

const invocationTrace = new AsyncLocalStorage<InvocationTrace>();

const newId = () => randomBytes(8).toString('hex');
const now = () => Date.now() / 1000;

/** Where the daemon listens: `host:port`, or `udp:host:port tcp:host:port` (we send UDP). */
export function daemonAddress(value = process.env.AWS_XRAY_DAEMON_ADDRESS): { host: string; port: number } {
  const udp = (value ?? '').split(' ').find((part) => !part.startsWith('tcp:')) ?? '';
  const [host, port] = udp.replace(/^udp:/, '').split(':');
  return { host: host || '127.0.0.1', port: Number(port) || 2000 };
}

/** Sends still under way; an invocation ends only once they are out (Lambda freezes after). */
const sending = new Set<Promise<void>>();

function send(document: Subsegment): void {
  const { host, port } = daemonAddress();
  const message = Buffer.from(`{"format":"json","version":1}\n${JSON.stringify(document)}`);
  const sent = new Promise<void>((resolve) => {
    const socket = dgram.createSocket('udp4');
    socket.send(message, port, host, (error) => {
      socket.close();
      // Tracing never fails the work it traces: a lost subsegment is only logged.
      if (error) log.warn('X-Ray subsegment not sent', { error, subsegment: document.name });
      resolve();
    });
  }).finally(() => sending.delete(sent));
  sending.add(sent);
}

const exception = (error: unknown, remote?: true) => ({
  id: newId(),
  type: error instanceof Error ? error.name : typeof error,
  message: error instanceof Error ? error.message : String(error),
  ...(remote ? { remote } : {}),
});

/**
 * Runs one invocation's work in its own subsegment of the invocation's X-Ray segment, with the
 * ColdStart and Service annotations (searchable in X-Ray); an error it throws is recorded as a
 * fault. Sent only when Lambda sampled the invocation (`Sampled=1` in its trace header).
 */
export async function traceInvocation<T>(coldStart: boolean, work: () => Promise<T>): Promise<T> {
  const header = enabled() ? getXrayTraceDataFromEnv() : undefined;
  if (!header?.Root || !header.Parent || header.Sampled !== '1') return work();
  const subsegment: Subsegment = {
    type: 'subsegment',
    id: newId(),
    name: `## ${process.env._HANDLER ?? 'handler'}`,
    trace_id: header.Root,
    parent_id: header.Parent,
    start_time: now(),
    annotations: { ColdStart: coldStart, Service: SERVICE_NAME },
  };
  const trace = { header, traceId: header.Root, subsegmentId: subsegment.id };
  try {
    return await invocationTrace.run(trace, work);
  } catch (error) {
    subsegment.fault = true;
    subsegment.cause = { exceptions: [exception(error)] };
    throw error;
  } finally {
    send({ ...subsegment, end_time: now() });
    await Promise.all(sending);
  }
}

/** The middleware's name on a traced client's stack. */
export const TRACING_MIDDLEWARE = 'XRaySubsegment';

/** What the middleware reads of an SDK client: its stack and its region. */
interface SdkClient {
  middlewareStack: {
    add(middleware: unknown, options: { step: 'build'; name: string; override: boolean }): void;
  };
  config: { region?: string | (() => Promise<string>) };
}

interface CallContext {
  clientName?: string;
  commandName?: string;
}

interface CallArgs {
  input?: Record<string, unknown>;
  request?: { headers?: Record<string, string> };
}

interface CallMetadata {
  $metadata?: { httpStatusCode?: number; requestId?: string; attempts?: number };
}

const THROTTLING = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'RequestThrottled',
  'SlowDown',
  'Throttling',
]);

/** The resource a call names, as the X-Ray console shows it (table, bucket). */
function resourceOf(input: Record<string, unknown> = {}): Record<string, unknown> {
  if (typeof input.TableName === 'string') return { table_name: input.TableName };
  if (input.RequestItems && typeof input.RequestItems === 'object')
    return { table_names: Object.keys(input.RequestItems) };
  if (typeof input.Bucket === 'string') return { bucket_name: input.Bucket };
  return {};
}

/**
 * One subsegment per call, named for the service ("DynamoDB", "S3"), in the `aws` namespace
 * with operation, region, request id, retries and the table or bucket, its HTTP status, and
 * error (4xx), throttle or fault (5xx) as X-Ray classifies them. The call's X-Amzn-Trace-Id
 * header names this subsegment as its parent, so the service's own segment links under it.
 */
function subsegmentMiddleware(config: SdkClient['config']) {
  return (next: (args: CallArgs) => Promise<{ output?: CallMetadata }>, context: CallContext) =>
    async (args: CallArgs) => {
      const trace = invocationTrace.getStore();
      if (!trace) return next(args); // outside an invocation, or one Lambda did not sample
      const subsegment: Subsegment = {
        type: 'subsegment',
        id: newId(),
        name: (context.clientName ?? 'AWS').replace(/Client$/, ''),
        trace_id: trace.traceId,
        parent_id: trace.subsegmentId,
        start_time: now(),
        namespace: 'aws',
      };
      const headers = args.request?.headers;
      if (headers) {
        const traceHeader = { ...trace.header, Parent: subsegment.id };
        headers['X-Amzn-Trace-Id'] = Object.entries(traceHeader)
          .map(([key, value]) => `${key}=${value}`)
          .join(';');
      }
      const record = async (metadata: CallMetadata['$metadata'] = {}) => {
        const region = typeof config.region === 'function' ? await config.region() : config.region;
        subsegment.aws = {
          operation: (context.commandName ?? '').replace(/Command$/, ''),
          region,
          request_id: metadata.requestId,
          retries: Math.max((metadata.attempts ?? 1) - 1, 0),
          ...resourceOf(args.input),
        };
        const status = metadata.httpStatusCode;
        if (status) subsegment.http = { response: { status } };
        if (status && status >= 500) subsegment.fault = true;
        else if (status && status >= 400) subsegment.error = true;
      };
      try {
        const result = await next(args);
        await record(result.output?.$metadata);
        return result;
      } catch (error) {
        const failure = error as Error & CallMetadata;
        await record(failure.$metadata);
        if (failure.$metadata?.httpStatusCode === 429 || THROTTLING.has(failure.name)) {
          subsegment.throttle = true;
          subsegment.error = true;
        }
        if (!subsegment.error && !subsegment.fault) subsegment.fault = true; // no answer at all
        subsegment.cause = { exceptions: [exception(error, true)] };
        throw error;
      } finally {
        send({ ...subsegment, end_time: now() });
      }
    };
}

/** The client, its calls traced as subsegments (unchanged where tracing is off). */
export function traced<C>(client: C): C {
  if (!enabled()) return client;
  const sdk = client as unknown as SdkClient;
  sdk.middlewareStack.add(subsegmentMiddleware(sdk.config), {
    step: 'build',
    name: TRACING_MIDDLEWARE,
    override: true,
  });
  return client;
}
