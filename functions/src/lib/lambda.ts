// What every Lambda of ours does around its own work (API routes through edge/http.ts, the
// Cognito triggers, the catalogue seed, the SES feedback job): an X-Ray subsegment per
// invocation, log lines stamped with the invocation's fields, and the business metrics it
// counted published at its end. The work itself runs as a middy handler: what happens before
// or after it, or on its error, is middy middleware (publishMetrics here; a route's error
// responses and request line in edge/http.ts).
import middy, { type MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { log } from './log';
import { flushMetrics } from './metrics';
import { traceInvocation } from './tracing';

type Fields = Record<string, unknown>;

/**
 * The business metrics an invocation counted are published once it ends, whether its work
 * returned or threw: after the other middleware (it is used first), so a metric counted by
 * any of them is in it too.
 */
export const publishMetrics: MiddlewareObj = { after: flushMetrics, onError: flushMetrics };

/**
 * A handler that runs `run` for each invocation, with `middlewares` around it (after the
 * metrics' publishing, which is always first). Every line logged meanwhile, by the
 * middleware too, carries `function_request_id`, `cold_start` (the first invocation of this
 * handler in its container, as Powertools defines it: never with provisioned concurrency),
 * `function_name` and whatever `describe` says of the event (an API route's `routeKey`).
 * Those fields and the X-Ray subsegment wrap the whole middy handler: they hold for
 * everything it does, which a `before` hook could not promise (AsyncLocalStorage's context
 * is entered by running inside it). The context is optional: the Cognito triggers' tests
 * invoke them with the event alone.
 */
export function lambdaHandler<E, R>(
  describe: (event: E) => Fields,
  run: (event: E, context: Context) => Promise<R>,
  middlewares: MiddlewareObj<E, R>[] = [],
): (event: E, context?: Context) => Promise<R> {
  let first = process.env.AWS_LAMBDA_INITIALIZATION_TYPE !== 'provisioned-concurrency';
  const handler = middy<E, R>().use(publishMetrics).use(middlewares).handler(run);
  return (event, given) => {
    const context = given ?? ({} as Context);
    const coldStart = first;
    first = false;
    const fields = {
      function_request_id: context.awsRequestId,
      cold_start: coldStart,
      function_name: context.functionName,
      ...describe(event),
    };
    return traceInvocation(coldStart, () => log.withFields(fields, () => handler(event, context)));
  };
}
