import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listObjects, presignDownload, presignUpload, putObject, readObject } from './storage';

const saved = { ...process.env };
beforeAll(() => {
  Object.assign(process.env, {
    BUCKET_NAME: 'documents',
    AWS_REGION: 'eu-central-1',
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'secret',
  });
  delete process.env.AWS_ENDPOINT_URL_S3;
  delete process.env.S3_FORCE_PATH_STYLE;
});
afterAll(() => {
  process.env = saved;
});

// Real S3 checks what a presigned URL carries (the local emulator does not): a signed
// checksum of an empty body would make it refuse every upload.
describe('presigned upload URLs', () => {
  it('sign type and size, and no checksum the browser cannot match', async () => {
    const url = new URL(await presignUpload('incoming/u1/a.pdf', 'application/pdf', 1234));
    expect(url.pathname).toBe('/incoming/u1/a.pdf');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect([...url.searchParams.keys()].filter((key) => /checksum/i.test(key))).toEqual([]);
  });
});

describe('presigned download URLs', () => {
  it('save a data export as an attachment under a harmless name, for the seconds asked', async () => {
    const url = new URL(
      await presignDownload('exports/u1/e1.zip', 'relocate-germany-data-2026-11-23.zip', 'attachment', 300),
    );
    expect(url.pathname).toBe('/exports/u1/e1.zip');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('response-content-disposition')).toBe(
      'attachment; filename="relocate-germany-data-2026-11-23.zip"',
    );
  });

  it('keep quotes and line breaks of a file name out of the header', async () => {
    const url = new URL(await presignDownload('u1/a.pdf', 'a"\r\nb.pdf', 'inline', 60));
    expect(url.searchParams.get('response-content-disposition')).toBe('inline; filename="a___b.pdf"');
  });
});

describe('objects', () => {
  const s3 = mockClient(S3Client);
  beforeEach(() => s3.reset());
  afterAll(() => s3.restore());

  it('lists every object under a prefix, page after page', async () => {
    s3.on(ListObjectsV2Command, { Prefix: 'u1/', ContinuationToken: undefined }).resolves({
      Contents: [{ Key: 'u1/a.pdf', Size: 10 }],
      IsTruncated: true,
      NextContinuationToken: 'next',
    });
    s3.on(ListObjectsV2Command, { Prefix: 'u1/', ContinuationToken: 'next' }).resolves({
      Contents: [{ Key: 'u1/b.png', Size: 20 }],
      IsTruncated: false,
    });
    expect(await listObjects('u1/')).toEqual([
      { key: 'u1/a.pdf', size: 10 },
      { key: 'u1/b.png', size: 20 },
    ]);
    expect(s3.commandCalls(ListObjectsV2Command).map((c) => c.args[0].input.Bucket)).toEqual([
      'documents',
      'documents',
    ]);
  });

  it('lists nothing for an empty folder', async () => {
    s3.on(ListObjectsV2Command).resolves({ KeyCount: 0, IsTruncated: false });
    expect(await listObjects('u2/')).toEqual([]);
  });

  it('reads a whole object, no range', async () => {
    const body = { transformToByteArray: async () => new Uint8Array([1, 2, 3]) };
    s3.on(GetObjectCommand, { Bucket: 'documents', Key: 'u1/a.pdf' }).resolves({ Body: body as never });
    expect(await readObject('u1/a.pdf')).toEqual(new Uint8Array([1, 2, 3]));
    expect(s3.commandCalls(GetObjectCommand)[0]?.args[0].input.Range).toBeUndefined();
  });

  it('passes a read failure on', async () => {
    s3.on(GetObjectCommand).rejects(new Error('S3 down'));
    await expect(readObject('u1/a.pdf')).rejects.toThrow('S3 down');
  });

  it('puts bytes with their content type', async () => {
    s3.on(PutObjectCommand).resolves({});
    const body = new Uint8Array([0x50, 0x4b, 3, 4]);
    await putObject('exports/u1/e1.zip', body, 'application/zip');
    expect(s3.commandCalls(PutObjectCommand)[0]?.args[0].input).toEqual({
      Bucket: 'documents',
      Key: 'exports/u1/e1.zip',
      Body: body,
      ContentType: 'application/zip',
    });
  });
});
