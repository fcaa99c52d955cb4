import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import LandingPage from '../features/landing/LandingPage';
import RootLayout from './RootLayout';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

// Route-level code splitting: the landing page ships alone; everything that needs a
// session (and with it Amplify) loads with the SessionLayout chunk.
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      { path: '/', Component: LandingPage },
      { path: '/imprint', lazy: async () => ({ Component: (await import('./legal-routes')).ImprintPage }) },
      { path: '/privacy', lazy: async () => ({ Component: (await import('./legal-routes')).PrivacyPage }) },
      {
        lazy: page(() => import('./SessionLayout')),
        children: [
          { path: '/signup', lazy: page(() => import('../features/auth/SignupPage')) },
          { path: '/login', lazy: page(() => import('../features/auth/LoginPage')) },
          { path: '/verify-email', lazy: page(() => import('../features/auth/VerifyEmailPage')) },
          {
            lazy: async () => ({ Component: (await import('./guards')).RequireSession }),
            children: [
              { path: '/dashboard', lazy: page(() => import('../features/dashboard/DashboardPage')) },
              { path: '/account', lazy: page(() => import('../features/account/AccountPage')) },
              { path: '/onboarding/details', lazy: page(() => import('../features/onboarding/DetailsPage')) },
              {
                path: '/onboarding/documents',
                lazy: page(() => import('../features/onboarding/DocumentsPage')),
              },
              { path: '/onboarding/success', lazy: page(() => import('../features/onboarding/SuccessPage')) },
              // SPEC 6: the user detail page has no client-side admin check; the API enforces it.
              { path: '/admin/users/:userId', lazy: page(() => import('../features/admin/UserPage')) },
            ],
          },
          {
            lazy: async () => ({ Component: (await import('./guards')).RequireAdmin }),
            children: [{ path: '/admin', lazy: page(() => import('../features/admin/AdminDashboardPage')) }],
          },
        ],
      },
      { path: '*', lazy: page(() => import('../features/errors/NotFoundPage')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
