// Documents: the customer's uploads and onboarding's document step, and the team's view,
// download, replacement and removal of them (uploads themselves: services/uploads.ts).
import type { DocumentRecord, DownloadLink, Profile, UploadTicket } from '@shared/api';
import { hasExpiry, type RelocationDocumentType } from '@shared/document-clocks';
import { extensionOf, hasRequiredDocuments, newestFirst } from '@shared/documents';
import {
  type DocumentExpiry,
  expiryProblem,
  type UploadConfirm,
  type UploadRequest,
} from '@shared/schemas/documents';
import { presignDownload, removeObject } from '../adapters/storage';
import type { AdminAccount, CustomerAccount } from '../edge/caller';
import { clock } from '../lib/clock';
import { Conflict, NotFound, ValidationFailed } from '../lib/errors';
import { type Audit, completeAudit, recordAudit } from '../store/audit';
import {
  deleteDocumentRecord,
  findDocument,
  getDocument,
  listDocuments,
  setDocumentExpiry,
} from '../store/documents';
import { markOnboardingCompleted } from '../store/profiles';
import { getTicket } from '../store/uploads';
import { readUserPartition } from '../store/user-partition';
import { actorOf, adminAudit, customerAudit } from './audit';
import { customerProfile } from './customers';
import { assertNoPendingDeletion } from './profiles';
import { refreshReminders } from './reminder-schedule';
import { confirmReadTicket, confirmUpload, customerUpload, issueUpload, replacementUpload } from './uploads';

const DOWNLOAD_SECONDS = 300;

/**
 * After a write that added, replaced, removed or re-dated a document: the customer's reminder
 * schedule (its expiry reminders and their marks) and Expiring within 90 days count follow at
 * once. A type without an expiry date has no reminders and never counts: nothing to refresh.
 */
async function documentsChanged(document: Pick<DocumentRecord, 'user_id' | 'document_type'>): Promise<void> {
  if (hasExpiry(document.document_type)) await refreshReminders(document.user_id);
}

export function listMyDocuments(caller: CustomerAccount): Promise<DocumentRecord[]> {
  return listDocuments(caller.userId);
}

/** The caller's own document: another customer's is as unknown as one that does not exist. */
async function myDocument(caller: CustomerAccount, documentId: string): Promise<DocumentRecord> {
  const document = await findDocument(documentId);
  if (!document || document.user_id !== caller.userId) throw new NotFound('documentNotFound');
  return document;
}

/**
 * The caller's document of type `other` that an upload replaces by id; a document of any other
 * type is held once and replaced by uploading its type.
 */
async function myOtherDocument(caller: CustomerAccount, documentId: string): Promise<DocumentRecord> {
  const document = await myDocument(caller, documentId);
  if (document.document_type !== 'other') throw new Conflict('notAnOtherDocument');
  return document;
}

/**
 * A customer's upload of a document type, with its expiry date and title (the schema checked
 * them against the type), or of the `other` document it replaces (`replaces`: the caller's
 * own, its title kept unless a new one is given); none while a deletion request is pending.
 */
export async function createMyUpload(caller: CustomerAccount, request: UploadRequest): Promise<UploadTicket> {
  assertNoPendingDeletion(caller.profile);
  const replaces = request.replaces ?? null;
  if (replaces) await myOtherDocument(caller, replaces);
  const title = request.title ?? null;
  return issueUpload(customerUpload(caller.userId, request.document_type, replaces), request, {
    expires_on: request.expires_on ?? null,
    ...(replaces && title === null ? {} : { title }),
  });
}

/**
 * A customer's upload becomes their document of that type (new, or replacing the old one); an
 * upload of `other` is a new document, or the one its ticket replaces (same id, same key).
 */
export async function confirmMyUpload(
  caller: CustomerAccount,
  type: RelocationDocumentType,
  body: UploadConfirm,
): Promise<DocumentRecord> {
  assertNoPendingDeletion(caller.profile);
  if (type !== 'other') {
    const current = await getDocument(caller.userId, type);
    const document = await confirmUpload(customerUpload(caller.userId, type), current, body);
    await documentsChanged(document);
    return document;
  }
  const ticket = await getTicket(caller.userId, body.upload_id);
  const replaces = ticket?.document_id ?? null;
  const target = customerUpload(caller.userId, type, replaces);
  let current: DocumentRecord | null = null;
  if (replaces) {
    // Deleted (or no longer an `other`) since the ticket: nothing is replaced, the upload is void.
    current = await myOtherDocument(caller, replaces);
  } else if (!ticket) {
    // Only the document this very upload became (the confirm retried) is "current".
    const key = target.keyFor(body.upload_id, extensionOf(body.file_name) ?? '');
    current = (await listDocuments(caller.userId)).find((d) => d.file_path === key) ?? null;
  }
  const document = await confirmReadTicket(target, current, ticket, body);
  await documentsChanged(document);
  return document;
}

/**
 * Removes a document: the record and its count go together (with the record of it, an admin's
 * or the customer's, pending); then the file, and the record is marked done. A crash between leaves a
 * file without a record (never a record without its file), removed with the account.
 */
async function removeDocument(document: DocumentRecord, audit?: Audit): Promise<void> {
  await deleteDocumentRecord(document, audit);
  await documentsChanged(document);
  await removeObject(document.file_path);
  if (audit) await completeAudit(audit, clock.iso());
}

/**
 * A customer removes one of their documents (file and record), recorded as theirs; none while
 * a deletion request is pending.
 */
export async function deleteMyDocument(caller: CustomerAccount, documentId: string): Promise<void> {
  assertNoPendingDeletion(caller.profile);
  const document = await myDocument(caller, documentId);
  await removeDocument(
    document,
    customerAudit(caller.userId, 'document_deleted', {
      target: documentTarget(document),
      fields: ['file_name'],
    }),
  );
}

/**
 * A document's expiry date set or (where the type's date is optional) cleared: refused for a
 * type without one, and a required one cannot be cleared (expiryProblem). An admin's change is
 * recorded with it, before and after.
 */
async function changeExpiry(
  document: DocumentRecord,
  expiresOn: string | null,
  audit?: Audit,
): Promise<DocumentRecord> {
  const problem = expiryProblem(document.document_type, expiresOn);
  if (problem) throw new ValidationFailed({ expires_on: problem });
  if (document.expires_on === expiresOn) return document;
  await setDocumentExpiry(document, expiresOn, audit);
  await documentsChanged(document);
  return { ...document, expires_on: expiresOn };
}

export async function updateMyDocumentExpiry(
  caller: CustomerAccount,
  documentId: string,
  body: DocumentExpiry,
): Promise<DocumentRecord> {
  assertNoPendingDeletion(caller.profile);
  return changeExpiry(await myDocument(caller, documentId), body.expires_on);
}

/** Onboarding step 2 is finished only with a passport and an employment contract on file. */
export async function completeOnboarding(caller: CustomerAccount): Promise<Profile> {
  assertNoPendingDeletion(caller.profile);
  const types = (await listDocuments(caller.userId)).map((d) => d.document_type);
  if (!hasRequiredDocuments(types)) throw new Conflict('requiredDocuments');
  const profile = await markOnboardingCompleted(caller.profile, clock.iso());
  // Reminders are due to a verified and onboarded account only (the tasks and dates, and so the
  // overdue count, are as before).
  if (profile.account_verified) await refreshReminders(caller.userId);
  return profile;
}

/** A customer's documents for the team, newest first: one read of the partition. */
export async function listUserDocuments(userId: string): Promise<DocumentRecord[]> {
  const partition = await readUserPartition(userId);
  customerProfile(partition.stored);
  return newestFirst(partition.documents);
}

async function documentById(documentId: string): Promise<DocumentRecord> {
  const document = await findDocument(documentId);
  if (!document) throw new NotFound('documentNotFound');
  return document;
}

/** Which document an action is on, as its audit record names it. */
const documentTarget = (document: DocumentRecord) => ({
  document_type: document.document_type,
  document_id: document.id,
});

/**
 * A short-lived link to view (inline) or save (attachment) a document's file, for an admin:
 * recorded before the link is handed out (no link without its record).
 */
export async function documentDownload(
  admin: AdminAccount,
  documentId: string,
  disposition: 'inline' | 'attachment',
): Promise<DownloadLink> {
  const document = await documentById(documentId);
  const action = disposition === 'inline' ? 'document_viewed' : 'document_downloaded';
  await recordAudit(
    adminAudit(actorOf(admin), document.user_id, action, { target: documentTarget(document) }),
    'done',
  );
  return {
    url: await presignDownload(document.file_path, document.file_name, disposition, DOWNLOAD_SECONDS),
    expires_at: new Date(clock.now().getTime() + DOWNLOAD_SECONDS * 1000).toISOString(),
  };
}

export async function createReplacement(
  documentId: string,
  file: { file_name: string; file_size: number },
): Promise<UploadTicket> {
  return issueUpload(replacementUpload(await documentById(documentId)), file);
}

/**
 * An admin's replacement upload becomes the new file of the document (same checks as a
 * customer's), recorded before its file is checked and copied, and marked done with the record.
 */
export async function confirmReplacement(
  admin: AdminAccount,
  documentId: string,
  body: { upload_id: string; file_name: string },
): Promise<DocumentRecord> {
  const document = await documentById(documentId);
  const audit = adminAudit(actorOf(admin), document.user_id, 'document_replaced', {
    target: documentTarget(document),
    changes: [{ field: 'file_name', before: document.file_name, after: body.file_name }],
  });
  const replaced = await confirmUpload(replacementUpload(document), document, body, audit);
  await documentsChanged(replaced);
  return replaced;
}

/** An admin removes a document (removeDocument), recorded in the audit trail. */
export async function deleteDocument(admin: AdminAccount, documentId: string): Promise<void> {
  const document = await documentById(documentId);
  const audit = adminAudit(actorOf(admin), document.user_id, 'document_deleted', {
    target: documentTarget(document),
    fields: ['file_name'],
  });
  await removeDocument(document, audit);
}

/** An admin sets or clears a document's expiry date (changeExpiry), recorded with before and after. */
export async function updateDocumentExpiry(
  admin: AdminAccount,
  documentId: string,
  body: DocumentExpiry,
): Promise<DocumentRecord> {
  const document = await documentById(documentId);
  const audit = adminAudit(actorOf(admin), document.user_id, 'document_expiry_changed', {
    target: documentTarget(document),
    changes: [{ field: 'expires_on', before: document.expires_on, after: body.expires_on }],
  });
  return changeExpiry(document, body.expires_on, audit);
}
