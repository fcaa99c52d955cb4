import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { API_PATHS } from '@shared/api-paths';
import { describe, expect, it } from 'vitest';
import { findRoute, permissionsOf, routeKey, routes, triggers } from './routes';

describe('route table', () => {
  it('has one entry per method and path', () => {
    const keys = routes.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(routes.map((route) => [routeKey(route), route.handler]))(
    '%s has a handler module exporting handler',
    async (_key, name) => {
      const file = join(import.meta.dirname, 'handlers', `${name}.ts`);
      expect(existsSync(file)).toBe(true);
      const mod = (await import(file)) as { handler?: unknown };
      expect(typeof mod.handler).toBe('function');
    },
  );

  it('keeps every /api/admin route admin-only and only liveness and the secret or signed links public', () => {
    const publicPaths: string[] = [
      API_PATHS.health,
      API_PATHS.calendarFeed,
      API_PATHS.remindersUnsubscribe,
      // An invitation link's page: the secret token in the body.
      API_PATHS.invitationLookup,
    ];
    for (const route of routes) {
      if (route.path.startsWith('/api/admin/')) expect(route.access).toBe('admin');
      if (route.access === 'public') expect(publicPaths).toContain(route.path);
      expect(route.path.startsWith('/api/')).toBe(true);
    }
  });

  it('declares a schema for exactly the {placeholders} of each path', () => {
    for (const route of routes) {
      const placeholders = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(Object.keys(route.params ?? {}).sort(), routeKey(route)).toEqual(placeholders.sort());
    }
  });

  it('names routes by API Gateway route key only (method, space, path template)', () => {
    expect(findRoute('GET /api/me')?.handler).toBe('get-me');
    expect(findRoute('GET /api/me/')).toBeUndefined();
    expect(findRoute(undefined)).toBeUndefined();
  });

  it.each(Object.values(triggers))('trigger %s has a module', (name) => {
    expect(existsSync(join(import.meta.dirname, 'triggers', `${name}.ts`))).toBe(true);
  });
});

describe('permissionsOf', () => {
  it("lets every staff route (admin, hr) ask Cognito for the caller's second factor, and no other", () => {
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const staff = route.access === 'admin' || route.access === 'hr';
      const own = route.permissions.cognito?.includes('cognito-idp:AdminGetUser') ?? false;
      expect(permissionsOf(route).cognito?.includes('cognito-idp:AdminGetUser'), route.handler).toBe(
        staff || own,
      );
    }
    expect(routes.some((route) => route.access === 'hr')).toBe(true);
  });
});
