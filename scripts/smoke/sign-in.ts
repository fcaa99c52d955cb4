// The smoke test's sign-in: Amplify's own signIn, configured from config.json as the SPA
// configures it (web/src/lib/auth.ts), so it takes the stage's flow: USER_SRP_AUTH on AWS
// (the app client allows SRP only), USER_PASSWORD_AUTH locally. Amplify runs in Node 20
// (globalThis.crypto, in-memory token storage); sign-in.test.ts proves its SRP there.
import type { RuntimeConfig } from '@shared/api';
import { amplifyCognito } from '@shared/cognito-endpoint';

/** The ID token of the account (what the API's authorizer takes), or why there is none. */
export async function signIn(
  config: RuntimeConfig,
  origin: string,
  email: string,
  password: string,
): Promise<{ idToken: string } | { problem: string }> {
  const [{ Amplify }, auth, { ConsoleLogger }] = await Promise.all([
    import('aws-amplify'),
    import('aws-amplify/auth'),
    import('aws-amplify/utils'),
  ]);
  // Amplify warns about every custom endpoint (the local proxy): noise in one line per check.
  ConsoleLogger.LOG_LEVEL = 'ERROR';
  const { authFlowType } = config.auth;
  Amplify.configure({ Auth: { Cognito: amplifyCognito(config.auth, origin) } });
  try {
    const result = await auth.signIn({ username: email, password, options: { authFlowType } });
    if (!result.isSignedIn) {
      const step = result.nextStep.signInStep;
      return {
        problem:
          step === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED'
            ? `${step}: give the account a permanent password (aws cognito-idp admin-set-user-password --permanent)`
            : `sign-in stopped at ${step}`,
      };
    }
    const idToken = (await auth.fetchAuthSession()).tokens?.idToken?.toString();
    return idToken ? { idToken } : { problem: 'signed in, but the session holds no ID token' };
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    return { problem: `${name}: ${error instanceof Error ? error.message : String(error)}` };
  }
}
