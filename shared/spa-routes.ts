/**
 * Every route the SPA has a page for, as React Router patterns (`:name` is one path segment).
 * The router declares a page for each (web/src/app/router.tsx) and the CDN's routing function
 * answers every other path without a file extension with the 404 page and status 404
 * (infra/stacks/spa-routing.ts, run by the local server too).
 */
export const SPA_ROUTES = [
  '/',
  '/imprint',
  '/privacy',
  '/guide',
  '/guide/:slug',
  '/signup',
  '/login',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/unsubscribe',
  '/invitation',
  '/dashboard',
  '/messages',
  '/companion',
  '/documents',
  '/account',
  '/onboarding/details',
  '/onboarding/documents',
  '/onboarding/success',
  '/admin/users/:userId',
  '/admin/deletion-requests',
  '/admin/requests',
  '/admin/companies/:companyId',
  '/admin/companies',
  '/admin',
  '/company/employees/:employeeId',
  '/company',
] as const;

export type SpaRoute = (typeof SPA_ROUTES)[number];

/**
 * A route as a regular expression's source, matching as React Router does: any letter case,
 * a `:name` segment non-empty, trailing slashes allowed.
 */
export function routePattern(route: SpaRoute): string {
  const segments = route
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')));
  return `^/${segments.join('/')}/*$`;
}
