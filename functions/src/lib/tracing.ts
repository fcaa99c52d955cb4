// X-Ray tracing: a `## <handler>` subsegment per invocation, annotated ColdStart and Service
// (lib/lambda.ts), and a subsegment per call of every AWS SDK client created with `traced`.
// CDK turns active tracing on for every function (infra/stacks/lambda.ts).
//
// Written on the AWS X-Ray SDK, the library Powertools' Tracer wraps, recording what Tracer's
// captureLambdaHandler and captureAWSv3Client record: Tracer's own wrapper adds 11 KB to every
// bundle, which puts the mailing Lambdas over scripts/bundle-check.mjs's 300 KB.
import xray from 'aws-xray-sdk-core';
import { SERVICE_NAME } from './log';

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
  if (decided === undefined) {
    decided = tracingEnabled();
    // Untraced, the SDK must not report that it has no segment to record into.
    if (!decided) xray.setContextMissingStrategy(() => {});
  }
  return decided;
}

/** The client, its calls traced as subsegments (unchanged where tracing is off). */
export function traced<C>(client: C): C {
  return enabled() ? (xray.captureAWSv3Client(client as never) as C) : client;
}

/**
 * Runs one invocation's work in its own subsegment of the invocation's X-Ray segment, with the
 * ColdStart and Service annotations (searchable in X-Ray); an error it throws is recorded.
 */
export function traceInvocation<T>(coldStart: boolean, work: () => Promise<T>): Promise<T> {
  if (!enabled()) return work();
  return xray.captureAsyncFunc(`## ${process.env._HANDLER ?? 'handler'}`, async (subsegment) => {
    subsegment?.addAnnotation('ColdStart', coldStart);
    subsegment?.addAnnotation('Service', SERVICE_NAME);
    try {
      return await work();
    } catch (error) {
      subsegment?.addError(error as Error);
      throw error;
    } finally {
      subsegment?.close();
    }
  });
}
