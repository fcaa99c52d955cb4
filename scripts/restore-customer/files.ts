// The files part of `npm run restore-customer`: a customer's documents as they were at a moment,
// from the documents bucket's versions (it keeps a deleted file's versions RECOVERY_DAYS).
// Only their folder: staged uploads and data exports expire within a day anyway.
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  ListObjectVersionsCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { objectKeys } from '../../functions/src/store/object-keys';

/** One entry of a key's history: a version of its content, or a delete marker. */
export interface KeyEntry {
  key: string;
  versionId: string;
  at: Date;
  isLatest: boolean;
  deleteMarker: boolean;
}

export type FileAction =
  /** Remove the delete markers made after the moment: the version then is current again. */
  | { kind: 'undelete'; key: string; markers: string[] }
  /** Copy the version of the moment to the key (a new id's folder, or a key overwritten since). */
  | { kind: 'copy'; key: string; from: { key: string; versionId: string } };

/** Every version and delete marker under a prefix. */
export async function listHistory(s3: S3Client, bucket: string, prefix: string): Promise<KeyEntry[]> {
  const entries: KeyEntry[] = [];
  let keyMarker: string | undefined;
  let versionIdMarker: string | undefined;
  do {
    const out = await s3.send(
      new ListObjectVersionsCommand({
        Bucket: bucket,
        Prefix: prefix,
        KeyMarker: keyMarker,
        VersionIdMarker: versionIdMarker,
      }),
    );
    const entry =
      (deleteMarker: boolean) =>
      (v: { Key?: string; VersionId?: string; LastModified?: Date; IsLatest?: boolean }) => ({
        key: String(v.Key),
        versionId: String(v.VersionId),
        at: v.LastModified ?? new Date(0),
        isLatest: v.IsLatest === true,
        deleteMarker,
      });
    entries.push(...(out.Versions ?? []).map(entry(false)), ...(out.DeleteMarkers ?? []).map(entry(true)));
    keyMarker = out.IsTruncated ? out.NextKeyMarker : undefined;
    versionIdMarker = out.IsTruncated ? out.NextVersionIdMarker : undefined;
  } while (keyMarker);
  return entries;
}

/**
 * What brings `fromId`'s files back as they were at `at`, under `toId`'s folder: each key that
 * held a version then, unless its target key holds a file now (restored already, or newer).
 * Under the same id, a file deleted since is undeleted (its later delete markers removed);
 * otherwise the version of the moment is copied.
 */
export function planFiles(
  source: KeyEntry[],
  target: KeyEntry[],
  at: Date,
  fromId: string,
  toId: string,
): FileAction[] {
  const present = new Set(target.filter((e) => e.isLatest && !e.deleteMarker).map((e) => e.key));
  const byKey = new Map<string, KeyEntry[]>();
  for (const entry of source) byKey.set(entry.key, [...(byKey.get(entry.key) ?? []), entry]);
  const actions: FileAction[] = [];
  for (const [key, history] of [...byKey].sort(([a], [b]) => a.localeCompare(b))) {
    const newestFirst = [...history].sort((a, b) => b.at.getTime() - a.at.getTime());
    const then = newestFirst.find((e) => e.at <= at);
    if (!then || then.deleteMarker) continue;
    const targetKey = objectKeys.userFolder(toId) + key.slice(objectKeys.userFolder(fromId).length);
    if (present.has(targetKey)) continue;
    const since = newestFirst.filter((e) => e.at > at);
    if (targetKey === key && since.every((e) => e.deleteMarker))
      actions.push({ kind: 'undelete', key, markers: since.map((e) => e.versionId) });
    else actions.push({ kind: 'copy', key: targetKey, from: { key, versionId: then.versionId } });
  }
  return actions;
}

/** The plan of `fromId`'s files at `at`, read from the bucket. */
export async function planFileRestore(
  s3: S3Client,
  bucket: string,
  at: Date,
  fromId: string,
  toId: string,
): Promise<FileAction[]> {
  const source = await listHistory(s3, bucket, objectKeys.userFolder(fromId));
  const target = fromId === toId ? source : await listHistory(s3, bucket, objectKeys.userFolder(toId));
  return planFiles(source, target, at, fromId, toId);
}

/** Carries the actions out; each leaves the key as planned, so a rerun plans nothing more for it. */
export async function applyFiles(s3: S3Client, bucket: string, actions: FileAction[]): Promise<void> {
  for (const action of actions) {
    if (action.kind === 'undelete') {
      for (const VersionId of action.markers)
        await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: action.key, VersionId }));
    } else {
      const source = action.from.key.split('/').map(encodeURIComponent).join('/');
      await s3.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: action.key,
          CopySource: `${bucket}/${source}?versionId=${encodeURIComponent(action.from.versionId)}`,
        }),
      );
    }
  }
}
