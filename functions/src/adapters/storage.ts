import type { S3Client } from '@aws-sdk/client-s3';
import { env } from '../config';
import { traced } from '../lib/tracing';
import { lazySdk } from './lazy-sdk';

// Path-style only where the emulator needs it (S3_FORCE_PATH_STYLE, set by the local stack).
// Checksums only where S3 requires them: by default the SDK signs the CRC32 of an empty body
// into presigned PUT URLs, and real S3 then refuses every upload (the emulator checks none).
const s3 = lazySdk(
  () => import('./sdk/s3'),
  (sdk): S3Client =>
    traced(
      new sdk.S3Client({
        forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
        requestChecksumCalculation: 'WHEN_REQUIRED',
      }),
    ),
);
const presigner = lazySdk(
  () => import('@aws-sdk/s3-request-presigner'),
  () => null,
);

export const UPLOAD_URL_SECONDS = 300;

/**
 * A presigned PUT whose signature covers Content-Type and Content-Length, so S3 refuses
 * any other size or type. (The local emulator checks no signatures: the confirm step
 * re-checks the stored object either way.)
 */
export async function presignUpload(key: string, contentType: string, size: number): Promise<string> {
  const [{ sdk, client }, { sdk: signer }] = await Promise.all([s3(), presigner()]);
  return signer.getSignedUrl(
    client,
    new sdk.PutObjectCommand({
      Bucket: env.bucketName,
      Key: key,
      ContentType: contentType,
      ContentLength: size,
    }),
    { expiresIn: UPLOAD_URL_SECONDS, signableHeaders: new Set(['content-type', 'content-length']) },
  );
}

export async function presignDownload(
  key: string,
  fileName: string,
  disposition: 'inline' | 'attachment',
  seconds: number,
): Promise<string> {
  const [{ sdk, client }, { sdk: signer }] = await Promise.all([s3(), presigner()]);
  return signer.getSignedUrl(
    client,
    new sdk.GetObjectCommand({
      Bucket: env.bucketName,
      Key: key,
      ResponseContentDisposition: `${disposition}; filename="${fileName.replace(/[^\w.\- ]/g, '_')}"`,
    }),
    { expiresIn: seconds },
  );
}

/** A stored object's size and ETag (its version, as S3 tells copies apart), or null when there is none. */
export async function objectHead(key: string): Promise<{ size: number; etag?: string } | null> {
  const { sdk, client } = await s3();
  try {
    const head = await client.send(new sdk.HeadObjectCommand({ Bucket: env.bucketName, Key: key }));
    return { size: head.ContentLength ?? 0, ...(head.ETag ? { etag: head.ETag } : {}) };
  } catch (error) {
    if ((error as { name?: string }).name === 'NotFound') return null;
    throw error;
  }
}

/** A stored object's tags (GuardDuty writes its scan result as one). */
export async function objectTags(key: string): Promise<Record<string, string>> {
  const { sdk, client } = await s3();
  const out = await client.send(new sdk.GetObjectTaggingCommand({ Bucket: env.bucketName, Key: key }));
  return Object.fromEntries((out.TagSet ?? []).map((tag) => [tag.Key ?? '', tag.Value ?? '']));
}

/** A whole stored object's bytes (the data export reads a customer's files into its archive). */
export async function readObject(key: string): Promise<Uint8Array> {
  const { sdk, client } = await s3();
  const out = await client.send(new sdk.GetObjectCommand({ Bucket: env.bucketName, Key: key }));
  return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
}

/** Stores bytes the function built itself (a data export's archive). */
export async function putObject(key: string, body: Uint8Array, contentType: string): Promise<void> {
  const { sdk, client } = await s3();
  await client.send(
    new sdk.PutObjectCommand({ Bucket: env.bucketName, Key: key, Body: body, ContentType: contentType }),
  );
}

export async function readHead(key: string, bytes: number): Promise<Uint8Array> {
  const { sdk, client } = await s3();
  const out = await client.send(
    new sdk.GetObjectCommand({ Bucket: env.bucketName, Key: key, Range: `bytes=0-${bytes - 1}` }),
  );
  return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
}

/**
 * Server-side copy within the bucket (the confirm step moves a checked upload to its final
 * key). With `ifMatch`, only the version that was checked: an object overwritten since (the
 * presigned PUT stays usable for minutes) fails the copy. The copy carries no tags (the
 * scan's tag belongs to the staged object; copying tags would need tagging permissions).
 */
export async function copyObject(from: string, to: string, ifMatch?: string): Promise<void> {
  const { sdk, client } = await s3();
  await client.send(
    new sdk.CopyObjectCommand({
      Bucket: env.bucketName,
      Key: to,
      CopySource: `${env.bucketName}/${from.split('/').map(encodeURIComponent).join('/')}`,
      TaggingDirective: 'REPLACE',
      ...(ifMatch ? { CopySourceIfMatch: ifMatch } : {}),
    }),
  );
}

export async function removeObject(key: string): Promise<void> {
  const { sdk, client } = await s3();
  await client.send(new sdk.DeleteObjectCommand({ Bucket: env.bucketName, Key: key }));
}

/** Every object under a prefix (a user's folder), following pages. */
export async function listObjects(prefix: string): Promise<{ key: string; size: number }[]> {
  const { sdk, client } = await s3();
  const objects: { key: string; size: number }[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new sdk.ListObjectsV2Command({ Bucket: env.bucketName, Prefix: prefix, ContinuationToken: token }),
    );
    for (const o of page.Contents ?? []) if (o.Key) objects.push({ key: o.Key, size: o.Size ?? 0 });
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return objects;
}

/** Removes every object under a prefix (a user's folder), page by page. */
export async function removePrefix(prefix: string): Promise<number> {
  const { sdk, client } = await s3();
  let removed = 0;
  let token: string | undefined;
  do {
    const page = await client.send(
      new sdk.ListObjectsV2Command({ Bucket: env.bucketName, Prefix: prefix, ContinuationToken: token }),
    );
    const objects = (page.Contents ?? []).map((o) => ({ Key: o.Key as string }));
    if (objects.length > 0) {
      await client.send(
        new sdk.DeleteObjectsCommand({ Bucket: env.bucketName, Delete: { Objects: objects, Quiet: true } }),
      );
      removed += objects.length;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return removed;
}
