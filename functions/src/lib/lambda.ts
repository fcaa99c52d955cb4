// What every Lambda of ours does around its own work (API routes through edge/http.ts, the
// Cognito triggers, the catalogue seed): an X-Ray subsegment per invocation, log lines stamped
// with the invocation's fields, and the business metrics it counted published at its end.
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { log } from './log';
import { flushMetrics } from './metrics';
import { traceInvocation } from './tracing';

type Fields = Record<string, unknown>;

/**
 * A handler that runs `run` for each invocation. Every line logged meanwhile carries
 * `function_request_id`, `cold_start` (the first invocation of this handler in its
 * container, as Powertools defines it: never with provisioned concurrency), `function_name`
 * and whatever `describe` says of the event (an API route's `routeKey`). The context is
 * optional: the Cognito triggers' tests invoke them with the event alone.
 */
export function lambdaHandler<E, R>(
  describe: (event: E) => Fields,
  run: (event: E, context: Context) => Promise<R>,
): (event: E, context?: Context) => Promise<R> {
  let first = process.env.AWS_LAMBDA_INITIALIZATION_TYPE !== 'provisioned-concurrency';
  const handler = middy<E, R>().handler((event: E, context: Context) => {
    const coldStart = first;
    first = false;
    const fields = {
      function_request_id: context.awsRequestId,
      cold_start: coldStart,
      function_name: context.functionName,
      ...describe(event),
    };
    return traceInvocation(coldStart, () =>
      log.withFields(fields, async () => {
        try {
          return await run(event, context);
        } finally {
          flushMetrics();
        }
      }),
    );
  });
  return (event, context) => handler(event, context ?? ({} as Context));
}
