// Amplify is the heaviest library of the SPA. It downloads when something needs it (a stored
// session to read, a form about to sign in, a token for the API), not with every page that
// might: /login and /signup show their form without it (their first paint carries no Amplify).

import type * as Auth from './auth';
import { loadConfig } from './config';

export type AuthModule = typeof Auth;

let ready: Promise<AuthModule> | undefined;
let announce: (auth: AuthModule) => void = () => {};
const loaded = new Promise<AuthModule>((resolve) => {
  announce = resolve;
});

/** lib/auth.ts, configured for this stage; the first call downloads it. */
export function authReady(): Promise<AuthModule> {
  ready ??= Promise.all([import('./auth'), loadConfig()]).then(
    ([auth, config]) => {
      auth.configureAuth(config);
      announce(auth);
      return auth;
    },
    (error: unknown) => {
      ready = undefined; // a download that failed is tried again by the next caller
      throw error;
    },
  );
  return ready;
}

/**
 * Starts the download ahead of need (a visitor focusing a sign-in form). A failure is left to
 * the call that needs the module, which reports it.
 */
export function prepareAuth(): void {
  authReady().catch(() => undefined);
}

/** Resolves once Amplify is configured, without being what downloads it. */
export const whenAuthLoaded = (): Promise<AuthModule> => loaded;
