// Which Cognito user-pool operations a browser may call with a user's own token or none (no
// IAM credentials). One list for both places that enforce it: the local Cognito proxy lets
// only BROWSER_COGNITO_OPERATIONS through, and on AWS the user pool's WAF web ACL blocks
// BLOCKED_COGNITO_OPERATIONS (infra/stacks/auth-stack.ts).

/** What the SPA uses (and what Amplify's sign-in, refresh and sign-out need). */
export const BROWSER_COGNITO_OPERATIONS = [
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'GetUser',
  // The second factor (authenticator app): set up, verify, turn on or off.
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'ChangePassword',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GlobalSignOut',
  'RevokeToken',
] as const;

/**
 * Self-service operations a real pool offers every signed-in user that would go around the
 * product: DeleteUser would remove the identity and leave every item and file behind with no
 * deletion request; the attribute calls would change the sign-in e-mail behind the profile's
 * back (e-mail changes go through the support team, docs/product.md#admin-user-page).
 */
export const BLOCKED_COGNITO_OPERATIONS = [
  'DeleteUser',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
] as const;

/** The X-Amz-Target header value of a user-pool operation. */
export const cognitoTarget = (operation: string) => `AWSCognitoIdentityProviderService.${operation}`;
