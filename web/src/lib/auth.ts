// Everything that touches Amplify lives here, so only the pages that need a session load it.

import type { RuntimeConfig } from '@shared/api';
import { amplifyCognito, cognitoEndpoint } from '@shared/cognito-endpoint';
import type { Role } from '@shared/constants';
import { roleFromGroups } from '@shared/roles';
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword as amplifyConfirmResetPassword,
  confirmSignIn as amplifyConfirmSignIn,
  confirmSignUp as amplifyConfirmSignUp,
  resendSignUpCode as amplifyResendSignUpCode,
  resetPassword as amplifyResetPassword,
  signIn as amplifySignIn,
  signOut as amplifySignOut,
  signUp as amplifySignUp,
  fetchAuthSession,
  fetchMFAPreference,
  setUpTOTP,
  updateMFAPreference,
  updatePassword,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';

export interface SessionUser {
  userId: string;
  email: string;
  role: Role;
}

let flow: RuntimeConfig['auth']['authFlowType'] = 'USER_SRP_AUTH';
/** Where the user pool answers (the local proxy, or Cognito's regional endpoint). */
let endpoint = '';

export function configureAuth(config: RuntimeConfig) {
  flow = config.auth.authFlowType;
  endpoint = cognitoEndpoint(config.auth, window.location.origin);
  Amplify.configure({
    Auth: {
      Cognito: amplifyCognito(config.auth, window.location.origin),
    },
  });
}

export async function currentUser(): Promise<SessionUser | null> {
  try {
    const { tokens } = await fetchAuthSession();
    const claims = tokens?.idToken?.payload;
    if (!claims || typeof claims.sub !== 'string') return null;
    return {
      userId: claims.sub,
      email: String(claims.email ?? ''),
      role: roleFromGroups(claims['cognito:groups']),
    };
  } catch {
    return null;
  }
}

/**
 * New tokens now, not when the old ones run out: after the API changed the user's groups (an
 * accepted HR invitation), the next ID token carries the new role.
 */
export async function refreshTokens(): Promise<void> {
  await fetchAuthSession({ forceRefresh: true });
}

/** One of the session's tokens (refreshed by Amplify when close to expiry), or null without one. */
async function sessionToken(kind: 'idToken' | 'accessToken'): Promise<string | null> {
  try {
    const { tokens } = await fetchAuthSession();
    return tokens?.[kind]?.toString() ?? null;
  } catch {
    return null;
  }
}

/** The ID token the API expects. */
export const idToken = () => sessionToken('idToken');

/** The access token (the API passes it to Cognito for a password change). */
export const accessToken = () => sessionToken('accessToken');

export async function signUp(email: string, password: string, locale: string) {
  return amplifySignUp({
    username: email,
    password,
    options: { userAttributes: { email }, clientMetadata: { locale } },
  });
}

export async function confirmSignUp(email: string, code: string, locale: string) {
  return amplifyConfirmSignUp({
    username: email,
    confirmationCode: code,
    options: { clientMetadata: { locale } },
  });
}

/**
 * Cognito's answers to a reset request that must look like success to the visitor: no such
 * user, or one without a verified address (telling them apart would reveal who has an account).
 */
const HIDDEN_RESET_FAILURES = new Set([
  'UserNotFoundException',
  'InvalidParameterException',
  'NotAuthorizedException',
]);

/** Sends a reset code (mail in `locale`); resolves the same whether or not the account exists. */
export async function requestPasswordReset(email: string, locale: string): Promise<void> {
  try {
    await amplifyResetPassword({ username: email, options: { clientMetadata: { locale } } });
  } catch (error) {
    if (!(error instanceof Error && HIDDEN_RESET_FAILURES.has(error.name))) throw error;
  }
}

export async function confirmPasswordReset(email: string, code: string, newPassword: string, locale: string) {
  await amplifyConfirmResetPassword({
    username: email,
    confirmationCode: code,
    newPassword,
    options: { clientMetadata: { locale } },
  });
}

/** A fresh verification code for an unconfirmed account (mail in `locale`). */
export async function resendVerification(email: string, locale: string): Promise<void> {
  await amplifyResendSignUpCode({ username: email, options: { clientMetadata: { locale } } });
}

/**
 * Revokes every session of the signed-in user (their refresh tokens, on every device). Called
 * directly rather than through Amplify's `signOut({ global: true })`, which carries on quietly
 * when the revocation fails: the user must not believe other devices are signed out when they
 * are not. The local session is ended afterwards, as at any sign-out.
 */
export async function signOutEverywhere(): Promise<void> {
  const { tokens } = await fetchAuthSession();
  const accessToken = tokens?.accessToken?.toString();
  if (!accessToken)
    throw Object.assign(new Error('User is not signed in'), { name: 'NotAuthorizedException' });
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.GlobalSignOut',
    },
    body: JSON.stringify({ AccessToken: accessToken }),
  });
  if (response.ok) return;
  const failure = (await response.json().catch(() => ({}))) as { __type?: string; message?: string };
  throw Object.assign(new Error(failure.message ?? `HTTP ${response.status}`), {
    name: failure.__type?.split('#').pop() ?? 'Error',
  });
}

/** `code`: the password was right; the authenticator app's code comes next (confirmSignInCode). */
export type SignInOutcome = 'signedIn' | 'confirmSignUp' | 'code';

export async function signIn(email: string, password: string): Promise<SignInOutcome> {
  const result = await amplifySignIn({ username: email, password, options: { authFlowType: flow } });
  if (result.isSignedIn) return 'signedIn';
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return 'confirmSignUp';
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'code';
  throw new Error(`Unsupported sign-in step: ${result.nextStep.signInStep}`);
}

/** The second step of a sign-in: the code from the authenticator app (a wrong one: isWrongCode). */
export async function confirmSignInCode(code: string): Promise<void> {
  const result = await amplifyConfirmSignIn({ challengeResponse: code });
  if (!result.isSignedIn) throw new Error(`Unsupported sign-in step: ${result.nextStep.signInStep}`);
}

/** Whether the signed-in user has an authenticator app turned on (two-step sign-in). */
export async function hasAuthenticator(): Promise<boolean> {
  const preference = await fetchMFAPreference();
  return preference.enabled?.includes('TOTP') ?? false;
}

/** A new authenticator secret for the signed-in user: the key, and the otpauth:// address for a QR code. */
export async function startAuthenticatorSetup(email: string): Promise<{ secret: string; uri: string }> {
  const setup = await setUpTOTP();
  return { secret: setup.sharedSecret, uri: setup.getSetupUri(AUTHENTICATOR_ISSUER, email).toString() };
}

/** The name an authenticator app shows beside the account. */
const AUTHENTICATOR_ISSUER = 'Relocate Germany';

/** Verifies the first code of the new authenticator and turns two-step sign-in on with it. */
export async function confirmAuthenticatorSetup(code: string): Promise<void> {
  await verifyTOTPSetup({ code });
  await updateMFAPreference({ totp: 'PREFERRED' });
}

/**
 * Turns two-step sign-in off once Cognito has checked the password. A signed-in user cannot
 * sign in again to prove it, and the pool's client has no server-side password flow; Cognito's
 * ChangePassword checks the current password, so it is asked to set the same one (it keeps no
 * password history here): nothing changes, and a wrong password is refused
 * (NotAuthorizedException) before the factor is touched.
 */
export async function turnAuthenticatorOff(password: string): Promise<void> {
  await updatePassword({ oldPassword: password, newPassword: password });
  await updateMFAPreference({ totp: 'DISABLED' });
}

/** Cognito's answer to a wrong current password. */
export const isWrongPassword = (error: unknown) =>
  error instanceof Error &&
  error.name === 'NotAuthorizedException' &&
  !/attempts exceeded/i.test(error.message);

/** Cognito's answers to a code that is not the current one (at sign-in, at set-up). */
export const isWrongCode = (error: unknown) =>
  error instanceof Error && ['CodeMismatchException', 'EnableSoftwareTokenMFAException'].includes(error.name);

export async function signOut() {
  await amplifySignOut();
}

export function onAuthChange(listener: () => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    if (['signedIn', 'signedOut', 'tokenRefresh_failure'].includes(payload.event)) listener();
  });
}

/**
 * Cognito's answer when the account was confirmed before: a verification link opened twice
 * ("Current status is CONFIRMED"), or a new code asked for a confirmed account.
 */
export function isAlreadyConfirmed(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'NotAuthorizedException') return /CONFIRMED/i.test(error.message);
  return error.name === 'InvalidParameterException' && /already confirmed/i.test(error.message);
}
