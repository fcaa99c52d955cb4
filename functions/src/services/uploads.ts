// Upload tickets (README 'Key design'): how a presigned upload is issued for one document and
// file, and how it becomes that document exactly once, checked by the server. Customers'
// uploads and admins' replacements both go through here (services/documents.ts).
import { randomUUID } from 'node:crypto';
import type { DocumentRecord, UploadTicket } from '@shared/api';
import type { RelocationDocumentType } from '@shared/document-clocks';
import {
  CONTENT_TYPES,
  contentMatchesExtension,
  type DocumentExtension,
  extensionOf,
  MAX_DOCUMENT_BYTES,
  SIGNATURE_BYTES,
} from '@shared/documents';
import { awaitScan } from '../adapters/malware-scan';
import {
  copyObject,
  objectHead,
  presignUpload,
  readHead,
  removeObject,
  UPLOAD_URL_SECONDS,
} from '../adapters/storage';
import { clock } from '../lib/clock';
import { Conflict, DomainError, Invalid, TooLarge, Unauthenticated } from '../lib/errors';
import { log } from '../lib/log';
import { type BusinessMetric, countMetric } from '../lib/metrics';
import { type Audit, auditCompletion, recordAudit } from '../store/audit';
import { saveDocument } from '../store/documents';
import type { UploadTicketRecord } from '../store/entities';
import { INCOMING_EXPIRY_DAYS, objectKeys } from '../store/object-keys';
import { claimTicket, deleteTicket, getTicket, putTicket, releaseTicket } from '../store/uploads';
import { customerAudit, markFailedIfRefused } from './audit';

/** A ticket lives as long as its staged upload may (the incoming/ lifecycle rule). */
const TICKET_SECONDS = INCOMING_EXPIRY_DAYS * 24 * 60 * 60;

/** What an upload may become, and how its final object is named. */
export interface UploadTarget {
  userId: string;
  documentType: RelocationDocumentType;
  /**
   * The document the upload replaces, by id: an admin's replacement, or a customer's of one
   * document of type `other`; null for a customer's upload of a type (or of a new `other`).
   */
  documentId: string | null;
  /**
   * The final object key of an upload id; customers' uploads and admins' replacements are
   * named apart (docs/product.md#documents).
   */
  keyFor: (uploadId: string, ext: string) => string;
  /** The first upload id to try, and the next one when it is taken. */
  firstId: () => string;
  nextId: (taken: string) => string;
  /** The business metrics its confirmations count: a customer's own uploads only. */
  counts?: { accepted: BusinessMetric; refused: BusinessMetric };
  /** A customer's own upload: its document is recorded as theirs (document_uploaded), in the document's transaction. */
  recordedAsCustomer?: true;
}

/**
 * A customer's own upload of a document type, or of the `other` document it replaces:
 * {userId}/{random id}.{ext}.
 */
export const customerUpload = (
  userId: string,
  documentType: RelocationDocumentType,
  replaces: string | null = null,
): UploadTarget => ({
  userId,
  documentType,
  documentId: replaces,
  keyFor: (uploadId, ext) => objectKeys.upload(userId, uploadId, ext),
  firstId: () => randomUUID(),
  nextId: () => randomUUID(),
  counts: { accepted: 'UploadsAccepted', refused: 'UploadsRefused' },
  recordedAsCustomer: true,
});

/** An admin's replacement of one document: {userId}/{document_type}_{timestamp}.{ext}. */
export const replacementUpload = (document: DocumentRecord): UploadTarget => ({
  userId: document.user_id,
  documentType: document.document_type,
  documentId: document.id,
  keyFor: (timestamp, ext) =>
    objectKeys.replacement(document.user_id, document.document_type, timestamp, ext),
  firstId: () => String(clock.now().getTime()),
  nextId: (taken) => String(Number(taken) + 1), // two replacements in one millisecond
});

/**
 * What a customer's upload says of its document besides the file (none: an admin's replacement
 * keeps the document's); a title left out keeps the replaced document's.
 */
export interface UploadDetails {
  expires_on: string | null;
  title?: string | null;
}

/**
 * Issues an upload:
 * 1. the size must be within the limit;
 * 2. the ticket (user, document, file, details, final key) is recorded under a free id, unless
 *    the account's deletion has begun;
 * 3. a PUT into the staging prefix is presigned for exactly that file.
 */
export async function issueUpload(
  target: UploadTarget,
  file: { file_name: string; file_size: number },
  details?: UploadDetails,
): Promise<UploadTicket> {
  if (file.file_size > MAX_DOCUMENT_BYTES) throw new TooLarge();
  const now = clock.now();
  const ext = extensionOf(file.file_name) as DocumentExtension;
  let uploadId = target.firstId();
  for (let attempt = 0; ; attempt++) {
    const outcome = await putTicket({
      upload_id: uploadId,
      user_id: target.userId,
      document_type: target.documentType,
      document_id: target.documentId,
      file_name: file.file_name,
      ...details,
      key: target.keyFor(uploadId, ext),
      created_at: now.toISOString(),
      expires_at: Math.floor(now.getTime() / 1000) + TICKET_SECONDS,
    });
    if (outcome === 'deleted') throw new Unauthenticated();
    if (outcome === 'created') break;
    if (attempt >= 5) throw new Error(`no free upload id after ${attempt + 1} attempts`);
    uploadId = target.nextId(uploadId);
  }
  const contentType = CONTENT_TYPES[ext];
  return {
    upload_id: uploadId,
    url: await presignUpload(objectKeys.incoming(target.keyFor(uploadId, ext)), contentType, file.file_size),
    method: 'PUT',
    headers: { 'content-type': contentType },
    expires_at: new Date(now.getTime() + UPLOAD_URL_SECONDS * 1000).toISOString(),
  };
}

/**
 * Checks a staged upload itself (size, first bytes, then the malware scan where the stage
 * runs one), copies it to its final key and returns its size. A rejected upload is removed,
 * so nothing unchecked is ever kept.
 */
async function acceptUpload(key: string, ext: DocumentExtension): Promise<number> {
  const staged = objectKeys.incoming(key);
  const head = await objectHead(staged);
  if (head === null) throw new Invalid('noUploadedFile');
  const { size, etag } = head;
  let problem: DomainError | null = null;
  if (size > MAX_DOCUMENT_BYTES) problem = new TooLarge();
  else if (size === 0 || !contentMatchesExtension(ext, await readHead(staged, SIGNATURE_BYTES))) {
    problem = new Invalid('contentMismatch');
  }
  if (!problem) {
    const verdict = await awaitScan(staged);
    // Not yet scanned: nothing is decided, the customer confirms again.
    if (verdict === 'pending') throw new Conflict('scanPending');
    if (verdict === 'infected') problem = new Invalid('fileQuarantined');
    // GuardDuty could not scan it (its role, the key): nothing unscanned is kept; alarmed.
    if (verdict === 'failed') {
      log.error('malware scan failed', { key: staged });
      countMetric('ScanFailures');
      problem = new Invalid('scanFailed');
    }
  }
  if (problem) {
    await removeObject(staged);
    throw problem;
  }
  // Only the version checked here: a PUT that replaced it meanwhile makes the copy fail.
  await copyObject(staged, key, etag);
  return size;
}

/** Confirm refusals that decide nothing about the file: its ticket stays for another try. */
const RETRYABLE = new Set<string>(['noUploadedFile', 'scanPending']);

const quietly = (key: string) =>
  removeObject(key).catch((error: unknown) =>
    log.warn('document file not removed', { key, error: String(error) }),
  );

/**
 * Turns a ticket's upload into a document record, exactly once:
 * 1. claim the ticket (a parallel confirm of the same upload gets a conflict);
 * 2. check the staged object and copy it to its final key (refused: staged copy and ticket go);
 * 3. write the record and consume the ticket in one transaction;
 * 4. remove the staged copy and the replaced file.
 * When step 3 loses a race (another upload became this document first) the copy, the staged
 * object and the ticket are removed, so no file stays without a record. Any other failure
 * gives the ticket back: confirming again completes the job. A crash leaves at worst a file
 * without a record (never a record without its file), removed with the account.
 */
async function confirmTicket(
  ticket: UploadTicketRecord,
  previous: DocumentRecord | null,
  documentId: string,
  target: Pick<UploadTarget, 'counts' | 'recordedAsCustomer'>,
  audit: Audit | undefined,
): Promise<DocumentRecord> {
  const { counts } = target;
  const now = clock.now();
  if (ticket.expires_at * 1000 < now.getTime()) throw new Conflict('uploadUnavailable');
  if (!(await claimTicket(ticket, now))) throw new Conflict('uploadUnavailable');
  const ext = extensionOf(ticket.file_name) as DocumentExtension;
  let size: number;
  let recorded: Audit | undefined;
  try {
    // An admin's replacement is recorded before its S3 steps, and marked done with the record
    // (or failed when this attempt is refused: another confirm is another record).
    if (audit) {
      await recordAudit(audit, 'pending');
      recorded = audit;
    }
    size = await acceptUpload(ticket.key, ext);
  } catch (error) {
    // Refused content is gone with its staged object, so is the ticket; anything else (no file
    // yet, a scan still running) may be retried.
    const refused = error instanceof DomainError && !RETRYABLE.has(error.reason);
    if (refused && counts) countMetric(counts.refused);
    await (refused ? deleteTicket(ticket) : releaseTicket(ticket));
    if (recorded) await markFailedIfRefused(recorded, error);
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
    // A customer's upload brings its own details; an admin's replacement keeps the document's.
    expires_on: ticket.expires_on === undefined ? (previous?.expires_on ?? null) : ticket.expires_on,
    title: ticket.title === undefined ? (previous?.title ?? null) : ticket.title,
  };
  try {
    const own = target.recordedAsCustomer
      ? customerAudit(document.user_id, 'document_uploaded', {
          target: { document_type: document.document_type, document_id: document.id },
        })
      : undefined;
    await saveDocument(
      document,
      previous,
      ticket,
      audit ? [auditCompletion(audit, document.uploaded_at)] : [],
      own,
    );
  } catch (error) {
    if (error instanceof Conflict) {
      // Lost to another upload: this one's files and ticket go, nothing of it stays.
      await quietly(ticket.key);
      await quietly(objectKeys.incoming(ticket.key));
      await deleteTicket(ticket).catch(() => {});
    } else {
      await releaseTicket(ticket).catch(() => {});
    }
    if (audit) await markFailedIfRefused(audit, error);
    throw error;
  }
  if (counts) countMetric(counts.accepted);
  await quietly(objectKeys.incoming(ticket.key));
  if (previous) await quietly(previous.file_path);
  return document;
}

/**
 * Confirms an upload for its target, the document it becomes being `current` (null: none of
 * the type yet). An upload confirmed before (the same request retried) answers with its
 * record; a ticket never issued for this target and file is refused.
 */
export async function confirmUpload(
  target: UploadTarget,
  current: DocumentRecord | null,
  body: { upload_id: string; file_name: string },
  audit?: Audit,
): Promise<DocumentRecord> {
  return confirmReadTicket(target, current, await getTicket(target.userId, body.upload_id), body, audit);
}

/** confirmUpload with its ticket read already (null: none, or no longer), for a caller who decides by it. */
export async function confirmReadTicket(
  target: UploadTarget,
  current: DocumentRecord | null,
  ticket: UploadTicketRecord | null,
  body: { upload_id: string; file_name: string },
  audit?: Audit,
): Promise<DocumentRecord> {
  if (!ticket) {
    const ext = extensionOf(body.file_name) ?? '';
    if (current && current.file_path === target.keyFor(body.upload_id, ext)) return current;
    // Never issued to this user, used for another document, or expired and removed.
    throw new Invalid('noUploadedFile');
  }
  const forTarget = ticket.document_type === target.documentType && ticket.document_id === target.documentId;
  if (!forTarget || ticket.file_name !== body.file_name) throw new Invalid('uploadMismatch');
  return confirmTicket(ticket, current, current?.id ?? randomUUID(), target, audit);
}
