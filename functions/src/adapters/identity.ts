import {
  AdminDeleteUserCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { env } from '../config';

let cognito: CognitoIdentityProviderClient | undefined;
const client = () => {
  cognito ??= new CognitoIdentityProviderClient({});
  return cognito;
};

/** Removes the Cognito user; a user already gone counts as removed (retries are safe). */
export async function deleteIdentity(userId: string): Promise<void> {
  try {
    await client().send(new AdminDeleteUserCommand({ UserPoolId: env.userPoolId, Username: userId }));
  } catch (error) {
    if (
      error instanceof UserNotFoundException ||
      (error as { name?: string }).name === 'UserNotFoundException'
    )
      return;
    throw error;
  }
}
