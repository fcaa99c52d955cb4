import type { Role } from '@shared/constants';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router-dom';
import { toast } from 'sonner';
import { PageLoading } from '../components/Spinner';
import { authReady } from '../lib/auth-ready';
import { useSession } from '../lib/session';

const TwoStepSetupPage = lazy(() => import('../features/auth/TwoStepSetupPage'));

/** The staff user whose authenticator app this page load has seen turned on (asked once per load). */
let enrolledStaff: string | undefined;

/**
 * Whether the signed-in staff user has two-step sign-in on: asked of Cognito once per page load; the
 * API refuses every staff route without it (mfa_required).
 */
function useAuthenticator(userId: string | undefined) {
  const [state, setState] = useState<'checking' | 'on' | 'off'>(
    userId && userId === enrolledStaff ? 'on' : 'checking',
  );
  useEffect(() => {
    if (!userId || userId === enrolledStaff) return;
    let current = true;
    authReady()
      .then((auth) => auth.hasAuthenticator())
      .then(
        (on) => {
          if (on) enrolledStaff = userId;
          if (current) setState(on ? 'on' : 'off');
        },
        // Not known: the API decides (and answers mfa_required if need be).
        () => current && setState('on'),
      );
    return () => {
      current = false;
    };
  }, [userId]);
  const enrolled = () => {
    enrolledStaff = userId;
    setState('on');
  };
  return { state, enrolled };
}

/** No session → /login. */
export function RequireSession() {
  const { status, leaving } = useSession();
  if (leaving) return null;
  if (status === 'loading') return <PageLoading />;
  if (status === 'signedOut') return <Navigate to="/login" replace />;
  return <Outlet />;
}

/**
 * A staff area (the support team's console, a company's HR portal): signed in without the
 * area's role → 'Access denied' and home; without two-step sign-in it is set up first (the API
 * refuses every staff route without it: mfa_required).
 */
function RequireStaff({ staff }: { staff: Exclude<Role, 'customer'> }) {
  const { t } = useTranslation();
  const { status, user, leaving } = useSession();
  const denied = !leaving && status === 'signedIn' && user?.role !== staff;
  const authenticator = useAuthenticator(status === 'signedIn' && !denied ? user?.userId : undefined);
  const toasted = useRef(false);
  useEffect(() => {
    if (denied && !toasted.current) {
      toasted.current = true;
      toast.error(t('errors.accessDenied'));
    }
  }, [denied, t]);
  if (leaving) return null;
  if (status === 'loading') return <PageLoading />;
  if (status === 'signedOut') return <Navigate to="/login" replace />;
  if (denied) return <Navigate to="/" replace />;
  if (authenticator.state === 'checking') return <PageLoading />;
  if (authenticator.state === 'off')
    return (
      <Suspense fallback={<PageLoading />}>
        <TwoStepSetupPage
          email={user?.email ?? ''}
          onDone={() => {
            toast.success(t('twoStep.enabled'));
            authenticator.enrolled();
          }}
        />
      </Suspense>
    );
  return <Outlet />;
}

/** The admin console: the admin role, with two-step sign-in. */
export const RequireAdmin = () => <RequireStaff staff="admin" />;

/** A company's HR portal: the hr role, with two-step sign-in. */
export const RequireHr = () => <RequireStaff staff="hr" />;
