// The second factor in tests (codes: support/authenticator.ts). The suites' admin (TEST_ADMIN)
// sets up an authenticator app at the first sign-in on a fresh stack, like any admin (the
// global setup does it once, before any test); every later sign-in answers the code challenge
// (login in support/auth.ts, logIn in support/browser.ts).
import {
  AssociateSoftwareTokenCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient, login } from './auth';
import { keepSecret, totpCode } from './authenticator';
import { TEST_ADMIN } from './stack-process';

/**
 * Sets up an authenticator app for the signed-in user as the SPA does: associate (Cognito
 * hands out the secret), verify with a code, turn it on as preferred. Keeps the secret for
 * their later sign-ins and returns it.
 */
export async function enrolSecondFactor(url: string, email: string, accessToken: string): Promise<string> {
  const cognito = cognitoClient(url);
  const { SecretCode } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  if (!SecretCode) throw new Error('AssociateSoftwareToken returned no secret');
  await cognito.send(
    new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totpCode(SecretCode) }),
  );
  await cognito.send(
    new SetUserMFAPreferenceCommand({
      AccessToken: accessToken,
      SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
    }),
  );
  keepSecret(url, email, SecretCode);
  return SecretCode;
}

/** The test admin's first sign-in on a fresh stack: their authenticator app set up. */
export async function enrolTestAdmin(url: string): Promise<void> {
  const session = await login(url, TEST_ADMIN.email, TEST_ADMIN.password);
  await enrolSecondFactor(url, TEST_ADMIN.email, session.accessToken);
}
