import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presignUpload } from './storage';

// Real S3 checks what a presigned URL carries (the local emulator does not): a signed
// checksum of an empty body would make it refuse every upload.
describe('presigned upload URLs', () => {
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

  it('sign type and size, and no checksum the browser cannot match', async () => {
    const url = new URL(await presignUpload('incoming/u1/a.pdf', 'application/pdf', 1234));
    expect(url.pathname).toBe('/incoming/u1/a.pdf');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect([...url.searchParams.keys()].filter((key) => /checksum/i.test(key))).toEqual([]);
  });
});
