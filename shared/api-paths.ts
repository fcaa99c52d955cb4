// Every API path, once: the route table (functions/src/routes.ts) mounts these templates and
// the SPA builds its request URLs from them, so a renamed path cannot leave a caller behind.

/** Where the API lives on the site's origin (CloudFront and the local server route it there). */
export const API_BASE = '/api';

export const API_PATHS = {
  health: '/api/health',
  me: '/api/me',
  myProfile: '/api/me/profile',
  myLanguage: '/api/me/language',
  myOnboardingComplete: '/api/me/onboarding/complete',
  myDocuments: '/api/me/documents',
  myUploads: '/api/me/documents/uploads',
  myDocument: '/api/me/documents/{type}',
  myDocumentById: '/api/me/documents/by-id/{documentId}',
  myJourney: '/api/me/journey',
  myTaskCompletion: '/api/me/tasks/{taskId}/complete',
  myServiceRequest: '/api/me/tasks/{taskId}/service-request',
  myWorkflows: '/api/me/workflows',
  myWorkflowWithdrawal: '/api/me/workflows/{workflowId}/withdraw',
  myDeletion: '/api/me/deletion',
  myPassword: '/api/me/password',
  myDataExport: '/api/me/export',
  myMessages: '/api/me/messages',
  myMessagesRead: '/api/me/messages/read',
  myActivity: '/api/me/activity',
  myCompanion: '/api/me/companion',
  myCompanionQuestions: '/api/me/companion/questions',
  myCompanionHandoff: '/api/me/companion/questions/{questionId}/handoff',
  myReminders: '/api/me/reminders',
  myCalendar: '/api/me/calendar',
  myCalendarReset: '/api/me/calendar/reset',
  /** The calendar feed at its secret address: `{file}` is `<token>.ics` (public, no sign-in). */
  calendarFeed: '/api/calendar/{file}',
  /** The signed unsubscribe link of reminder mails (public, no sign-in). */
  remindersUnsubscribe: '/api/reminders/unsubscribe',
  adminUsers: '/api/admin/users',
  adminStats: '/api/admin/stats',
  adminUser: '/api/admin/users/{userId}',
  adminVerification: '/api/admin/users/{userId}/verify',
  adminUserDocuments: '/api/admin/users/{userId}/documents',
  adminDocumentDownload: '/api/admin/documents/{documentId}/download',
  adminReplacementUploads: '/api/admin/documents/{documentId}/uploads',
  adminDocument: '/api/admin/documents/{documentId}',
  adminTaskCompletion: '/api/admin/tasks/{taskId}/complete',
  adminWorkflow: '/api/admin/workflows/{workflowId}',
  adminWorkflowOwner: '/api/admin/workflows/{workflowId}/owner',
  adminTeam: '/api/admin/team',
  adminConversationOwner: '/api/admin/users/{userId}/messages/owner',
  adminDeletionRequests: '/api/admin/deletion-requests',
  adminRequests: '/api/admin/requests',
  adminDeletionRejection: '/api/admin/users/{userId}/deletion/reject',
  adminUserMessages: '/api/admin/users/{userId}/messages',
  adminUserMessagesRead: '/api/admin/users/{userId}/messages/read',
  adminUserActivity: '/api/admin/users/{userId}/activity',
  // The company portal: the admin's companies, the public invitation lookup, the HR user's
  // company (never a user id: every HR path is inside the caller's own company), the customer's side.
  adminCompanies: '/api/admin/companies',
  adminCompany: '/api/admin/companies/{companyId}',
  adminCompanyEmployees: '/api/admin/companies/{companyId}/employees',
  adminHrInvitations: '/api/admin/companies/{companyId}/hr-invitations',
  adminHrInvitationResend: '/api/admin/companies/{companyId}/hr-invitations/{inviteId}/resend',
  adminHrUser: '/api/admin/companies/{companyId}/hr/{userId}',
  /** The public page of an invitation link: the token travels in the body, never the path. */
  invitationLookup: '/api/invitations/lookup',
  myHrInvitationAccept: '/api/me/hr-invitations/{companyId}/accept',
  company: '/api/company',
  companyEmployees: '/api/company/employees',
  companyEmployee: '/api/company/employees/{employeeId}',
  companyExport: '/api/company/export',
  companyInvitations: '/api/company/invitations',
  companyImport: '/api/company/invitations/import',
  companyInvitationResend: '/api/company/invitations/{employeeId}/resend',
  myCompany: '/api/me/company',
  myCompanyConsent: '/api/me/company/invitations/{companyId}/accept',
  myCompanyDecline: '/api/me/company/invitations/{companyId}/decline',
  myCompanyStop: '/api/me/company/stop',
} as const;

export type ApiPath = (typeof API_PATHS)[keyof typeof API_PATHS];

/** The `{name}` placeholders of a path template, as a union of names. */
export type PathParamName<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamName<Rest>
  : never;

export type PathParams<T extends string> = { [K in PathParamName<T>]: string };

type Query = Record<string, string | number | null | undefined>;

/**
 * A request path from its template: placeholders filled (URI-encoded), then the query
 * parameters that have a value. `apiPath(API_PATHS.adminUser, { userId })`.
 */
export function apiPath<T extends ApiPath>(
  template: T,
  ...args: PathParamName<T> extends never ? [params?: undefined, query?: Query] : [PathParams<T>, Query?]
): string {
  const [params, query] = args as [Record<string, string> | undefined, Query | undefined];
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`apiPath: no value for {${name}} in ${template}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
