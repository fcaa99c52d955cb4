import type { SpaRoute } from '@shared/spa-routes';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { matchPath, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { PageErrorBoundary } from '../components/PageError';
import { PageLoading } from '../components/Spinner';
import LandingPage from '../features/landing/LandingPage';
import { replayHeldActions } from '../lib/held-actions';
import { ensureToaster } from '../lib/toaster';
import RootLayout from './RootLayout';

// Route-level code splitting: the landing page ships alone; everything that needs a session
// loads with the SessionLayout chunk, and Amplify only when a session is there to read or a
// form signs in (lib/auth-ready.ts). Declarative routes, not a data router: nothing here uses
// loaders or actions, and the data router costs 17 KB gzipped more on every page, the landing
// page included.

type Module = Promise<{ default: ComponentType }>;
const pick = <K extends string>(load: Promise<Record<K, ComponentType>>, name: K): Module =>
  load.then((module) => ({ default: module[name] }));

const loadSession = () => import('./SessionLayout');
const loadGuards = () => import('./guards');

type Area = 'public' | 'session' | 'signedIn' | 'admin' | 'company';

/**
 * The page of every route of the SPA's route list (shared/spa-routes.ts) but the landing page:
 * a route without a page, or a page without a route, does not compile. area: public (no
 * session needed), session (under the session provider), signedIn (needs a session), admin
 * (needs the admin group), company (needs the hr group: a company's HR portal).
 */
const PAGES: Record<Exclude<SpaRoute, '/'>, { area: Area; load: () => Module }> = {
  '/imprint': { area: 'public', load: () => pick(import('./legal-routes'), 'ImprintPage') },
  '/privacy': { area: 'public', load: () => pick(import('./legal-routes'), 'PrivacyPage') },
  '/guide': { area: 'public', load: () => import('../features/guide/GuideIndexPage') },
  // An unknown slug gets the not-found page.
  '/guide/:slug': { area: 'public', load: () => import('./guide-routes') },
  '/signup': { area: 'session', load: () => import('../features/auth/SignupPage') },
  '/login': { area: 'session', load: () => import('../features/auth/LoginPage') },
  '/verify-email': { area: 'session', load: () => import('../features/auth/VerifyEmailPage') },
  '/forgot-password': { area: 'session', load: () => import('../features/auth/ForgotPasswordPage') },
  '/reset-password': { area: 'session', load: () => import('../features/auth/ResetPasswordPage') },
  // The unsubscribe link of reminder mails: works signed in or not (the link is signed).
  '/unsubscribe': { area: 'session', load: () => import('../features/reminders/UnsubscribePage') },
  // An invitation link (its token in the fragment): read signed in or not, answered signed in.
  '/invitation': { area: 'session', load: () => import('../features/invitation/InvitationPage') },
  '/dashboard': { area: 'signedIn', load: () => import('../features/dashboard/DashboardPage') },
  '/messages': { area: 'signedIn', load: () => import('../features/dashboard/MessagesPage') },
  '/companion': { area: 'signedIn', load: () => import('../features/companion/CompanionPage') },
  '/documents': { area: 'signedIn', load: () => import('../features/documents/MyDocumentsPage') },
  '/account': { area: 'signedIn', load: () => import('../features/account/AccountPage') },
  '/onboarding/details': { area: 'signedIn', load: () => import('../features/onboarding/DetailsPage') },
  '/onboarding/documents': { area: 'signedIn', load: () => import('../features/onboarding/DocumentsPage') },
  '/onboarding/success': { area: 'signedIn', load: () => import('../features/onboarding/SuccessPage') },
  // The user detail page has no client-side admin check; the API enforces it
  // (docs/product.md#roles-and-access).
  '/admin/users/:userId': { area: 'signedIn', load: () => import('../features/admin/UserPage') },
  '/admin/deletion-requests': {
    area: 'admin',
    load: () => import('../features/admin/DeletionRequestsPage'),
  },
  '/admin/requests': { area: 'admin', load: () => import('../features/admin/RequestsPage') },
  '/admin/companies/:companyId': { area: 'admin', load: () => import('../features/admin/CompanyAdminPage') },
  '/admin/companies': { area: 'admin', load: () => import('../features/admin/CompaniesPage') },
  '/admin': { area: 'admin', load: () => import('../features/admin/AdminDashboardPage') },
  '/company/employees/:employeeId': {
    area: 'company',
    load: () => import('../features/company/EmployeePage'),
  },
  '/company': { area: 'company', load: () => import('../features/company/CompanyPage') },
};
const pages = Object.entries(PAGES).map(([path, page]) => ({ path, ...page, Component: lazy(page.load) }));

const SessionLayout = lazy(loadSession);
const RequireSession = lazy(() => pick(loadGuards(), 'RequireSession'));
const RequireAdmin = lazy(() => pick(loadGuards(), 'RequireAdmin'));
const RequireHr = lazy(() => pick(loadGuards(), 'RequireHr'));
const NotFoundPage = lazy(() => import('../features/errors/NotFoundPage'));

/**
 * Starts every module a path needs at once (layout, guard, page), so they download side by
 * side instead of one after another as each level renders. Repeated imports cost nothing.
 */
function preload(pathname: string) {
  const page = pages.find((candidate) => matchPath(candidate.path, pathname));
  if (!page) return;
  if (page.area !== 'public') void loadSession();
  if (page.area === 'signedIn' || page.area === 'admin' || page.area === 'company') void loadGuards();
  void page.load();
}

/**
 * Rendered after a page, so its effect runs once the page is live: rendered, or hydrated. (A
 * prerendered page's Suspense boundary hydrates in a pass after the layouts above it, whose
 * effects run before the page's handlers are attached.) Marks the document interactive
 * (tests and monitoring wait for it) and does what the visitor did before the page was live
 * (lib/held-actions.ts).
 */
function PageLive() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
    replayHeldActions();
  }, []);
  return null;
}

/**
 * The level under which pages load lazily: a loading state until layout and guard are there, a
 * Reload offer if one fails to download. Every route but the landing page passes here, so the
 * toast container starts here too.
 */
function Loading() {
  const { pathname } = useLocation();
  preload(pathname);
  useEffect(ensureToaster, []);
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
}

/**
 * A page under a loading boundary of its own, new for every route (the key): a navigation shows
 * the loading state at once. Under a shared boundary React keeps the previous page on screen
 * while the next one downloads (the router navigates in a transition), and that page still
 * takes input: an address typed into it was gone when the next page came.
 */
function LazyPage({ Component }: { Component: ComponentType }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Component />
      <PageLive />
    </Suspense>
  );
}

const routesOf = (area: Area) =>
  pages
    .filter((page) => page.area === area)
    .map(({ path, Component }) => (
      <Route key={path} path={path} element={<LazyPage key={path} Component={Component} />} />
    ));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route
          path="/"
          element={
            <>
              <LandingPage />
              <PageLive />
            </>
          }
        />
        <Route element={<Loading />}>
          {routesOf('public')}
          <Route element={<SessionLayout />}>
            {routesOf('session')}
            <Route element={<RequireSession />}>{routesOf('signedIn')}</Route>
            <Route element={<RequireAdmin />}>{routesOf('admin')}</Route>
            <Route element={<RequireHr />}>{routesOf('company')}</Route>
          </Route>
          <Route path="*" element={<LazyPage key="*" Component={NotFoundPage} />} />
        </Route>
      </Route>
    </Routes>
  );
}
