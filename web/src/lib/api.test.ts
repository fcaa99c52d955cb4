import { API_PATHS, apiPath } from '@shared/api-paths';
import { describe, expect, it } from 'vitest';
import { apiUrl } from './api';

describe('apiUrl', () => {
  it('mounts a route-table path where this stage serves the API', () => {
    expect(apiUrl(apiPath(API_PATHS.me), '/api')).toBe('/api/me');
    expect(apiUrl(apiPath(API_PATHS.adminUser, { userId: 'a/b' }), '/prod/api')).toBe(
      '/prod/api/admin/users/a%2Fb',
    );
    expect(apiUrl(apiPath(API_PATHS.adminUsers, undefined, { limit: 200 }), '/api')).toBe(
      '/api/admin/users?limit=200',
    );
  });

  it('refuses a path outside the API, so a hand-written URL cannot slip through', () => {
    expect(() => apiUrl('/me', '/api')).toThrow(/not under \/api/);
    expect(() => apiUrl('/apix/me', '/api')).toThrow();
  });
});
