// The SDK names the adapter uses, and no others: the adapter loads this module lazily, and a
// lazy import of the package itself would bundle every command of the client (the AWS SDK is
// bundled into each Lambda, infra/stacks/bundling.mjs). A command the adapter starts to use is added here.
export {
  AdminAddUserToGroupCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
