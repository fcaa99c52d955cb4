import type { Language, Role } from './constants';
import type { DocumentType } from './documents';
import type { CompletionType, TaskStatus, WorkflowStatus, WorkflowType } from './journey';

/** Why mail to a profile's address stopped. */
export type MailBlock = 'bounce' | 'complaint';

/** SPEC 3 'profiles'. Dates are ISO-8601 strings. */
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
  created_at: string;
  updated_at: string;
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
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'internal';

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** Locale key of the message (apiErrors.*), so the SPA can show it in its language. */
    messageKey?: string;
    /** Field path → locale key of the zod message. */
    fields?: Record<string, string>;
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

/** SPEC 3 'documents'. */
export interface DocumentRecord {
  id: string;
  user_id: string;
  document_type: DocumentType;
  file_name: string;
  file_path: string;
  file_size: number;
  uploaded_at: string;
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
  requires_flow: boolean;
  task_order: number;
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

/** SPEC 3 'user_tasks' as stored (the template's texts are joined when a journey is built). */
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

/** SPEC 3 'support_workflows' as stored. */
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
  assigned_to: string | null;
}

/** A workflow as lists show it: the record with its task's name joined. */
export interface Workflow extends WorkflowRecord {
  task_name: string;
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
  documents: DocumentRecord[];
  phases: JourneyPhase[];
  workflows: Workflow[];
  deletion_request: DeletionRequest | null;
}

/** SPEC 3 'account_deletion_requests' with the profile's name and e-mail joined. */
export interface PendingDeletion extends DeletionRequest {
  first_name: string | null;
  last_name: string | null;
  email: string;
}

export interface DownloadLink {
  url: string;
  expires_at: string;
}
