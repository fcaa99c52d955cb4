// THE route table: the local server mounts these entries and the CDK API stack creates one
// Lambda and one route per entry. Handler `x` lives in functions/src/handlers/x.ts.
export type Access = 'public' | 'user' | 'customer' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  method: Method;
  path: string;
  handler: string;
  /** public: no token; user: any signed-in user; customer / admin: that role only. */
  access: Access;
  /**
   * Creates a confirmed user's missing profile (PostConfirmation failed). Every other
   * signed-in route refuses a caller without one, so a deleted account never comes back.
   */
  createsAccount?: true;
}

export const routes: readonly RouteDef[] = [
  { method: 'GET', path: '/api/health', handler: 'health', access: 'public' },
  { method: 'GET', path: '/api/me', handler: 'get-me', access: 'user', createsAccount: true },
  { method: 'PUT', path: '/api/me/profile', handler: 'update-my-profile', access: 'customer' },
  { method: 'PUT', path: '/api/me/language', handler: 'update-my-language', access: 'user' },
  { method: 'POST', path: '/api/me/onboarding/complete', handler: 'complete-onboarding', access: 'customer' },
  { method: 'GET', path: '/api/me/documents', handler: 'list-my-documents', access: 'customer' },
  { method: 'POST', path: '/api/me/documents/uploads', handler: 'create-upload', access: 'customer' },
  { method: 'PUT', path: '/api/me/documents/{type}', handler: 'confirm-upload', access: 'customer' },
  { method: 'GET', path: '/api/me/journey', handler: 'get-journey', access: 'customer' },
  {
    method: 'POST',
    path: '/api/me/tasks/{taskId}/complete',
    handler: 'complete-my-task',
    access: 'customer',
  },
  {
    method: 'POST',
    path: '/api/me/tasks/{taskId}/service-request',
    handler: 'request-service',
    access: 'customer',
  },
  { method: 'GET', path: '/api/me/workflows', handler: 'list-my-workflows', access: 'customer' },
  { method: 'POST', path: '/api/me/deletion', handler: 'request-deletion', access: 'customer' },
  { method: 'GET', path: '/api/admin/users', handler: 'admin-list-users', access: 'admin' },
  { method: 'GET', path: '/api/admin/users/{userId}', handler: 'admin-get-user', access: 'admin' },
  { method: 'PATCH', path: '/api/admin/users/{userId}', handler: 'admin-edit-user', access: 'admin' },
  { method: 'DELETE', path: '/api/admin/users/{userId}', handler: 'admin-delete-user', access: 'admin' },
  { method: 'POST', path: '/api/admin/users/{userId}/verify', handler: 'admin-verify-user', access: 'admin' },
  {
    method: 'GET',
    path: '/api/admin/users/{userId}/documents',
    handler: 'admin-list-user-documents',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/documents/{documentId}/download',
    handler: 'admin-download-document',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/documents/{documentId}/uploads',
    handler: 'admin-create-replacement',
    access: 'admin',
  },
  {
    method: 'PUT',
    path: '/api/admin/documents/{documentId}',
    handler: 'admin-replace-document',
    access: 'admin',
  },
  {
    method: 'DELETE',
    path: '/api/admin/documents/{documentId}',
    handler: 'admin-delete-document',
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/admin/tasks/{taskId}/complete',
    handler: 'admin-complete-task',
    access: 'admin',
  },
  {
    method: 'PATCH',
    path: '/api/admin/workflows/{workflowId}',
    handler: 'admin-update-workflow',
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/admin/deletion-requests',
    handler: 'admin-list-deletion-requests',
    access: 'admin',
  },
];

/** Cognito triggers: trigger name → module in functions/src/triggers/. */
export const triggers = {
  CustomMessage: 'custom-message',
  PostConfirmation: 'post-confirmation',
} as const;

export const routeKey = (route: Pick<RouteDef, 'method' | 'path'>) => `${route.method} ${route.path}`;

export function findRoute(key: string | undefined): RouteDef | undefined {
  return routes.find((route) => routeKey(route) === key);
}
