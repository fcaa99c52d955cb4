import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ADMIN_GROUP, HR_GROUP, type Role } from '@shared/constants';
import { roleFromGroups } from '@shared/roles';
import { env } from '../config';
import { Conflict, Invalid, Unauthenticated } from '../lib/errors';
import { traced } from '../lib/tracing';
import { lazySdk } from './lazy-sdk';

const cognito = lazySdk(
  () => import('./sdk/cognito'),
  (sdk): CognitoIdentityProviderClient => traced(new sdk.CognitoIdentityProviderClient({})),
);

const userGone = (error: unknown) => (error as { name?: string }).name === 'UserNotFoundException';

/**
 * Revokes every refresh token of the user (and their access tokens for Cognito's own API).
 * ID tokens already issued stay valid until they expire: the API refuses them by the
 * account's tombstone. A user already gone counts as signed out.
 */
export async function signOutEverywhere(userId: string): Promise<void> {
  const { sdk, client } = await cognito();
  try {
    await client.send(
      new sdk.AdminUserGlobalSignOutCommand({ UserPoolId: env.userPoolId, Username: userId }),
    );
  } catch (error) {
    if (!userGone(error)) throw error;
  }
}

/** Removes the Cognito user; a user already gone counts as removed (retries are safe). */
export async function deleteIdentity(userId: string): Promise<void> {
  const { sdk, client } = await cognito();
  try {
    await client.send(new sdk.AdminDeleteUserCommand({ UserPoolId: env.userPoolId, Username: userId }));
  } catch (error) {
    if (!userGone(error)) throw error;
  }
}

/** Changes the sign-in e-mail (confirmed: the admin vouches for it). */
export async function updateIdentityEmail(userId: string, email: string): Promise<void> {
  // Checked here as well as by Cognito's alias rule, which the local emulator does not enforce.
  const holder = await subOf(email);
  if (holder && holder !== userId) throw new Conflict('emailInUse');
  try {
    await sendUpdateEmail(userId, email);
  } catch (error) {
    if (
      (error as { name?: string }).name === 'AliasExistsException' ||
      (error as { name?: string }).name === 'UsernameExistsException'
    ) {
      throw new Conflict('emailInUse');
    }
    throw error;
  }
}

async function sendUpdateEmail(userId: string, email: string): Promise<void> {
  const { sdk, client } = await cognito();
  await client.send(
    new sdk.AdminUpdateUserAttributesCommand({
      UserPoolId: env.userPoolId,
      Username: userId,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
}

/** One attribute of the user signing in as `username` (their id or e-mail), or null when there is none. */
async function attributeOf(username: string, name: 'email' | 'sub'): Promise<string | null> {
  const { sdk, client } = await cognito();
  try {
    const user = await client.send(
      new sdk.AdminGetUserCommand({ UserPoolId: env.userPoolId, Username: username }),
    );
    return user.UserAttributes?.find((a) => a.Name === name)?.Value ?? null;
  } catch (error) {
    if (userGone(error)) return null;
    throw error;
  }
}

/** The e-mail of a Cognito user, or null when there is no such user. */
export const identityEmail = (userId: string) => attributeOf(userId, 'email');

/** The id (sub) of the user signing in with this e-mail, or null. */
export const subOf = (email: string) => attributeOf(email, 'sub');

/**
 * The role the user's Cognito groups give them now (the one source of truth for roles:
 * tokens say what it was when they were issued), or null when there is no such user.
 */
export async function identityRole(userId: string): Promise<Role | null> {
  const { sdk, client } = await cognito();
  try {
    const out = await client.send(
      new sdk.AdminListGroupsForUserCommand({ UserPoolId: env.userPoolId, Username: userId }),
    );
    return roleFromGroups((out.Groups ?? []).map((group) => group.GroupName));
  } catch (error) {
    if (userGone(error)) return null;
    throw error;
  }
}

/** Whether the user has an authenticator app (software token MFA) verified and turned on. */
export async function hasSecondFactor(userId: string): Promise<boolean> {
  const { sdk, client } = await cognito();
  try {
    const user = await client.send(
      new sdk.AdminGetUserCommand({ UserPoolId: env.userPoolId, Username: userId }),
    );
    return (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
  } catch (error) {
    if (userGone(error)) return false;
    throw error;
  }
}

/**
 * Turns the user's authenticator app off (a lost phone): they sign in with their password
 * alone and, if they are an admin, must set one up again before any admin route answers.
 */
export async function clearSecondFactor(userId: string): Promise<void> {
  const { sdk, client } = await cognito();
  await client.send(
    new sdk.AdminSetUserMFAPreferenceCommand({
      UserPoolId: env.userPoolId,
      Username: userId,
      SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
    }),
  );
}

/** The Cognito group of each staff role (a customer is in none of them). */
const STAFF_GROUPS: Record<Exclude<Role, 'customer'>, string> = { admin: ADMIN_GROUP, hr: HR_GROUP };

/**
 * Gives the user the role's group: a staff role's group is added; a customer is taken out of
 * every staff group they are in (read from Cognito, so the call names only groups that exist).
 * Both repeatable: adding a member again, or removing one already out, changes nothing.
 */
export async function setIdentityRole(userId: string, role: Role): Promise<void> {
  const { sdk, client } = await cognito();
  const membership = (GroupName: string) => ({ UserPoolId: env.userPoolId, Username: userId, GroupName });
  if (role !== 'customer') {
    await client.send(new sdk.AdminAddUserToGroupCommand(membership(STAFF_GROUPS[role])));
    return;
  }
  const out = await client.send(
    new sdk.AdminListGroupsForUserCommand({ UserPoolId: env.userPoolId, Username: userId }),
  );
  const staff: string[] = Object.values(STAFF_GROUPS);
  for (const group of out.Groups ?? []) {
    if (group.GroupName && staff.includes(group.GroupName))
      await client.send(new sdk.AdminRemoveUserFromGroupCommand(membership(group.GroupName)));
  }
}

/** Cognito's refusals of a password change, as our errors (the name is all that is stable). */
const PASSWORD_REFUSALS: Record<string, () => Error> = {
  // Cognito says NotAuthorized both for a wrong password and for a dead token.
  NotAuthorizedException: () => new Invalid('currentPasswordWrong'),
  InvalidPasswordException: () => new Invalid('passwordRejected'),
  InvalidParameterException: () => new Invalid('passwordRejected'),
  LimitExceededException: () => new Invalid('tooManyAttempts'),
  TooManyRequestsException: () => new Invalid('tooManyAttempts'),
  PasswordResetRequiredException: () => new Unauthenticated('notAuthenticated'),
};

/**
 * Changes the password of the user the access token belongs to; Cognito checks the token and
 * the current password.
 */
export async function changePassword(accessToken: string, previous: string, proposed: string): Promise<void> {
  const { sdk, client } = await cognito();
  try {
    await client.send(
      new sdk.ChangePasswordCommand({
        AccessToken: accessToken,
        PreviousPassword: previous,
        ProposedPassword: proposed,
      }),
    );
  } catch (error) {
    const { name = '', message = '' } = error as { name?: string; message?: string };
    // A session signed out everywhere keeps its ID token for a while; its access token is dead.
    if (name === 'NotAuthorizedException' && /access token/i.test(message)) throw new Unauthenticated();
    const refusal = PASSWORD_REFUSALS[name];
    if (refusal) throw refusal();
    throw error;
  }
}
