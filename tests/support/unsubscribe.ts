// Signs unsubscribe links as the reminder mails do: the product's own unsubscribeUrl, with the
// key the local stack keeps in its data dir and the stack's origin.
import { readFileSync } from 'node:fs';
import { endpoints } from './documents';

export async function signedUnsubscribeLink(url: string, userId: string): Promise<URL> {
  const e = await endpoints(url);
  Object.assign(process.env, {
    UNSUBSCRIBE_KEY: readFileSync(e.unsubscribeKeyFile, 'utf8').trim(),
    APP_ORIGIN: url,
  });
  const { unsubscribeUrl } = await import('@functions/services/reminder-settings');
  return new URL(await unsubscribeUrl(userId));
}
