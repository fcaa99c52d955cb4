import type {
  AdminUserDetail,
  DocumentRecord,
  DownloadLink,
  PendingDeletion,
  Profile,
  UploadTicket,
  Workflow,
} from '../../../shared/api';
import { API_ERRORS } from '../../../shared/api-errors';
import type { Language } from '../../../shared/constants';
import { canChangeWorkflow } from '../../../shared/journey';
import type { WorkflowUpdate } from '../../../shared/schemas/admin';
import type { AdminProfile } from '../../../shared/schemas/profile';
import { identityEmail, updateIdentityEmail } from '../adapters/identity';
import { presignDownload, removeObject } from '../adapters/storage';
import type { Caller } from '../lib/caller';
import { HttpError, notFound } from '../lib/errors';
import { findById } from '../store/by-id';
import { loadCatalogue } from '../store/catalogue';
import { listPendingDeletionRequests } from '../store/deletion';
import { deleteDocumentRecord } from '../store/documents';
import { getProfiles, getProfileWithRole, updateProfile } from '../store/profiles';
import { keys } from '../store/table';
import { completeTask, type TaskItem, updateWorkflow, type WorkflowItem } from '../store/tasks';
import { readUserPartition } from '../store/user-partition';
import { deleteAccount } from './account';
import { confirmReplacement, createReplacement } from './documents';
import { buildJourney, toWorkflows } from './journey';
import { nowIso } from './profiles';

const DOWNLOAD_SECONDS = 300;

async function customer(userId: string): Promise<Profile> {
  const found = await getProfileWithRole(userId);
  if (found?.role !== 'customer') throw notFound(API_ERRORS.userNotFound);
  return found.profile;
}

export async function getUserDetail(
  userId: string,
  language: Language,
  now = new Date(),
): Promise<AdminUserDetail> {
  const [catalogue, partition] = await Promise.all([loadCatalogue(), readUserPartition(userId)]);
  const profile = partition.profile;
  if (!profile || (await getProfileWithRole(userId))?.role !== 'customer')
    throw notFound(API_ERRORS.userNotFound);
  return {
    profile,
    documents: [...partition.documents].sort((a, b) => b.uploaded_at.localeCompare(a.uploaded_at)),
    phases: buildJourney(catalogue, partition.tasks, profile.intended_arrival_date, language, now).phases,
    workflows: toWorkflows(catalogue, partition.workflows, language),
    deletion_request: partition.deletionRequest,
  };
}

/** Admin edit (SPEC 5). A new e-mail changes the sign-in too, so login keeps working. */
export async function editProfile(userId: string, changes: AdminProfile): Promise<Profile> {
  const profile = await customer(userId);
  if (changes.email.toLowerCase() !== profile.email.toLowerCase())
    await updateIdentityEmail(userId, changes.email);
  return updateProfile(userId, changes, nowIso());
}

/**
 * Permanent deletion by an admin. The typed e-mail must match; an admin account is never
 * deleted here. Safe to repeat after a partial failure: with the profile already gone the
 * identity's own e-mail is checked.
 */
export async function deleteUser(admin: Caller, userId: string, confirmationEmail: string): Promise<void> {
  const found = await getProfileWithRole(userId);
  if (found?.role === 'admin' || userId === admin.userId)
    throw new HttpError(403, 'forbidden', API_ERRORS.adminNotDeletable);
  const email = found?.profile.email ?? (await identityEmail(userId));
  if (!email) throw notFound(API_ERRORS.userNotFound);
  if (confirmationEmail.trim().toLowerCase() !== email.toLowerCase()) {
    throw new HttpError(400, 'bad_request', API_ERRORS.emailMismatch);
  }
  await deleteAccount(userId);
}

export async function listDeletionRequests(): Promise<PendingDeletion[]> {
  const requests = await listPendingDeletionRequests();
  const profiles = await getProfiles(requests.map((r) => r.user_id));
  return requests.flatMap((request) => {
    const profile = profiles.get(request.user_id);
    return profile
      ? [{ ...request, first_name: profile.first_name, last_name: profile.last_name, email: profile.email }]
      : [];
  });
}

export async function listUserDocuments(userId: string): Promise<DocumentRecord[]> {
  await customer(userId);
  const partition = await readUserPartition(userId);
  return [...partition.documents].sort((a, b) => b.uploaded_at.localeCompare(a.uploaded_at));
}

async function documentById(documentId: string): Promise<DocumentRecord> {
  const document = await findById<DocumentRecord>(keys.documentById(documentId));
  if (!document) throw notFound(API_ERRORS.documentNotFound);
  return document;
}

export async function documentDownload(
  documentId: string,
  disposition: 'inline' | 'attachment',
): Promise<DownloadLink> {
  const document = await documentById(documentId);
  return {
    url: await presignDownload(document.file_path, document.file_name, disposition, DOWNLOAD_SECONDS),
    expires_at: new Date(Date.now() + DOWNLOAD_SECONDS * 1000).toISOString(),
  };
}

export async function createReplacementUpload(
  documentId: string,
  request: { file_name: string; file_size: number },
): Promise<UploadTicket> {
  return createReplacement(await documentById(documentId), request);
}

export async function confirmReplacementOf(
  documentId: string,
  body: { upload_id: string; file_name: string },
): Promise<DocumentRecord> {
  return confirmReplacement(await documentById(documentId), body);
}

export async function deleteDocument(documentId: string): Promise<void> {
  const document = await documentById(documentId);
  await deleteDocumentRecord(document);
  await removeObject(document.file_path);
}

/** SPEC 4: admins complete support_team_complete tasks (completed_by_user false). */
export async function completeSupportTask(taskId: string, notes: string | undefined): Promise<TaskItem> {
  const task = await findById<TaskItem>(keys.taskById(taskId));
  if (!task) throw notFound(API_ERRORS.taskNotFound);
  const catalogue = await loadCatalogue();
  const template = catalogue.templates.find((t) => t.id === task.task_template_id);
  if (template?.completion_type !== 'support_team_complete') {
    throw new HttpError(409, 'conflict', API_ERRORS.onlySupportTasks);
  }
  return completeTask(task, { completedAt: nowIso(), byUser: false, notes: notes || null }, [
    'not_started',
    'pending_confirmation',
    'in_progress',
  ]);
}

export async function changeWorkflow(
  workflowId: string,
  update: WorkflowUpdate,
  language: Language,
): Promise<Workflow> {
  const workflow = await findById<WorkflowItem>(keys.workflowById(workflowId));
  if (!workflow) throw notFound(API_ERRORS.workflowNotFound);
  if (!canChangeWorkflow(workflow.status)) {
    throw new HttpError(409, 'conflict', API_ERRORS.workflowClosed);
  }
  const completing = update.status === 'completed';
  const task = completing ? await findById<TaskItem>(keys.taskById(workflow.user_task_id)) : null;
  const updated = await updateWorkflow(
    workflow,
    {
      status: update.status,
      completed_at: completing ? nowIso() : null,
      notes: update.notes === undefined ? workflow.notes : update.notes || null,
      assigned_to: update.assigned_to === undefined ? workflow.assigned_to : update.assigned_to || null,
    },
    task,
  );
  const [withName] = toWorkflows(await loadCatalogue(), [updated], language);
  return withName as Workflow;
}
