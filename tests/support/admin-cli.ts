// `npm run admin` against a suite's stack, and the new admins it makes.
import { spawnSync } from 'node:child_process';
import { login, newCustomer } from './auth';

/** `npm run admin -- <command> --email <e-mail>` against the stack at `url`. */
export function runAdmin(url: string, command: string, email: string) {
  return spawnSync('npx', ['tsx', 'scripts/admin.ts', command, '--email', email], {
    encoding: 'utf8',
    env: { ...process.env, PORT: new URL(url).port },
  });
}

/** A new admin (a customer granted the group), signed in again with their password alone. */
export async function newAdmin(url: string) {
  const person = await newCustomer(url);
  const granted = runAdmin(url, 'grant', person.email);
  if (granted.status !== 0) throw new Error(granted.stderr);
  return { ...person, ...(await login(url, person.email, person.password)) };
}
