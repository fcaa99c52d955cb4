import { randomUUID } from 'node:crypto';
import type { DocumentRecord, Profile, UploadTicket } from '../../../shared/api';
import { API_ERRORS } from '../../../shared/api-errors';
import {
  CONTENT_TYPES,
  contentMatchesExtension,
  type DocumentExtension,
  type DocumentType,
  extensionOf,
  hasRequiredDocuments,
  isDocumentType,
  MAX_DOCUMENT_BYTES,
  SIGNATURE_BYTES,
} from '../../../shared/documents';
import type { UploadConfirm, UploadRequest } from '../../../shared/schemas/documents';
import {
  copyObject,
  objectSize,
  presignUpload,
  readHead,
  removeObject,
  UPLOAD_URL_SECONDS,
} from '../adapters/storage';
import type { Account } from '../lib/caller';
import { HttpError, notFound, unauthorized } from '../lib/errors';
import { log } from '../lib/log';
import { getDocument, listDocuments, saveDocument } from '../store/documents';
import { INCOMING_EXPIRY_DAYS, objectKeys } from '../store/object-keys';
import { updateProfile } from '../store/profiles';
import {
  claimTicket,
  deleteTicket,
  getTicket,
  putTicket,
  releaseTicket,
  type UploadTicketItem,
} from '../store/uploads';
import { assertNoPendingDeletion, nowIso } from './profiles';

export const tooLarge = () => new HttpError(413, 'payload_too_large', API_ERRORS.fileTooLarge);
const uploadUnavailable = () => new HttpError(409, 'conflict', API_ERRORS.uploadUnavailable);
const uploadMismatch = () => new HttpError(400, 'bad_request', API_ERRORS.uploadMismatch);

/** A ticket lives as long as its staged upload may (the incoming/ lifecycle rule). */
const TICKET_SECONDS = INCOMING_EXPIRY_DAYS * 24 * 60 * 60;

/** What an upload may become: a customer's document of a type, or a replacement of one document. */
interface UploadTarget {
  userId: string;
  documentType: DocumentType;
  documentId: string | null;
  fileName: string;
  fileSize: number;
}

/**
 * Issues an upload: records the ticket (user, document, file, final key), then presigns a PUT
 * into the staging prefix. `keyFor` names the final key from the upload id; `nextId` gives
 * another id if the first is taken (admin replacements are named by a millisecond timestamp).
 */
async function issueUpload(
  target: UploadTarget,
  firstId: string,
  keyFor: (uploadId: string, ext: DocumentExtension) => string,
  nextId: (uploadId: string) => string = () => randomUUID(),
  now = new Date(),
): Promise<UploadTicket> {
  if (target.fileSize > MAX_DOCUMENT_BYTES) throw tooLarge();
  const ext = extensionOf(target.fileName) as DocumentExtension;
  let uploadId = firstId;
  for (let attempt = 0; ; attempt++) {
    const ticket: UploadTicketItem = {
      upload_id: uploadId,
      user_id: target.userId,
      document_type: target.documentType,
      document_id: target.documentId,
      file_name: target.fileName,
      key: keyFor(uploadId, ext),
      created_at: now.toISOString(),
      expires_at: Math.floor(now.getTime() / 1000) + TICKET_SECONDS,
    };
    const outcome = await putTicket(ticket);
    if (outcome === 'deleted') throw unauthorized();
    if (outcome === 'created') break;
    if (attempt >= 5) throw new Error(`no free upload id after ${attempt + 1} attempts`);
    uploadId = nextId(uploadId);
  }
  const contentType = CONTENT_TYPES[ext];
  return {
    upload_id: uploadId,
    url: await presignUpload(objectKeys.incoming(keyFor(uploadId, ext)), contentType, target.fileSize),
    method: 'PUT',
    headers: { 'content-type': contentType },
    expires_at: new Date(now.getTime() + UPLOAD_URL_SECONDS * 1000).toISOString(),
  };
}

export async function createUpload(caller: Account, request: UploadRequest): Promise<UploadTicket> {
  assertNoPendingDeletion(caller.profile);
  return issueUpload(
    {
      userId: caller.userId,
      documentType: request.document_type,
      documentId: null,
      fileName: request.file_name,
      fileSize: request.file_size,
    },
    randomUUID(),
    (uploadId, ext) => objectKeys.upload(caller.userId, uploadId, ext),
  );
}

/**
 * Checks a staged upload itself (size and first bytes), copies it to its final key and
 * returns its size. A rejected upload is removed, so nothing unchecked is ever kept.
 */
async function acceptUpload(key: string, ext: DocumentExtension): Promise<number> {
  const staged = objectKeys.incoming(key);
  const size = await objectSize(staged);
  if (size === null) throw new HttpError(400, 'bad_request', API_ERRORS.noUploadedFile);
  let problem: HttpError | null = null;
  if (size > MAX_DOCUMENT_BYTES) problem = tooLarge();
  else if (size === 0 || !contentMatchesExtension(ext, await readHead(staged, SIGNATURE_BYTES))) {
    problem = new HttpError(400, 'bad_request', API_ERRORS.contentMismatch);
  }
  if (problem) {
    await removeObject(staged);
    throw problem;
  }
  await copyObject(staged, key);
  return size;
}

const quietly = (key: string) =>
  removeObject(key).catch((error: unknown) =>
    log.warn('document file not removed', { key, error: String(error) }),
  );

/**
 * Turns a ticket's upload into a document record, exactly once:
 * 1. claim the ticket (a parallel confirm of the same upload gets 409);
 * 2. check the staged object and copy it to its final key (refused: staged copy and ticket go);
 * 3. write the record and consume the ticket in one transaction;
 * 4. remove the staged copy and the replaced file.
 * When step 3 loses a race (another upload became this document first) the copy, the staged
 * object and the ticket are removed, so no file stays without a record. Any other failure
 * gives the ticket back: confirming again completes the job. A crash leaves at worst a file
 * without a record (never a record without its file), removed with the account.
 */
async function confirmTicket(
  ticket: UploadTicketItem,
  previous: DocumentRecord | null,
  documentId: string,
  now = new Date(),
): Promise<DocumentRecord> {
  if (ticket.expires_at * 1000 < now.getTime()) throw uploadUnavailable();
  if (!(await claimTicket(ticket, now))) throw uploadUnavailable();
  const ext = extensionOf(ticket.file_name) as DocumentExtension;
  let size: number;
  try {
    size = await acceptUpload(ticket.key, ext);
  } catch (error) {
    // Refused content is gone with its staged object, so is the ticket; anything else may be retried.
    const refused = error instanceof HttpError && error.message !== API_ERRORS.noUploadedFile;
    await (refused ? deleteTicket(ticket) : releaseTicket(ticket));
    throw error;
  }
  const document: DocumentRecord = {
    id: documentId,
    user_id: ticket.user_id,
    document_type: ticket.document_type,
    file_name: ticket.file_name,
    file_path: ticket.key,
    file_size: size,
    uploaded_at: now.toISOString(),
  };
  try {
    await saveDocument(document, previous, ticket);
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) {
      // Lost to another upload: this one's files and ticket go, nothing of it stays.
      await quietly(ticket.key);
      await quietly(objectKeys.incoming(ticket.key));
      await deleteTicket(ticket).catch(() => {});
    } else {
      await releaseTicket(ticket).catch(() => {});
    }
    throw error;
  }
  await quietly(objectKeys.incoming(ticket.key));
  if (previous) await quietly(previous.file_path);
  return document;
}

/**
 * Finds the ticket a confirm names. An upload confirmed before (the same request retried)
 * answers with its record; a ticket for another document or file is refused.
 */
async function ticketFor(
  userId: string,
  body: { upload_id: string; file_name: string },
  matches: (ticket: UploadTicketItem) => boolean,
  current: DocumentRecord | null,
  keyFor: (uploadId: string, ext: string) => string,
): Promise<UploadTicketItem | DocumentRecord> {
  const ticket = await getTicket(userId, body.upload_id);
  if (!ticket) {
    const ext = extensionOf(body.file_name) ?? '';
    if (current && current.file_path === keyFor(body.upload_id, ext)) return current;
    // Never issued to this user, used for another document, or expired and removed.
    throw new HttpError(400, 'bad_request', API_ERRORS.noUploadedFile);
  }
  if (!matches(ticket) || ticket.file_name !== body.file_name) throw uploadMismatch();
  return ticket;
}

const isTicket = (value: UploadTicketItem | DocumentRecord): value is UploadTicketItem =>
  'upload_id' in value;

/** A customer's upload becomes their document of that type (new, or replacing the old one). */
export async function confirmUpload(
  caller: Account,
  type: string,
  body: UploadConfirm,
): Promise<DocumentRecord> {
  if (!isDocumentType(type)) throw notFound(API_ERRORS.unknownDocumentType);
  assertNoPendingDeletion(caller.profile);
  const previous = await getDocument(caller.userId, type);
  const found = await ticketFor(
    caller.userId,
    body,
    (ticket) => ticket.document_type === type && ticket.document_id === null,
    previous,
    (uploadId, ext) => objectKeys.upload(caller.userId, uploadId, ext),
  );
  if (!isTicket(found)) return found;
  return confirmTicket(found, previous, previous?.id ?? randomUUID());
}

/** An admin's replacement (SPEC 7: {userId}/{document_type}_{timestamp}.{ext}). */
const replacementKey = (document: DocumentRecord) => (timestamp: string, ext: string) =>
  objectKeys.replacement(document.user_id, document.document_type, timestamp, ext);

export function createReplacement(
  document: DocumentRecord,
  request: { file_name: string; file_size: number },
): Promise<UploadTicket> {
  return issueUpload(
    {
      userId: document.user_id,
      documentType: document.document_type as DocumentType,
      documentId: document.id,
      fileName: request.file_name,
      fileSize: request.file_size,
    },
    String(Date.now()),
    replacementKey(document),
    (taken) => String(Number(taken) + 1), // two replacements in one millisecond
  );
}

/** An admin's replacement upload becomes the new file of the document (same checks as a customer's). */
export async function confirmReplacement(
  previous: DocumentRecord,
  body: { upload_id: string; file_name: string },
): Promise<DocumentRecord> {
  const found = await ticketFor(
    previous.user_id,
    body,
    (ticket) => ticket.document_id === previous.id,
    previous,
    replacementKey(previous),
  );
  if (!isTicket(found)) return found;
  return confirmTicket(found, previous, previous.id);
}

export function listMyDocuments(caller: Account): Promise<DocumentRecord[]> {
  return listDocuments(caller.userId);
}

/** Onboarding step 2 is finished only with a passport and an employment contract on file. */
export async function completeOnboarding(caller: Account): Promise<Profile> {
  assertNoPendingDeletion(caller.profile);
  const types = (await listDocuments(caller.userId)).map((d) => d.document_type as DocumentType);
  if (!hasRequiredDocuments(types)) {
    throw new HttpError(409, 'conflict', API_ERRORS.requiredDocuments);
  }
  return updateProfile(caller.userId, { onboarding_completed: true }, nowIso());
}
