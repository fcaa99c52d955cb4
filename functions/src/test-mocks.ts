// Module mocks the services' unit tests share (never imported by production code). vi.mock
// factories run before the test file's imports, so a test reaches these through a dynamic
// import inside its factory:
//   vi.mock('../store/audit', async (original) => (await import('../test-mocks')).auditWritesMocked(original));
import { vi } from 'vitest';

type ImportOriginal = <T>() => Promise<T>;

/** store/audit with its record builders (pure) kept real, and every read or write of a record mocked. */
export async function auditWritesMocked(importOriginal: ImportOriginal) {
  return {
    ...(await importOriginal<typeof import('./store/audit')>()),
    recordAudit: vi.fn(),
    completeAudit: vi.fn(),
    auditPage: vi.fn(),
  };
}

/** adapters/storage with its key helpers (pure) kept real, and every S3 call mocked. */
export async function storageCallsMocked(importOriginal: ImportOriginal) {
  return {
    ...(await importOriginal<typeof import('./adapters/storage')>()),
    presignUpload: vi.fn(),
    presignDownload: vi.fn(),
    objectHead: vi.fn(),
    readHead: vi.fn(),
    copyObject: vi.fn(async () => {}),
    removeObject: vi.fn(),
    removePrefix: vi.fn(),
  };
}
