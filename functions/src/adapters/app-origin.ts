import type { SSMClient } from '@aws-sdk/client-ssm';
import { traced } from '../lib/tracing';
import { lazySdk } from './lazy-sdk';

const ssm = lazySdk(
  () => import('./sdk/ssm'),
  (sdk): SSMClient => traced(new sdk.SSMClient({})),
);

let published: Promise<string> | undefined;

/**
 * The SPA's public origin, for links in mails. A stage with its own domain (and the local
 * stack) knows it at deploy and sets APP_ORIGIN. A stage on its CloudFront URL learns it only
 * when the Web stack, deployed after the functions, publishes it in SSM (APP_ORIGIN_PARAMETER):
 * read once per container, on the first mail.
 */
export function appOrigin(): Promise<string> {
  const fixed = process.env.APP_ORIGIN;
  if (fixed) return Promise.resolve(fixed);
  const name = process.env.APP_ORIGIN_PARAMETER;
  if (!name)
    return Promise.reject(new Error('Missing environment variable APP_ORIGIN or APP_ORIGIN_PARAMETER'));
  published ??= ssm()
    .then(({ sdk, client }) => client.send(new sdk.GetParameterCommand({ Name: name })))
    .then((out) => {
      const value = out.Parameter?.Value;
      if (!value) throw new Error(`SSM parameter ${name} is empty`);
      return value;
    })
    .catch((error: unknown) => {
      published = undefined; // tried again by the next mail
      throw error;
    });
  return published;
}
