import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { traced } from '../lib/tracing';
import { lazySdk } from './lazy-sdk';

const secrets = lazySdk(
  () => import('./sdk/secrets'),
  (sdk): SecretsManagerClient => traced(new sdk.SecretsManagerClient({})),
);

let loaded: Promise<Buffer> | undefined;

/**
 * The key that signs unsubscribe links. It is never in the repository: on AWS a Secrets
 * Manager secret the CDK generates (UNSUBSCRIBE_KEY_SECRET names it; only the functions that
 * sign or verify may read it), read once per container; locally a random key the local stack
 * keeps in its data dir and passes as UNSUBSCRIBE_KEY.
 */
export function unsubscribeKey(): Promise<Buffer> {
  const local = process.env.UNSUBSCRIBE_KEY;
  if (local) return Promise.resolve(Buffer.from(local, 'utf8'));
  const secretId = process.env.UNSUBSCRIBE_KEY_SECRET;
  if (!secretId)
    return Promise.reject(
      new Error('Missing environment variable UNSUBSCRIBE_KEY or UNSUBSCRIBE_KEY_SECRET'),
    );
  loaded ??= secrets()
    .then(({ sdk, client }) => client.send(new sdk.GetSecretValueCommand({ SecretId: secretId })))
    .then((out) => {
      if (!out.SecretString) throw new Error('The unsubscribe key secret is empty');
      return Buffer.from(out.SecretString, 'utf8');
    })
    .catch((error: unknown) => {
      loaded = undefined; // tried again by the next request
      throw error;
    });
  return loaded;
}

// Read at cold start (the init phase), not on the first request, in the functions given the secret.
if (process.env.UNSUBSCRIBE_KEY_SECRET) unsubscribeKey().catch(() => {});
