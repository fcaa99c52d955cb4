// Local only: how many DynamoDB calls one API request made, counted from outside the
// product. Each handler invocation runs in its own async context; Node's `http.client.request.start`
// diagnostics channel sees every request the AWS SDK sends, and DynamoDB's carry their
// operation in the `x-amz-target` header. The gateway hands the count back in a response header.
import { AsyncLocalStorage } from 'node:async_hooks';
import { subscribe } from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';

/** The response header with the calls, e.g. "GetItem=1 Query=1"; absent when there were none. */
export const DYNAMODB_CALLS_HEADER = 'x-local-dynamodb-calls';

const calls = new AsyncLocalStorage<string[]>();

subscribe('http.client.request.start', (message) => {
  const made = calls.getStore();
  if (!made) return;
  const target = (message as { request: ClientRequest }).request.getHeader('x-amz-target');
  if (typeof target === 'string' && target.startsWith('DynamoDB_')) made.push(target.split('.')[1] ?? target);
});

/** Runs `work`, returning its result and the DynamoDB operations it called, in order. */
export async function countDynamoCalls<T>(
  work: () => Promise<T>,
): Promise<{ result: T; operations: string[] }> {
  const operations: string[] = [];
  const result = await calls.run(operations, work);
  return { result, operations };
}

/** The header's operations and counts, e.g. { GetItem: 1, Query: 2 } (none for no header). */
export function parseCalls(header: string | null | undefined): Record<string, number> {
  return Object.fromEntries(
    (header ?? '')
      .split(' ')
      .filter(Boolean)
      .map((entry) => entry.split('='))
      .map(([operation, count]) => [operation, Number(count)]),
  );
}

/** "GetItem=1 Query=2" for a list of operations. */
export function describeCalls(operations: string[]): string {
  const counts = new Map<string, number>();
  for (const operation of operations) counts.set(operation, (counts.get(operation) ?? 0) + 1);
  return [...counts].map(([operation, count]) => `${operation}=${count}`).join(' ');
}
