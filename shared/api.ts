import type { TaskSource } from './catalogue';
import type { CompanyCounts, EmployeeStatus } from './company-filters';
import type { CompanySharedField } from './company-sharing';
import type { Language, Role } from './constants';
import type { RelocationDocumentType } from './document-clocks';
import type { CompletionType, TaskStatus, WorkflowStatus, WorkflowType } from './journey';
import type { PlanCity, PlanDate } from './plan';
import type { FamilyMembers } from './schemas/profile';
import type { ServiceAnswers } from './service-questions';

/** Why mail to a profile's address stopped. */
export type MailBlock = 'bounce' | 'complaint';

/** A profile (docs/product.md#data). Dates are ISO-8601 strings. */
export interface Profile {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  gender: 'male' | 'female' | null;
  whatsapp_number: string | null;
  nationality: string | null;
  target_city: string | null;
  intended_arrival_date: string | null;
  knows_address: boolean;
  street_address: string | null;
  postal_code: string | null;
  city: string | null;
  country: string | null;
  /** The relocation plan (optional): the date of entry to Germany, the move-in date, who moves along. */
  entry_date: string | null;
  move_in_date: string | null;
  family_members: FamilyMembers | null;
  onboarding_completed: boolean;
  account_verified: boolean;
  account_verified_at: string | null;
  account_verified_by: string | null;
  deletion_requested: boolean;
  deletion_requested_at: string | null;
  deletion_requested_by: string | null;
  documents_count: number;
  /** The interface language the user last chose; e-mails are written in it. */
  language: Language;
  /**
   * Mail to this address bounced for good, or the person complained of it (SES feedback):
   * nothing more is mailed to it until the e-mail changes.
   */
  mail_blocked: MailBlock | null;
  /** Messages from the support team the customer has not read yet. */
  unread_by_customer: number;
  /** Messages from the customer no admin has read yet. */
  unread_by_team: number;
  /** Reminder e-mails of tasks due soon or overdue (My Account, the unsubscribe link); status e-mails are not affected. */
  reminders_enabled: boolean;
  /** Open tasks of the plan past their due date, as last counted (task changes, date changes, the daily job). */
  overdue_tasks: number;
  /** Documents whose expiry date is within 90 days or past, as last counted (document changes, the daily job). */
  expiring_documents: number;
  created_at: string;
  updated_at: string;
}

/** The customer's calendar feed: its secret address, for subscribing (webcal:) or downloading. */
export interface CalendarLink {
  url: string;
  webcal_url: string;
  download_url: string;
}

/** The customer's reminder e-mail setting. */
export interface RemindersSetting {
  reminders_enabled: boolean;
}

export interface MeResponse {
  role: Role;
  profile: Profile;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface HealthResponse {
  status: 'ok';
  stage: string;
}

export type ErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  /** An admin route, called by an admin without a verified authenticator app (TOTP). */
  | 'mfa_required'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'too_many_requests'
  | 'internal';

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Locale key of the message (apiErrors.*), so the SPA can show it in its language. */
    messageKey?: string;
    /** Field path → locale key of the zod message. */
    fields?: Record<string, string>;
    /** An import file refused whole: every bad row by its line and reason. */
    rows?: ImportProblem[];
  };
}

/** Runtime configuration served at /config.json: the only thing that differs per stage. */
export interface RuntimeConfig {
  stage: string;
  apiBasePath: string;
  auth: {
    userPoolId: string;
    userPoolClientId: string;
    /** Absolute URL, or a path on this origin (local stack). Absent on AWS. */
    userPoolEndpoint?: string;
    authFlowType: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
  };
  support: { email: string; whatsapp: string };
}

/** A document's record (docs/product.md#documents). */
export interface DocumentRecord {
  id: string;
  user_id: string;
  document_type: RelocationDocumentType;
  file_name: string;
  file_path: string;
  file_size: number;
  uploaded_at: string;
  /** The date the document runs out (YYYY-MM-DD), for types with an expiry; else null. */
  expires_on: string | null;
  /** What a document of type `other` is, in the customer's words; null for every other type. */
  title: string | null;
}

/** A presigned upload: PUT the file's bytes to `url` with exactly these headers. */
export interface UploadTicket {
  upload_id: string;
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expires_at: string;
}

export interface JourneyTask {
  /** `preview-<template id>` for synthetic tasks of locked phases (never stored). */
  id: string;
  task_template_id: string;
  status: TaskStatus;
  completed_at: string | null;
  completed_by_user: boolean | null;
  /** The customer's own notes; for the team, also its internal notes on a support completion. */
  notes: string | null;
  /** The support team's note for the customer ("Note from our team"). */
  team_note: string | null;
  created_at: string | null;
  is_preview: boolean;
  task_name: string;
  task_description: string;
  info_text: string;
  completion_type: CompletionType;
  /** The service a request from this task asks for (its questions come from it); null unless a service request. */
  service_type: WorkflowType | null;
  requires_flow: boolean;
  task_order: number;
  /** The day it is due (German calendar day), once the date it counts from is known. */
  due_date: string | null;
  /** The plan date still to be entered before it has a due date; null when that is not why. */
  due_missing: PlanDate | null;
  /** The law that sets the due date, when the law sets it. */
  legal_basis: string | null;
  /** The official pages its facts were checked against. */
  sources: readonly TaskSource[];
  /** The note for the customer's target city (Markdown subset), when there is one. */
  city_note: string | null;
  /** The city that note is for (its heading names it), null when there is no note. */
  city_note_city: PlanCity | null;
}

export interface JourneyPhase {
  id: string;
  phase_name: string;
  phase_order: number;
  display_name: string;
  description: string;
  unlock_days_after_arrival: number | null;
  unlocked: boolean;
  tasks: JourneyTask[];
  completed_count: number;
  total_count: number;
}

export interface JourneyResponse {
  phases: JourneyPhase[];
}

/** A user task as stored (docs/product.md#data; the template's texts are joined when a journey is built). */
export interface UserTask {
  id: string;
  user_id: string;
  task_template_id: string;
  phase_id: string;
  status: TaskStatus;
  completed_at: string | null;
  completed_by_user: boolean | null;
  /** Written by whoever completed it: the customer's own notes, or the team's internal ones. */
  notes: string | null;
  /** The support team's note for the customer ("Note from our team"); absent on older items. */
  team_note?: string | null;
  created_at: string;
}

/** A service request (workflow) as stored (docs/product.md#data). */
export interface WorkflowRecord {
  id: string;
  user_id: string;
  user_task_id: string;
  task_template_id: string;
  workflow_type: WorkflowType;
  status: WorkflowStatus;
  initiated_at: string;
  completed_at: string | null;
  /** Internal: only the team sees them. */
  notes: string | null;
  /** The support team's note for the customer ("Note from our team"); absent on older items. */
  team_note?: string | null;
  /**
   * The free-text assignee from before owners: never written again, kept as a note the team
   * reads (docs/product.md#owners); null in the customer's view.
   */
  assigned_to: string | null;
  /** The customer's answers to the service's questions (shared/service-questions.ts); absent on older items. */
  answers?: ServiceAnswers;
  /** The admin who owns it (docs/product.md#owners); null: the support team as a whole. Absent on older items. */
  owner_id?: string | null;
  /** When the support address was told of the new request (at most once); absent: not yet. */
  support_mailed_at?: string | null;
  /**
   * When the request began waiting for the team: its last status change or the team's last
   * reply (the queue's order, "waiting over 3 days"); absent on older items: initiated_at.
   */
  waiting_since?: string;
  /**
   * The wait (its waiting_since) whose 3-day mail went to the team, written before that mail:
   * one mail per wait that crosses 3 days; absent: none yet.
   */
  waiting_mailed_for?: string | null;
}

/** A workflow as lists show it: the record with its task's name joined. */
export interface Workflow extends WorkflowRecord {
  task_name: string;
  /** The owner's first name, as the customer reads it; null: "Support team". */
  owner_name: string | null;
}

/** One of the support team (an admin account), as the owner picker lists it. */
export interface TeamMember {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
}

/** Who owns a customer's conversation (team view only); null: the support team as a whole. */
export interface ConversationOwner {
  owner_id: string | null;
}

export interface DeletionRequest {
  id: string;
  user_id: string;
  status: 'pending';
  requested_at: string;
  reason: string | null;
}

export interface DeletionResponse {
  /** true: the account is gone (unverified); false: a request awaits the team. */
  deleted: boolean;
  request: DeletionRequest | null;
}

/** Everything the admin user page shows, in one call. */
export interface AdminUserDetail {
  profile: Profile;
  /** The admin who verified the account, as they are now (null: not verified, or no such account any more). */
  verified_by: { name: string | null; email: string } | null;
  documents: DocumentRecord[];
  phases: JourneyPhase[];
  workflows: Workflow[];
  deletion_request: DeletionRequest | null;
}

/** A deletion request with the profile's name and e-mail joined (docs/product.md#data). */
export interface PendingDeletion extends DeletionRequest {
  first_name: string | null;
  last_name: string | null;
  email: string;
}

export interface DownloadLink {
  url: string;
  expires_at: string;
}

/** Who wrote a message of a customer's conversation with the support team. */
export type MessageAuthor = 'customer' | 'team';

export interface Message {
  id: string;
  author: MessageAuthor;
  /** The admin who wrote it; only in the team's view (the customer sees "Support team"). */
  author_email?: string | null;
  /** Plain text; the SPA renders it as text (links made safe), never as HTML. */
  text: string;
  /** The customer's service request (workflow) it is about, if any. */
  workflow_id: string | null;
  created_at: string;
}

/** A page of a conversation, newest message first, and how many of it the reader has not read. */
export interface Conversation extends Page<Message> {
  unread: number;
  /** The admin who owns the conversation: only in the team's view (docs/product.md#owners). */
  owner_id?: string | null;
}

/** An article of the guide an answer of the companion used: a link to /guide/<slug> named by its title. */
export interface CompanionSource {
  slug: string;
  title: string;
}

/** One of the customer's next due tasks as an answer names it (from their plan, never from a model). */
export interface CompanionTask {
  task_template_id: string;
  name: string;
  /** YYYY-MM-DD. */
  due_date: string;
}

/** How an answer was made: quoted from the guide, or written by a model from the guide. */
export type CompanionMode = 'extractive' | 'bedrock';

/** A question to the companion and its answer (docs/product.md#companion). */
export interface CompanionAnswer {
  id: string;
  question: string;
  /** The answer's text, plain, in the interface language the question was asked in. */
  answer: string;
  /** The articles it used, titles in that language. */
  sources: CompanionSource[];
  next_tasks: CompanionTask[];
  mode: CompanionMode;
  created_at: string;
  /** When "Ask our team" posted it into the conversation with the team; null before. */
  handed_off_at: string | null;
}

/** "Ask our team": the customer's message in their conversation that carries the question. */
export interface CompanionHandoff {
  question_id: string;
  message_id: string;
  handed_off_at: string;
}

/**
 * What an admin did to a customer's account, and what the customer did themselves (the last
 * five; docs/product.md#audit-trail-and-activity). A customer's `document_deleted` is theirs by
 * the record's `by`.
 */
export const AUDIT_ACTIONS = [
  'account_verified',
  'profile_edited',
  'email_changed',
  'document_viewed',
  'document_downloaded',
  'document_replaced',
  'document_deleted',
  'document_expiry_changed',
  'support_task_completed',
  'workflow_changed',
  'conversation_owner_changed',
  'deletion_rejected',
  'account_deleted',
  'role_granted',
  'role_revoked',
  'two_step_reset',
  'service_requested',
  'service_withdrawn',
  'task_completed',
  'message_sent',
  'document_uploaded',
  // The company portal: on a company's trail (AUDIT#COMPANY#<id>) or, for the employee's own
  // answers and the company's views of them, on the customer's.
  'company_created',
  'company_deleted',
  'hr_invited',
  'hr_joined',
  'hr_revoked',
  'employee_invited',
  'employees_imported',
  'company_consented',
  'company_declined',
  'company_sharing_stopped',
  'company_viewed',
  'company_exported',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A field an edit changed, with its value before and after. */
export interface AuditChange {
  field: string;
  before: string | number | boolean | null;
  after: string | number | boolean | null;
}

/** One record of the audit trail, as the activity views show it. */
export interface AuditRecord {
  id: string;
  at: string;
  action: AuditAction;
  /**
   * Who acted: the team (an admin, or the operator), the customer themselves, or an HR user of
   * the company the customer shares with (their view of the customer's progress).
   */
  by: 'team' | 'customer' | 'company';
  /**
   * The admin (or HR user) who acted, in the team's view; null in the customer's own view and
   * for the customer's own acts.
   */
  actor: { id: string; email: string } | null;
  /** What the action was on, besides the account. */
  target: {
    document_type?: RelocationDocumentType;
    document_id?: string;
    task_template_id?: string;
    workflow_id?: string;
  } | null;
  /** Names of the fields an edit changed (kept when the account is deleted: no values). */
  fields: string[];
  /** The values before and after (gone with the account). */
  changes: AuditChange[];
  /** The team's internal note (admin view only). */
  note?: string | null;
  /** What the customer was told: a note from the team, or a rejection's reason. */
  team_note?: string | null;
  /**
   * done: the change happened. pending: its S3 or Cognito step was begun and not (yet) seen
   * to finish (a crash, or still running). failed: that step was refused (an address in use,
   * a file that failed its checks): nothing changed.
   */
  status: 'done' | 'pending' | 'failed';
}

// ---- The company portal (docs/company-portal.md) ----

/** A company the support team created (the admin's Companies). */
export interface Company {
  id: string;
  name: string;
  contact_email: string;
  created_at: string;
}

/** A company with its counts (the admin's list, and GET /api/company for its HR users). */
export interface CompanySummary {
  company: Company;
  counts: CompanyCounts;
}

/** An HR user of a company (one membership each). */
export interface HrUser {
  user_id: string;
  email: string;
  added_at: string;
}

/** An HR invitation not yet answered; an expired one waits for a resend. */
export interface HrInvitation {
  id: string;
  email: string;
  language: Language;
  invited_at: string;
  expires_at: string;
  expired: boolean;
}

/** GET /api/admin/companies/{companyId}. */
export interface CompanyDetail extends CompanySummary {
  hr_users: HrUser[];
  hr_invitations: HrInvitation[];
}

/**
 * What HR sees of a sharing employee on the list: the profile's facts as last counted. Only a
 * row whose employee shares has one; for every other row HR sees only the invitation.
 */
export interface EmployeeSummary {
  target_city: string | null;
  /** The profile's date once the employee entered it, else null (the row's date stands). */
  intended_arrival_date: string | null;
  account_verified: boolean;
  onboarding_completed: boolean;
  overdue_tasks: number;
  expiring_documents: number;
}

/** One row of a company's employee list: an invitation and, while the employee shares, their summary. */
export interface EmployeeListItem {
  /** The row's id (never the employee's user id). */
  id: string;
  /** As HR typed them in the invitation. */
  email: string;
  first_name: string;
  last_name: string;
  arrival_date: string | null;
  language: Language;
  status: EmployeeStatus;
  invited_at: string;
  /** When the invitation runs out (invited rows); it is then answered only after a resend. */
  expires_at: string;
  expired: boolean;
  /** When the employee consented or declined. */
  responded_at: string | null;
  stopped_at: string | null;
  /** When the invitation's mail last went out; null: not yet (an import's rows beyond its time). */
  mailed_at: string | null;
  summary: EmployeeSummary | null;
}

/** The employee page's progress (sharing employees only): never a file, a message or a note. */
export interface EmployeeProgress {
  /** The first phase with open tasks, by its name in the HR user's language; null when all is done. */
  current_phase: { id: string; name: string } | null;
  tasks_done: number;
  tasks_total: number;
  /** The open task due first, by its name in the HR user's language. */
  next_task: { task_template_id: string; name: string; due_date: string | null } | null;
  overdue_tasks: number;
  /** Open service requests (initiated or in progress). */
  open_requests: { workflow_type: WorkflowType; status: WorkflowStatus }[];
  /** Which documents exist, with their expiry dates (never the file, its name or size). */
  documents: { document_type: RelocationDocumentType; expires_on: string | null }[];
}

/** GET /api/company/employees/{employeeId}. */
export interface EmployeeView extends EmployeeListItem {
  progress: EmployeeProgress | null;
}

/** A bad row of an employee CSV import: the file is refused whole and every bad row listed. */
export interface ImportProblem {
  /** The line of the file (the header is line 1). */
  line: number;
  /** A locale key (validation.* or company.import.*). */
  reason: string;
}

/** POST /api/company/invitations/import, accepted: every row was invited. */
export interface ImportResult {
  invited: number;
  /**
   * Of them, mailed within the request; the others' mails go out with a resend, or by the
   * daily job (their rows say `mailed_at: null` until then).
   */
  mailed: number;
}

/** The public answer of an invitation link (POST /api/invitations/lookup). */
export interface InvitationLookup {
  kind: 'employee' | 'hr';
  company_id: string;
  company_name: string;
  email: string;
  expired: boolean;
}

/** The customer's link to a company (at most one), as My Account and the export show it. */
export interface CompanyLink {
  company_id: string;
  company_name: string;
  status: 'sharing' | 'declined' | 'stopped' | 'company_deleted';
  invited_at: string;
  consented_at: string | null;
  declined_at: string | null;
  stopped_at: string | null;
  /** What the consent covered (COMPANY_SHARED_FIELDS of its version). */
  shared_fields: CompanySharedField[];
  shared_fields_version: number | null;
}

/** An invitation waiting for the customer's answer (to their verified address). */
export interface PendingCompanyInvitation {
  kind: 'employee' | 'hr';
  company_id: string;
  company_name: string;
  invited_at: string;
  expires_at: string;
  expired: boolean;
}

/** GET /api/me/company. */
export interface MyCompany {
  link: CompanyLink | null;
  invitations: PendingCompanyInvitation[];
}
