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
import type { Caller } from '../lib/caller';
import { HttpError, notFound } from '../lib/errors';
import { log } from '../lib/log';
import { getDocument, listDocuments, saveDocument } from '../store/documents';
import { objectKeys } from '../store/object-keys';
import { updateProfile } from '../store/profiles';
import { assertNoPendingDeletion, ensureProfile, nowIso } from './profiles';

export const tooLarge = () => new HttpError(413, 'payload_too_large', API_ERRORS.fileTooLarge);

export async function createUpload(caller: Caller, request: UploadRequest): Promise<UploadTicket> {
  if (request.file_size > MAX_DOCUMENT_BYTES) throw tooLarge();
  const ext = extensionOf(request.file_name) as DocumentExtension;
  const uploadId = randomUUID();
  const contentType = CONTENT_TYPES[ext];
  const url = await presignUpload(
    objectKeys.incoming(objectKeys.upload(caller.userId, uploadId, ext)),
    contentType,
    request.file_size,
  );
  return {
    upload_id: uploadId,
    url,
    method: 'PUT',
    headers: { 'content-type': contentType },
    expires_at: new Date(Date.now() + UPLOAD_URL_SECONDS * 1000).toISOString(),
  };
}

/**
 * Checks a staged upload itself (size and first bytes), copies it to its final key and
 * returns its size. A rejected upload is removed, so nothing unchecked is ever kept.
 */
export async function acceptUpload(key: string, ext: DocumentExtension): Promise<number> {
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

/**
 * Writes the record, then removes the staged copy and a replaced file. A crash in between
 * leaves at worst a staged copy (expired by the lifecycle rule) or an orphaned old file,
 * never a record pointing at nothing; confirming again finishes the job.
 */
export async function storeDocument(
  document: DocumentRecord,
  previous: DocumentRecord | null,
): Promise<DocumentRecord> {
  await saveDocument(document, previous);
  const leftovers = [objectKeys.incoming(document.file_path), ...(previous ? [previous.file_path] : [])];
  for (const key of leftovers) {
    await removeObject(key).catch((error: unknown) =>
      log.warn('stale document file not removed', { key, error: String(error) }),
    );
  }
  return document;
}

/** A customer's upload becomes their document of that type (new, or replacing the old one). */
export async function confirmUpload(
  caller: Caller,
  type: string,
  body: UploadConfirm,
): Promise<DocumentRecord> {
  if (!isDocumentType(type)) throw notFound(API_ERRORS.unknownDocumentType);
  const ext = extensionOf(body.file_name) as DocumentExtension;
  const key = objectKeys.upload(caller.userId, body.upload_id, ext);

  const previous = await getDocument(caller.userId, type);
  if (previous?.file_path === key) return previous; // the same upload confirmed twice

  assertNoPendingDeletion(await ensureProfile(caller));
  const size = await acceptUpload(key, ext);
  return storeDocument(
    {
      id: previous?.id ?? randomUUID(),
      user_id: caller.userId,
      document_type: type,
      file_name: body.file_name,
      file_path: key,
      file_size: size,
      uploaded_at: nowIso(),
    },
    previous,
  );
}

export function listMyDocuments(caller: Caller): Promise<DocumentRecord[]> {
  return listDocuments(caller.userId);
}

/** Onboarding step 2 is finished only with a passport and an employment contract on file. */
export async function completeOnboarding(caller: Caller): Promise<Profile> {
  assertNoPendingDeletion(await ensureProfile(caller));
  const types = (await listDocuments(caller.userId)).map((d) => d.document_type as DocumentType);
  if (!hasRequiredDocuments(types)) {
    throw new HttpError(409, 'conflict', API_ERRORS.requiredDocuments);
  }
  return updateProfile(caller.userId, { onboarding_completed: true }, nowIso());
}
