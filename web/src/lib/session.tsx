import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { signOut as authSignOut, configureAuth, currentUser, onAuthChange, type SessionUser } from './auth';
import { loadConfig } from './config';

type Status = 'loading' | 'signedIn' | 'signedOut';

interface Session {
  status: Status;
  user: SessionUser | null;
  /** Re-reads the session from Amplify's token store (after sign-in, for example). */
  refresh(): Promise<SessionUser | null>;
  signOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

let configured: Promise<void> | undefined;
export function authReady(): Promise<void> {
  configured ??= loadConfig().then(configureAuth);
  return configured;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<Status>('loading');
  const [user, setUser] = useState<SessionUser | null>(null);

  const refresh = useCallback(async () => {
    await authReady();
    const next = await currentUser();
    setUser(next);
    setStatus(next ? 'signedIn' : 'signedOut');
    return next;
  }, []);

  useEffect(() => {
    refresh().catch((error: unknown) => {
      console.error('Session check failed', error);
      setStatus('signedOut');
    });
    return onAuthChange(() => void refresh());
  }, [refresh]);

  const signOut = useCallback(async () => {
    await authSignOut();
    setUser(null);
    setStatus('signedOut');
  }, []);

  const value = useMemo(() => ({ status, user, refresh, signOut }), [status, user, refresh, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
