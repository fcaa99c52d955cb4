// The local stand-in for the Secrets Manager secret that signs unsubscribe links: a random key
// made on the first start and kept in the data dir, so links mailed before a restart still work.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const unsubscribeKeyFile = (dataDir: string) => join(dataDir, 'unsubscribe-key');

/** The data dir's key, made now if it has none (readable by its owner only). */
export function localUnsubscribeKey(dataDir: string): string {
  const file = unsubscribeKeyFile(dataDir);
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}
