import { lazy, Suspense, useEffect } from 'react';
import { Outlet, Route, Routes } from 'react-router-dom';
import { PageLoading } from '../components/Spinner';
import LandingPage from '../features/landing/LandingPage';
import { ensureToaster } from '../lib/toaster';
import RootLayout from './RootLayout';

// Route-level code splitting: the landing page ships alone; everything that needs a session
// (and with it Amplify) loads with the SessionLayout chunk. Declarative routes, not a data
// router: nothing here uses loaders or actions, and the data router costs 17 KB gzipped more
// on every page, the landing page included.
const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

const ImprintPage = named(() => import('./legal-routes'), 'ImprintPage');
const PrivacyPage = named(() => import('./legal-routes'), 'PrivacyPage');
const SessionLayout = lazy(() => import('./SessionLayout'));
const RequireSession = named(() => import('./guards'), 'RequireSession');
const RequireAdmin = named(() => import('./guards'), 'RequireAdmin');
const SignupPage = lazy(() => import('../features/auth/SignupPage'));
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const VerifyEmailPage = lazy(() => import('../features/auth/VerifyEmailPage'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const AccountPage = lazy(() => import('../features/account/AccountPage'));
const DetailsPage = lazy(() => import('../features/onboarding/DetailsPage'));
const DocumentsPage = lazy(() => import('../features/onboarding/DocumentsPage'));
const SuccessPage = lazy(() => import('../features/onboarding/SuccessPage'));
const UserPage = lazy(() => import('../features/admin/UserPage'));
const AdminDashboardPage = lazy(() => import('../features/admin/AdminDashboardPage'));
const NotFoundPage = lazy(() => import('../features/errors/NotFoundPage'));

/**
 * A layout level whose children load lazily: the loading state shows until they arrive. Every
 * route but the landing page passes here, so the toast container starts here too.
 */
function Loading() {
  useEffect(ensureToaster, []);
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={<LandingPage />} />
        <Route element={<Loading />}>
          <Route path="/imprint" element={<ImprintPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route element={<SessionLayout />}>
            <Route element={<Loading />}>
              <Route path="/signup" element={<SignupPage />} />
              <Route path="/login" element={<LoginPage />} />
              <Route path="/verify-email" element={<VerifyEmailPage />} />
              <Route element={<RequireSession />}>
                <Route path="/dashboard" element={<DashboardPage />} />
                <Route path="/account" element={<AccountPage />} />
                <Route path="/onboarding/details" element={<DetailsPage />} />
                <Route path="/onboarding/documents" element={<DocumentsPage />} />
                <Route path="/onboarding/success" element={<SuccessPage />} />
                {/* SPEC 6: the user detail page has no client-side admin check; the API enforces it. */}
                <Route path="/admin/users/:userId" element={<UserPage />} />
              </Route>
              <Route element={<RequireAdmin />}>
                <Route path="/admin" element={<AdminDashboardPage />} />
              </Route>
            </Route>
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
