import { ApiError } from '../../lib/errors';

/**
 * Where a failed question is told (docs/product.md#companion), the question staying in the box
 * each time: a message on the question itself (the server's check of the same schema names the
 * field, with a locale key); on the form, when the customer has asked too many (429: the
 * server's text, or the app's for a 429 of the gateway); else the app's failure toast.
 */
export type AskProblem = { on: 'field'; key: string } | { on: 'form' } | { on: 'toast' };

export function askProblem(error: unknown): AskProblem {
  if (!(error instanceof ApiError)) return { on: 'toast' };
  const key = error.status === 400 ? error.fields?.question : undefined;
  if (key) return { on: 'field', key };
  if (error.status === 429) return { on: 'form' };
  return { on: 'toast' };
}
