// The tests' authenticator app: otplib computes the codes from the secrets Cognito (the local
// emulator) handed out. A secret set up in one process (the suite's global setup) is kept in a
// file per stack and user, so every test worker signs that user in with the code.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSync } from 'otplib';

/** The code an authenticator app shows now for this secret. */
export const totpCode = (secret: string) => generateSync({ secret });

/** A six-digit code that is not the current one. */
export const wrongCode = (secret: string) => (totpCode(secret) === '000000' ? '111111' : '000000');

function secretFile(url: string, email: string) {
  const dir = join(tmpdir(), 'relocation-test-authenticators', new URL(url).port);
  mkdirSync(dir, { recursive: true });
  return join(dir, encodeURIComponent(email.toLowerCase()));
}

/** Keeps the secret of `email`'s authenticator app on the stack at `url`. */
export function keepSecret(url: string, email: string, secret: string): void {
  writeFileSync(secretFile(url, email), secret);
}

/** The secret of `email`'s authenticator app on the stack at `url`, if a test set one up. */
export function secretOf(url: string, email: string): string | null {
  const file = secretFile(url, email);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}
