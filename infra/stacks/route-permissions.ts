// What each Lambda may touch (least privilege). The route table says who may call a route;
// this says what its code needs. A test fails when a route or trigger has no entry here.
// Every signed-in route reads the caller's account (profile and tombstone) before it runs
// (functions/src/lib/http.ts), so each of them reads the table at least.
export interface Permissions {
  table?: 'read' | 'write';
  /** upload: presign PUTs into the staging prefix only; read: get objects; write: get, put, delete, list. */
  bucket?: 'upload' | 'read' | 'write';
  mail?: boolean;
  /** Cognito admin actions on the user pool. */
  cognito?: readonly (
    | 'cognito-idp:AdminDeleteUser'
    | 'cognito-idp:AdminGetUser'
    | 'cognito-idp:AdminUpdateUserAttributes'
    | 'cognito-idp:AdminUserGlobalSignOut'
  )[];
}

export const HANDLER_PERMISSIONS: Record<string, Permissions> = {
  health: {},
  // Creates a missing profile, once Cognito confirms the identity still exists.
  'get-me': { table: 'write', cognito: ['cognito-idp:AdminGetUser'] },
  'update-my-language': { table: 'write' },
  'update-my-profile': { table: 'write' },
  'complete-onboarding': { table: 'write' },
  'list-my-documents': { table: 'read' },
  'create-upload': { table: 'write', bucket: 'upload' }, // records the upload's ticket
  'confirm-upload': { table: 'write', bucket: 'write' },
  'get-journey': { table: 'write' }, // assigns tasks of newly unlocked phases
  'complete-my-task': { table: 'write' },
  'request-service': { table: 'write' },
  'list-my-workflows': { table: 'read' },
  'request-deletion': {
    table: 'write',
    bucket: 'write',
    cognito: ['cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminDeleteUser'],
  },
  'admin-list-users': { table: 'read' },
  'admin-get-user': { table: 'read' },
  'admin-edit-user': {
    table: 'write',
    cognito: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminUpdateUserAttributes'],
  },
  'admin-delete-user': {
    table: 'write',
    bucket: 'write',
    cognito: [
      'cognito-idp:AdminUserGlobalSignOut',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminGetUser',
    ],
  },
  'admin-verify-user': { table: 'write', mail: true },
  'admin-list-user-documents': { table: 'read' },
  'admin-download-document': { table: 'read', bucket: 'read' },
  'admin-create-replacement': { table: 'write', bucket: 'upload' }, // records the upload's ticket
  'admin-replace-document': { table: 'write', bucket: 'write' },
  'admin-delete-document': { table: 'write', bucket: 'write' },
  'admin-complete-task': { table: 'write' },
  'admin-update-workflow': { table: 'write' },
  'admin-list-deletion-requests': { table: 'read' },
};

export const TRIGGER_PERMISSIONS: Record<string, Permissions> = {
  'custom-message': {},
  'post-confirmation': { table: 'write' },
};

export const JOB_PERMISSIONS: Record<string, Permissions> = {
  'seed-catalogue': { table: 'write' },
};
