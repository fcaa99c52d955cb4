// "Download my data" (GDPR Art. 15 and 20): the customer's own copy of everything stored
// about them, as one ZIP archive behind a short-lived link.
import { randomUUID } from 'node:crypto';
import type { AuditRecord, CompanyLink, DownloadLink } from '@shared/api';
import { germanDate } from '@shared/journey';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { listObjects, presignDownload, putObject, readObject } from '../adapters/storage';
import type { CustomerAccount } from '../edge/caller';
import { clock } from '../lib/clock';
import type { Item } from '../store/entities';
import { objectKeys } from '../store/object-keys';
import { readUserItems } from '../store/user-partition';
import { allActivity } from './activity';

/** How long the archive's link works; the archive itself expires with EXPORT_EXPIRY_DAYS. */
export const EXPORT_LINK_SECONDS = 300;
export const DATA_FILE = 'data.json';
export const FILES_FOLDER = 'documents/';

/** An item of a kind this export has no group for, named by its sort key's first segment. */
export interface OtherItem {
  kind: string;
  attributes: Item;
}

/** The customer's link to a company as exported. */
export type CompanyExport = Pick<
  CompanyLink,
  | 'company_name'
  | 'status'
  | 'invited_at'
  | 'consented_at'
  | 'declined_at'
  | 'stopped_at'
  | 'shared_fields'
  | 'shared_fields_version'
>;

/** A stored file and where the archive holds it. */
export interface ExportedFile {
  key: string;
  archive_path: string;
  size: number;
}

/** data.json: every item of the customer's partition (key attributes left out), by kind. */
export interface DataExport {
  exported_at: string;
  user_id: string;
  profile: Item | null;
  tasks: Item[];
  service_requests: Item[];
  deletion_requests: Item[];
  documents: Item[];
  /** The conversation with the support team, oldest first; which admin wrote is theirs, not in it. */
  messages: Item[];
  /** The questions asked to the companion with their answers and sources, oldest first. */
  companion: Item[];
  /**
   * The link to a company (invited, consented, declined, stopped sharing), with what the consent
   * covered and since when; null: never answered a company's invitation.
   */
  company: CompanyExport | null;
  /** What the support team did to the account (its audit trail), newest first, notes included. */
  activity: AuditRecord[];
  /** Whatever else the partition holds (upload tickets, kinds added later): none is left out. */
  other: OtherItem[];
  files: ExportedFile[];
}

/**
 * The customer's data export:
 * 1. the whole partition, strongly consistent and untyped, so every item is in it, also the
 *    kinds the typed reader does not know; key attributes are left out (they are ours, and
 *    repeat what the items say), the items grouped by kind;
 * 2. every file under the customer's folder, documents named by type and file name;
 * 3. data.json and the files zipped in memory (files are at most 10 MB, three types) and
 *    stored under exports/, which a lifecycle rule empties after a day;
 * 4. a presigned link to save the archive, valid for minutes.
 * Works while a deletion request is pending: the right of access lasts until the data is gone.
 */
export async function exportMyData(caller: CustomerAccount): Promise<DownloadLink> {
  const userId = caller.userId;
  const exportedAt = clock.iso();
  const [items, activity] = await Promise.all([readUserItems(userId), allActivity(userId)]);
  const data = { ...groupItems(items), activity };
  const files = await collectFiles(userId, data.documents);

  const archive: Zippable = {};
  // Documents are PDFs, images and Office files, compressed already: stored as they are.
  for (const file of files) archive[file.archive_path] = [file.bytes, { level: 0 }];
  const content: DataExport = {
    exported_at: exportedAt,
    user_id: userId,
    ...data,
    files: files.map(({ key, archive_path, bytes }) => ({ key, archive_path, size: bytes.length })),
  };
  archive[DATA_FILE] = strToU8(JSON.stringify(content, jsonValue, 2));

  const key = objectKeys.dataExport(userId, randomUUID());
  await putObject(key, zipSync(archive), 'application/zip');
  const fileName = `relocate-germany-data-${germanDate(clock.now())}.zip`;
  return {
    url: await presignDownload(key, fileName, 'attachment', EXPORT_LINK_SECONDS),
    expires_at: new Date(clock.now().getTime() + EXPORT_LINK_SECONDS * 1000).toISOString(),
  };
}

function groupItems(
  items: Awaited<ReturnType<typeof readUserItems>>,
): Omit<DataExport, 'exported_at' | 'user_id' | 'files' | 'activity'> {
  const groups: Omit<DataExport, 'exported_at' | 'user_id' | 'files' | 'activity'> = {
    profile: null,
    tasks: [],
    service_requests: [],
    deletion_requests: [],
    documents: [],
    messages: [],
    companion: [],
    company: null,
    other: [],
  };
  for (const { kind, sortKey, attributes } of items) {
    if (kind === 'profile') groups.profile = attributes;
    else if (kind === 'task') groups.tasks.push(attributes);
    else if (kind === 'workflow') groups.service_requests.push(attributes);
    else if (kind === 'deletion_request') groups.deletion_requests.push(attributes);
    else if (kind === 'document') groups.documents.push(attributes);
    else if (kind === 'message') {
      const { author_id: _id, author_email: _email, ...message } = attributes;
      groups.messages.push(message);
    } else if (kind === 'companion') groups.companion.push(attributes);
    // The audit records' values and notes are in `activity`, with the records they belong to.
    else if (kind === 'audit_details') continue;
    else if (kind === 'company_link') groups.company = companyExport(attributes);
    else groups.other.push({ kind: sortKey.split('#')[0] ?? '', attributes });
  }
  return groups;
}

/** The link's facts for the customer (the company's and row's ids are ours, not theirs). */
function companyExport(attributes: Item): CompanyExport {
  const link = attributes as unknown as CompanyLink;
  return {
    company_name: link.company_name,
    status: link.status,
    invited_at: link.invited_at,
    consented_at: link.consented_at ?? null,
    declined_at: link.declined_at ?? null,
    stopped_at: link.stopped_at ?? null,
    shared_fields: link.shared_fields ?? [],
    shared_fields_version: link.shared_fields_version ?? null,
  };
}

/** The document client reads DynamoDB sets and binaries as Set and Uint8Array, which JSON drops. */
function jsonValue(_name: string, value: unknown): unknown {
  if (value instanceof Set) return [...value];
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return value;
}

/**
 * Every object in the customer's folder with its archive path: a document's file as
 * `documents/<type>/<file name>`, any other file (none is expected) under its own key's name;
 * a name taken already (two documents of type `other` with the same file name) is numbered.
 */
async function collectFiles(userId: string, documentItems: Item[]) {
  const folder = objectKeys.userFolder(userId);
  const documentOf = new Map(documentItems.map((d) => [String(d.file_path), d]));
  const used = new Set<string>();
  const named: { key: string; archive_path: string }[] = [];
  for (const { key } of await listObjects(folder)) {
    const document = documentOf.get(key);
    const own = safeName(key.slice(folder.length));
    const wanted = document
      ? `${safeName(String(document.document_type))}/${safeName(String(document.file_name))}`
      : own;
    let path = `${FILES_FOLDER}${wanted}`;
    // Keys are unique, but two may read the same once made safe (`a/b` and `a_b`).
    for (let n = 2; used.has(path); n++) path = `${FILES_FOLDER}${n}-${own}`;
    used.add(path);
    named.push({ key, archive_path: path });
  }
  // Read side by side (the Lambda has seconds, not minutes). A file replaced since the listing
  // is gone: its successor is a document of the next export, not a failure of this one.
  const read = await Promise.all(
    named.map(async (file) => {
      try {
        return { ...file, bytes: await readObject(file.key) };
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    }),
  );
  return read.filter((file) => file !== null);
}

/**
 * A file name safe in any unzip tool: no folders, no "..", nothing a file system refuses.
 * File names are the customer's own, so they must not steer where extraction writes.
 */
function safeName(name: string): string {
  const cleaned = name
    .replace(/[^\p{L}\p{N}._\- ()]/gu, '_')
    .slice(-150)
    .replace(/^\.+/, '_');
  return cleaned || '_';
}
