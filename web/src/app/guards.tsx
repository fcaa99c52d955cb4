import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router-dom';
import { toast } from 'sonner';
import { PageLoading } from '../components/Spinner';
import { useSession } from '../lib/session';

/** No session → /login. */
export function RequireSession() {
  const { status, leaving } = useSession();
  if (leaving) return null;
  if (status === 'loading') return <PageLoading />;
  if (status === 'signedOut') return <Navigate to="/login" replace />;
  return <Outlet />;
}

/** Signed in without the admin role → 'Access denied' and home. */
export function RequireAdmin() {
  const { t } = useTranslation();
  const { status, user, leaving } = useSession();
  const denied = !leaving && status === 'signedIn' && user?.role !== 'admin';
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
  return <Outlet />;
}
