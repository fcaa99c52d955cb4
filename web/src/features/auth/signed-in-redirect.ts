import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { resolveHomePath } from '../../lib/home-path';
import { useSession } from '../../lib/session';

/**
 * /login and /signup send a signed-in user on to where they belong, at once. Not while the
 * page's own form is signing in (`busy`): that one toasts and routes itself.
 */
export function useSignedInRedirect(busy?: RefObject<boolean>): void {
  const navigate = useNavigate();
  const session = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (session.status !== 'signedIn' || !session.user || busy?.current) return;
    let cancelled = false;
    void resolveHomePath(queryClient, session.user).then((path) => {
      if (!cancelled) navigate(path, { replace: true });
    });
    return () => {
      cancelled = true;
    };
  }, [session.status, session.user, navigate, queryClient, busy]);
}
