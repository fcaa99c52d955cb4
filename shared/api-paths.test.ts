import { describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS, apiPath } from './api-paths';

describe('apiPath', () => {
  it('fills placeholders URI-encoded and appends only the query values that are set', () => {
    expect(apiPath(API_PATHS.me)).toBe('/api/me');
    expect(apiPath(API_PATHS.adminUser, { userId: 'a/b c' })).toBe('/api/admin/users/a%2Fb%20c');
    expect(apiPath(API_PATHS.adminUsers, undefined, { limit: 200, cursor: null })).toBe(
      '/api/admin/users?limit=200',
    );
    expect(
      apiPath(API_PATHS.adminDocumentDownload, { documentId: 'd1' }, { disposition: 'attachment' }),
    ).toBe('/api/admin/documents/d1/download?disposition=attachment');
  });

  it('keeps every path under the API base', () => {
    for (const path of Object.values(API_PATHS)) expect(path.startsWith(`${API_BASE}/`)).toBe(true);
  });
});
