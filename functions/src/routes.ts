// THE route table: every fact of a route in one row. The local server mounts these entries,
// the CDK route stacks (infra/stacks/route-stacks.ts) create one Lambda, one route and one IAM policy per entry, and
// edge/http.ts admits, validates and types each request from it. Handler `x` lives in
// functions/src/handlers/x.ts and names its row: apiHandler(ROUTES['x'], ...).

import { API_PATHS, type ApiPath } from '@shared/api-paths';
import { RELOCATION_DOCUMENT_TYPES } from '@shared/document-clocks';
import {
  adminDeleteUserSchema,
  deletionRejectionSchema,
  downloadQuerySchema,
  ownerSchema,
  replaceConfirmSchema,
  replaceRequestSchema,
  supportCompletionSchema,
  workflowUpdateSchema,
} from '@shared/schemas/admin';
import { passwordChangeRequestSchema } from '@shared/schemas/auth';
import { companionQuestionSchema } from '@shared/schemas/companion';
import {
  companyDeletionSchema,
  companyEmployeesQuerySchema,
  companyExportQuerySchema,
  companySchema,
  consentSchema,
  employeeImportSchema,
  employeeInvitationSchema,
  hrInvitationSchema,
  invitationTokenSchema,
} from '@shared/schemas/company';
import { documentExpirySchema, uploadConfirmSchema, uploadRequestSchema } from '@shared/schemas/documents';
import { completeTaskSchema, deletionRequestSchema } from '@shared/schemas/journey';
import { messageSchema, messagesReadSchema } from '@shared/schemas/messages';
import {
  customerListQuerySchema,
  historyQuerySchema,
  pageQuerySchema,
  queueQuerySchema,
} from '@shared/schemas/pagination';
import { adminProfileSchema, languageSchema, onboardingDetailsSchema } from '@shared/schemas/profile';
import { calendarFeedQuerySchema, remindersSchema, unsubscribeQuerySchema } from '@shared/schemas/reminders';
import { serviceRequestSchema } from '@shared/schemas/service-request';
import * as z from 'zod';

export type Access = 'public' | 'user' | 'customer' | 'admin' | 'hr';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a Lambda's code may touch (least privilege); the CDK stacks grant exactly this. */
export interface Permissions {
  table?: 'read' | 'write';
  /**
   * upload: presign PUTs into the staging prefix only; read: get objects; export: get and list
   * objects, put only under the exports prefix; write: get, put, delete, list.
   */
  bucket?: 'upload' | 'read' | 'export' | 'write';
  mail?: boolean;
  /**
   * Records an action in the audit trail (every admin action, a customer's own acts on their
   * account, an HR user's views and exports): may put new audit records, and nothing else there.
   * Each item of a transaction is authorized on its own: a route whose act writes a record
   * without this is refused whole on AWS. Every function is denied updating or deleting them,
   * and every other one putting them (infra/stacks/lambda.ts).
   */
  audit?: true;
  /** Writes links to the SPA without sending the mail itself (Cognito's message trigger). */
  links?: boolean;
  /** Reads the key that signs unsubscribe links (a Secrets Manager secret on AWS). */
  unsubscribeKey?: true;
  /**
   * Asks the companion's model: bedrock:InvokeModel on exactly the stage's model or inference
   * profile, and bedrock:ApplyGuardrail on the stack's guardrail (on stages that answer with it).
   */
  bedrock?: true;
  /** Cognito admin actions on the user pool. */
  cognito?: readonly (
    | 'cognito-idp:AdminDeleteUser'
    | 'cognito-idp:AdminGetUser'
    | 'cognito-idp:AdminUpdateUserAttributes'
    | 'cognito-idp:AdminUserGlobalSignOut'
    | 'cognito-idp:AdminListGroupsForUser'
    | 'cognito-idp:AdminAddUserToGroup'
    | 'cognito-idp:AdminRemoveUserFromGroup'
  )[];
}

export interface RouteConfig {
  method: Method;
  path: ApiPath;
  /**
   * public: no token; user: any signed-in user; customer / admin / hr: that role only (hr: with
   * a membership of a company, whose id every HR handler keys its reads by).
   */
  access: Access;
  /**
   * Creates a confirmed user's missing profile (PostConfirmation failed). Every other
   * signed-in route refuses a caller without one, so a deleted account never comes back.
   */
  createsAccount?: true;
  /**
   * The handler works from the caller's whole partition: the caller is admitted from one
   * strongly consistent Query of it (profile and deletion marker are in it) instead of the
   * account read, and the handler gets it as `caller.partition`. One DynamoDB call, not two.
   */
  readsPartition?: true;
  /** One schema per `{name}` of the path; a value that fails cannot name anything: 404. */
  params?: Readonly<Record<string, z.ZodType<string, string>>>;
  /** The query string; failing it is a 400 with a message per field. */
  query?: z.ZodType;
  /** The JSON body; failing it is a 400 with a message per field. */
  body?: z.ZodType;
  /**
   * Why a GET writes the table. A request that only reads gets read-only table grants; a GET
   * whose row asks for `table: 'write'` says here what it writes (infra/stacks/stacks.test.ts
   * refuses a writing GET without it, and this on any other route).
   */
  writesOnRead?: string;
  /**
   * What the handler's code needs. Every signed-in route reads the caller's account
   * (profile and tombstone) before it runs, so each of them reads the table at least.
   */
  permissions: Permissions;
}

export interface RouteDef extends RouteConfig {
  /** The module in functions/src/handlers/ (and the Lambda's name). */
  handler: string;
}

/** Every id in our paths is a UUID, a catalogue key or a millisecond timestamp: short and plain. */
const id = z.string().regex(/^[\w-]{1,128}$/);
const documentType = z.enum(RELOCATION_DOCUMENT_TYPES, 'unknownDocumentType');

const deletes: Permissions['cognito'] = ['cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminDeleteUser'];

export const ROUTES = {
  health: { method: 'GET', path: API_PATHS.health, access: 'public', permissions: {} },
  'get-me': {
    method: 'GET',
    path: API_PATHS.me,
    access: 'user',
    createsAccount: true,
    writesOnRead:
      "creates the profile PostConfirmation failed to write (once Cognito confirms the identity exists), and settles the profile's role with the Cognito group",
    permissions: { table: 'write', cognito: ['cognito-idp:AdminGetUser'] },
  },
  'update-my-profile': {
    method: 'PUT',
    path: API_PATHS.myProfile,
    access: 'customer',
    body: onboardingDetailsSchema,
    permissions: { table: 'write' },
  },
  'update-my-language': {
    method: 'PUT',
    path: API_PATHS.myLanguage,
    access: 'user',
    body: languageSchema,
    permissions: { table: 'write' },
  },
  'complete-onboarding': {
    method: 'POST',
    path: API_PATHS.myOnboardingComplete,
    access: 'customer',
    permissions: { table: 'write' },
  },
  'list-my-documents': {
    method: 'GET',
    path: API_PATHS.myDocuments,
    access: 'customer',
    permissions: { table: 'read' },
  },
  'create-upload': {
    method: 'POST',
    path: API_PATHS.myUploads,
    access: 'customer',
    body: uploadRequestSchema,
    permissions: { table: 'write', bucket: 'upload' }, // records the upload's ticket
  },
  'confirm-upload': {
    method: 'PUT',
    path: API_PATHS.myDocument,
    access: 'customer',
    params: { type: documentType },
    body: uploadConfirmSchema,
    permissions: { audit: true, table: 'write', bucket: 'write' },
  },
  'delete-my-document': {
    method: 'DELETE',
    path: API_PATHS.myDocumentById,
    access: 'customer',
    params: { documentId: id },
    permissions: { audit: true, table: 'write', bucket: 'write' },
  },
  'update-my-document-expiry': {
    method: 'PATCH',
    path: API_PATHS.myDocumentById,
    access: 'customer',
    params: { documentId: id },
    body: documentExpirySchema,
    permissions: { table: 'write' },
  },
  'get-journey': {
    method: 'GET',
    path: API_PATHS.myJourney,
    access: 'customer',
    readsPartition: true,
    writesOnRead:
      'assigns the tasks of newly unlocked phases (whoever looks first: the customer or the team)',
    permissions: { table: 'write' },
  },
  'complete-my-task': {
    method: 'POST',
    path: API_PATHS.myTaskCompletion,
    access: 'customer',
    readsPartition: true,
    params: { taskId: id },
    body: completeTaskSchema,
    permissions: { audit: true, table: 'write' },
  },
  'request-service': {
    method: 'POST',
    path: API_PATHS.myServiceRequest,
    access: 'customer',
    readsPartition: true,
    params: { taskId: id },
    body: serviceRequestSchema,
    permissions: { audit: true, table: 'write', mail: true },
  },
  'list-my-workflows': {
    method: 'GET',
    path: API_PATHS.myWorkflows,
    access: 'customer',
    readsPartition: true,
    permissions: { table: 'read' },
  },
  'withdraw-my-request': {
    method: 'POST',
    path: API_PATHS.myWorkflowWithdrawal,
    access: 'customer',
    // The partition read admits the caller and holds their own workflows and tasks (another's: 404).
    readsPartition: true,
    params: { workflowId: id },
    permissions: { audit: true, table: 'write', mail: true }, // mails the owner, or the support address
  },
  'request-deletion': {
    method: 'POST',
    path: API_PATHS.myDeletion,
    access: 'customer',
    body: deletionRequestSchema,
    permissions: { table: 'write', bucket: 'write', cognito: deletes, mail: true },
  },
  'withdraw-deletion': {
    method: 'DELETE',
    path: API_PATHS.myDeletion,
    access: 'customer',
    permissions: { table: 'write', mail: true },
  },
  'change-my-password': {
    method: 'POST',
    path: API_PATHS.myPassword,
    access: 'user',
    body: passwordChangeRequestSchema,
    // ChangePassword is authorized by the caller's access token, not by IAM.
    permissions: { table: 'read', mail: true },
  },
  'export-my-data': {
    method: 'POST',
    path: API_PATHS.myDataExport,
    access: 'customer',
    permissions: { table: 'read', bucket: 'export' }, // reads the files, writes the archive under exports/
  },
  'list-my-messages': {
    method: 'GET',
    path: API_PATHS.myMessages,
    access: 'customer',
    query: historyQuerySchema,
    permissions: { table: 'read' },
  },
  'send-my-message': {
    method: 'POST',
    path: API_PATHS.myMessages,
    access: 'customer',
    // The partition read admits the caller and holds the service requests a message may name.
    readsPartition: true,
    body: messageSchema,
    permissions: { audit: true, table: 'write', mail: true }, // mails the support team's address
  },
  'read-my-messages': {
    method: 'POST',
    path: API_PATHS.myMessagesRead,
    access: 'customer',
    body: messagesReadSchema,
    permissions: { table: 'write' },
  },
  'list-my-activity': {
    method: 'GET',
    path: API_PATHS.myActivity,
    access: 'customer',
    query: historyQuerySchema,
    permissions: { table: 'read' },
  },
  'list-my-companion': {
    method: 'GET',
    path: API_PATHS.myCompanion,
    access: 'customer',
    query: historyQuerySchema,
    permissions: { table: 'read' },
  },
  'ask-companion': {
    method: 'POST',
    path: API_PATHS.myCompanionQuestions,
    access: 'customer',
    // The partition read admits the caller and holds the plan whose next due tasks an answer names.
    readsPartition: true,
    body: companionQuestionSchema,
    // Counts the question, stores it with its answer; asks the model where the stage has one.
    permissions: { table: 'write', bedrock: true },
  },
  'hand-off-companion-question': {
    method: 'POST',
    path: API_PATHS.myCompanionHandoff,
    access: 'customer',
    params: { questionId: id },
    permissions: { audit: true, table: 'write', mail: true }, // a customer message: mails the support team's address
  },
  'update-my-reminders': {
    method: 'PUT',
    path: API_PATHS.myReminders,
    access: 'customer',
    body: remindersSchema,
    permissions: { table: 'write' },
  },
  'get-my-calendar': {
    method: 'GET',
    path: API_PATHS.myCalendar,
    access: 'customer',
    writesOnRead: "creates the calendar feed's address on first use",
    permissions: { table: 'write', links: true },
  },
  'reset-my-calendar': {
    method: 'POST',
    path: API_PATHS.myCalendarReset,
    access: 'customer',
    permissions: { table: 'write', links: true },
  },
  'calendar-feed': {
    method: 'GET',
    path: API_PATHS.calendarFeed,
    access: 'public',
    // Any file name is looked at by the handler: whatever names no current token is the same
    // empty 404, so the answer tells nothing about tokens (checked before any store call).
    params: { file: z.string() },
    query: calendarFeedQuerySchema,
    permissions: { table: 'read', links: true },
  },
  'open-unsubscribe-link': {
    method: 'GET',
    path: API_PATHS.remindersUnsubscribe,
    access: 'public',
    query: unsubscribeQuerySchema,
    permissions: {}, // sends the browser on to the page that confirms: a GET changes nothing
  },
  'unsubscribe-reminders': {
    method: 'POST',
    path: API_PATHS.remindersUnsubscribe,
    access: 'public',
    // The signed query is the authorization. No body schema: the one-click POST of RFC 8058
    // sends `List-Unsubscribe=One-Click` form-encoded, and nothing in a body changes the outcome.
    query: unsubscribeQuerySchema,
    permissions: { table: 'write', unsubscribeKey: true },
  },
  'admin-list-users': {
    method: 'GET',
    path: API_PATHS.adminUsers,
    access: 'admin',
    query: customerListQuerySchema,
    permissions: { table: 'read' },
  },
  'admin-customer-stats': {
    method: 'GET',
    path: API_PATHS.adminStats,
    access: 'admin',
    permissions: { table: 'read' },
  },
  'admin-get-user': {
    method: 'GET',
    path: API_PATHS.adminUser,
    access: 'admin',
    params: { userId: id },
    writesOnRead: 'assigns the tasks of newly unlocked phases, as get-journey does',
    permissions: { table: 'write' },
  },
  'admin-edit-user': {
    method: 'PATCH',
    path: API_PATHS.adminUser,
    access: 'admin',
    params: { userId: id },
    body: adminProfileSchema,
    permissions: {
      audit: true,
      table: 'write',
      mail: true,
      cognito: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminUpdateUserAttributes'],
    },
  },
  'admin-delete-user': {
    method: 'DELETE',
    path: API_PATHS.adminUser,
    access: 'admin',
    params: { userId: id },
    body: adminDeleteUserSchema,
    permissions: {
      audit: true,
      table: 'write',
      bucket: 'write',
      cognito: [...deletes, 'cognito-idp:AdminGetUser'],
      mail: true,
    },
  },
  'admin-verify-user': {
    method: 'POST',
    path: API_PATHS.adminVerification,
    access: 'admin',
    params: { userId: id },
    permissions: {
      audit: true,
      table: 'write',
      mail: true,
    },
  },
  'admin-list-user-documents': {
    method: 'GET',
    path: API_PATHS.adminUserDocuments,
    access: 'admin',
    params: { userId: id },
    permissions: { table: 'read' },
  },
  'admin-download-document': {
    method: 'GET',
    path: API_PATHS.adminDocumentDownload,
    access: 'admin',
    params: { documentId: id },
    query: downloadQuerySchema,
    // Records the view or download: it may put audit records, and write nothing else.
    permissions: { audit: true, table: 'read', bucket: 'read' },
  },
  'admin-create-replacement': {
    method: 'POST',
    path: API_PATHS.adminReplacementUploads,
    access: 'admin',
    params: { documentId: id },
    body: replaceRequestSchema,
    permissions: { table: 'write', bucket: 'upload' }, // records the upload's ticket
  },
  'admin-replace-document': {
    method: 'PUT',
    path: API_PATHS.adminDocument,
    access: 'admin',
    params: { documentId: id },
    body: replaceConfirmSchema,
    permissions: {
      audit: true,
      table: 'write',
      bucket: 'write',
    },
  },
  'admin-delete-document': {
    method: 'DELETE',
    path: API_PATHS.adminDocument,
    access: 'admin',
    params: { documentId: id },
    permissions: {
      audit: true,
      table: 'write',
      bucket: 'write',
    },
  },
  'admin-update-document-expiry': {
    method: 'PATCH',
    path: API_PATHS.adminDocument,
    access: 'admin',
    params: { documentId: id },
    body: documentExpirySchema,
    permissions: { audit: true, table: 'write' },
  },
  'admin-complete-task': {
    method: 'POST',
    path: API_PATHS.adminTaskCompletion,
    access: 'admin',
    params: { taskId: id },
    body: supportCompletionSchema,
    permissions: {
      audit: true,
      table: 'write',
      mail: true,
    },
  },
  'admin-update-workflow': {
    method: 'PATCH',
    path: API_PATHS.adminWorkflow,
    access: 'admin',
    params: { workflowId: id },
    body: workflowUpdateSchema,
    permissions: {
      audit: true,
      table: 'write',
      mail: true,
    },
  },
  'admin-set-workflow-owner': {
    method: 'PUT',
    path: API_PATHS.adminWorkflowOwner,
    access: 'admin',
    params: { workflowId: id },
    body: ownerSchema,
    permissions: { audit: true, table: 'write' },
  },
  'admin-list-team': {
    method: 'GET',
    path: API_PATHS.adminTeam,
    access: 'admin',
    permissions: { table: 'read' },
  },
  'admin-set-conversation-owner': {
    method: 'PUT',
    path: API_PATHS.adminConversationOwner,
    access: 'admin',
    params: { userId: id },
    body: ownerSchema,
    permissions: { audit: true, table: 'write' },
  },
  'admin-list-requests': {
    method: 'GET',
    path: API_PATHS.adminRequests,
    access: 'admin',
    query: queueQuerySchema,
    permissions: { table: 'read' },
  },
  'admin-list-deletion-requests': {
    method: 'GET',
    path: API_PATHS.adminDeletionRequests,
    access: 'admin',
    query: pageQuerySchema,
    permissions: { table: 'read' },
  },
  'admin-reject-deletion': {
    method: 'POST',
    path: API_PATHS.adminDeletionRejection,
    access: 'admin',
    params: { userId: id },
    body: deletionRejectionSchema,
    permissions: {
      audit: true,
      table: 'write',
      mail: true,
    },
  },
  'admin-list-user-messages': {
    method: 'GET',
    path: API_PATHS.adminUserMessages,
    access: 'admin',
    params: { userId: id },
    query: historyQuerySchema,
    permissions: { table: 'read' },
  },
  'admin-send-message': {
    method: 'POST',
    path: API_PATHS.adminUserMessages,
    access: 'admin',
    params: { userId: id },
    body: messageSchema,
    permissions: { table: 'write', mail: true },
  },
  'admin-read-user-messages': {
    method: 'POST',
    path: API_PATHS.adminUserMessagesRead,
    access: 'admin',
    params: { userId: id },
    body: messagesReadSchema,
    permissions: { table: 'write' },
  },
  'admin-list-user-activity': {
    method: 'GET',
    path: API_PATHS.adminUserActivity,
    access: 'admin',
    params: { userId: id },
    query: historyQuerySchema,
    permissions: { table: 'read' },
  },
  // The customer's side of a company's invitation, and the admin's deletion of a company.
  'get-my-company': {
    method: 'GET',
    path: API_PATHS.myCompany,
    access: 'customer',
    permissions: { table: 'read' },
  },
  'consent-to-company': {
    method: 'POST',
    path: API_PATHS.myCompanyConsent,
    access: 'customer',
    params: { companyId: id },
    body: consentSchema,
    permissions: { audit: true, table: 'write' },
  },
  'decline-company': {
    method: 'POST',
    path: API_PATHS.myCompanyDecline,
    access: 'customer',
    params: { companyId: id },
    permissions: { audit: true, table: 'write' },
  },
  'stop-sharing': {
    method: 'POST',
    path: API_PATHS.myCompanyStop,
    access: 'customer',
    permissions: { audit: true, table: 'write' },
  },
  'admin-delete-company': {
    method: 'DELETE',
    path: API_PATHS.adminCompany,
    access: 'admin',
    params: { companyId: id },
    body: companyDeletionSchema,
    permissions: {
      audit: true,
      table: 'write',
      cognito: ['cognito-idp:AdminRemoveUserFromGroup', 'cognito-idp:AdminUserGlobalSignOut'],
    },
  },
  // What HR sees of its employees (services/company-view.ts): every read keyed by the caller's company.
  'hr-list-employees': {
    method: 'GET',
    path: API_PATHS.companyEmployees,
    access: 'hr',
    query: companyEmployeesQuerySchema,
    permissions: { table: 'read' },
  },
  'hr-get-employee': {
    method: 'GET',
    path: API_PATHS.companyEmployee,
    access: 'hr',
    params: { employeeId: id },
    writesOnRead:
      "records the view of a sharing employee's progress once a day per viewer (a marker and the fact on the employee's audit trail: their Activity shows it)",
    permissions: { table: 'write', audit: true },
  },
  'hr-export-employees': {
    method: 'GET',
    path: API_PATHS.companyExport,
    access: 'hr',
    query: companyExportQuerySchema,
    writesOnRead: "records the export (filter, search, rows) on the company's audit trail",
    permissions: { table: 'write', audit: true },
  },
  'admin-list-company-employees': {
    method: 'GET',
    path: API_PATHS.adminCompanyEmployees,
    access: 'admin',
    params: { companyId: id },
    query: companyEmployeesQuerySchema,
    permissions: { table: 'read' },
  },
  // HR invites the company's employees (every row keyed by the caller's own company).
  'hr-invite-employee': {
    method: 'POST',
    path: API_PATHS.companyInvitations,
    access: 'hr',
    body: employeeInvitationSchema,
    permissions: { table: 'write', mail: true, audit: true },
  },
  'hr-import-employees': {
    method: 'POST',
    path: API_PATHS.companyImport,
    access: 'hr',
    body: employeeImportSchema,
    permissions: { table: 'write', mail: true, audit: true },
  },
  'hr-resend-invitation': {
    method: 'POST',
    path: API_PATHS.companyInvitationResend,
    access: 'hr',
    params: { employeeId: id },
    permissions: { table: 'write', mail: true },
  },
  // Companies and their HR users: the admin's side, the invitation's public page, joining, HR's company.
  'admin-list-companies': {
    method: 'GET',
    path: API_PATHS.adminCompanies,
    access: 'admin',
    query: pageQuerySchema,
    permissions: { table: 'read' },
  },
  'admin-create-company': {
    method: 'POST',
    path: API_PATHS.adminCompanies,
    access: 'admin',
    body: companySchema,
    permissions: { audit: true, table: 'write' },
  },
  'admin-get-company': {
    method: 'GET',
    path: API_PATHS.adminCompany,
    access: 'admin',
    params: { companyId: id },
    permissions: { table: 'read' },
  },
  'admin-invite-hr': {
    method: 'POST',
    path: API_PATHS.adminHrInvitations,
    access: 'admin',
    params: { companyId: id },
    body: hrInvitationSchema,
    permissions: { audit: true, table: 'write', mail: true },
  },
  'admin-resend-hr-invitation': {
    method: 'POST',
    path: API_PATHS.adminHrInvitationResend,
    access: 'admin',
    params: { companyId: id, inviteId: id },
    permissions: { audit: true, table: 'write', mail: true },
  },
  'admin-revoke-hr': {
    method: 'DELETE',
    path: API_PATHS.adminHrUser,
    access: 'admin',
    params: { companyId: id, userId: id },
    permissions: {
      audit: true,
      table: 'write',
      // Takes the user out of the hr group (listed first) and signs them out everywhere.
      cognito: [
        'cognito-idp:AdminListGroupsForUser',
        'cognito-idp:AdminRemoveUserFromGroup',
        'cognito-idp:AdminUserGlobalSignOut',
      ],
    },
  },
  'look-up-invitation': {
    method: 'POST',
    path: API_PATHS.invitationLookup,
    access: 'public',
    // The token travels in the body (never a path or query: request lines are logged).
    body: invitationTokenSchema,
    permissions: { table: 'read' },
  },
  'accept-hr-invitation': {
    method: 'POST',
    path: API_PATHS.myHrInvitationAccept,
    access: 'customer',
    params: { companyId: id },
    permissions: { audit: true, table: 'write', cognito: ['cognito-idp:AdminAddUserToGroup'] },
  },
  'hr-get-company': {
    method: 'GET',
    path: API_PATHS.company,
    access: 'hr',
    permissions: { table: 'read' },
  },
} as const satisfies Record<string, RouteConfig>;

export type RouteName = keyof typeof ROUTES;

/** The table as a list, each row with its handler's name. */
export const routes: readonly RouteDef[] = Object.entries(ROUTES).map(([handler, route]) => ({
  handler,
  ...(route as RouteConfig),
}));

/**
 * Staff routes (the team's and a company's HR users'): the edge admits only a caller with a
 * verified authenticator app, which it asks Cognito (AdminGetUser), so their grants include that.
 */
export const needsSecondFactor = (route: Pick<RouteConfig, 'access'>): boolean =>
  route.access === 'admin' || route.access === 'hr';

/**
 * What a route's Lambda may do: its row's permissions, and for every signed-in route what
 * admission needs besides the table: asking Cognito for the caller's groups when the token's
 * role and the profile's disagree (edge/admission.ts); and for a staff route (admin, hr), whether
 * the caller has a second factor (AdminGetUser, edge/second-factor.ts).
 */
export function permissionsOf(route: RouteDef): Permissions {
  if (route.access === 'public') return route.permissions;
  const edge: NonNullable<Permissions['cognito']> = needsSecondFactor(route)
    ? ['cognito-idp:AdminListGroupsForUser', 'cognito-idp:AdminGetUser']
    : ['cognito-idp:AdminListGroupsForUser'];
  const cognito = [...new Set([...(route.permissions.cognito ?? []), ...edge])];
  return { ...route.permissions, cognito };
}

/** Cognito triggers: trigger name → module in functions/src/triggers/. */
export const triggers = {
  CustomMessage: 'custom-message',
  PostConfirmation: 'post-confirmation',
} as const;

export const TRIGGER_PERMISSIONS: Record<(typeof triggers)[keyof typeof triggers], Permissions> = {
  // Reads the account's language for the reset mail.
  'custom-message': { table: 'read', links: true },
  // Writes the profile of a confirmed sign-up; mails the confirmation of a password reset.
  'post-confirmation': { table: 'write', mail: true },
};

/** Jobs: module in functions/src/jobs/ → what it may touch. */
export const JOB_PERMISSIONS = {
  // Writes the catalogue; reads the customer list and partitions, and migrates their tasks.
  'seed-catalogue': { table: 'write' },
  // Finds the user of a bounced address and marks their profile.
  'ses-feedback': { table: 'write', cognito: ['cognito-idp:AdminGetUser'] },
  // Settles the customers due on a day (schedules, overdue counts) and mails their reminders;
  // then mails the team of requests waiting over 3 days (the support address: SUPPORT_EMAIL).
  // The reminder mail carries the signed unsubscribe link.
  // Finishes the deletions of companies the admin's request left unfinished (their HR users out
  // of the hr group and signed out, as the request does).
  'send-reminders': {
    table: 'write',
    mail: true,
    unsubscribeKey: true,
    cognito: ['cognito-idp:AdminRemoveUserFromGroup', 'cognito-idp:AdminUserGlobalSignOut'],
  },
} as const satisfies Record<string, Permissions>;

export const routeKey = (route: Pick<RouteConfig, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** The row of an API Gateway route key ("GET /api/me"), or undefined. */
export const findRoute = (key: string | undefined): RouteDef | undefined =>
  routes.find((route) => routeKey(route) === key);
