import i18n from 'i18next';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isLanguage } from '../../../shared/constants';
import { apiFetch } from './api';
import { signOut as authSignOut, configureAuth, currentUser, onAuthChange, type SessionUser } from './auth';
import { loadConfig } from './config';

type Status = 'loading' | 'signedIn' | 'signedOut';

interface Session {
  status: Status;
  user: SessionUser | null;
  /** True while logging out: guards stay quiet instead of bouncing to /login. */
  leaving: boolean;
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
  const [leaving, setLeaving] = useState(false);

  const refresh = useCallback(async () => {
    await authReady();
    const next = await currentUser();
    setUser(next);
    setStatus(next ? 'signedIn' : 'signedOut');
    return next;
  }, []);

  // The language a signed-in user picks is kept on the profile: e-mails are written in it.
  useEffect(() => {
    if (status !== 'signedIn') return;
    const remember = (language: string) => {
      if (isLanguage(language)) {
        apiFetch('/me/language', { method: 'PUT', body: { language } }).catch((error: unknown) =>
          console.error('Could not save the language setting', error),
        );
      }
    };
    remember(i18n.language);
    i18n.on('languageChanged', remember);
    return () => i18n.off('languageChanged', remember);
  }, [status]);

  useEffect(() => {
    refresh().catch((error: unknown) => {
      console.error('Session check failed', error);
      setStatus('signedOut');
    });
    return onAuthChange(() => void refresh());
  }, [refresh]);

  // Signing out must always end the local session, even when Cognito cannot be reached
  // or the user no longer exists there (after deleting the account).
  const signOut = useCallback(async () => {
    setLeaving(true);
    try {
      await authSignOut();
    } catch (error) {
      console.warn('Sign-out did not reach Cognito; the local session is cleared anyway', error);
    }
    setUser(null);
    setStatus('signedOut');
  }, []);

  const value = useMemo(
    () => ({ status, user, leaving, refresh, signOut }),
    [status, user, leaving, refresh, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** Logout as every page does it: end the session, then go to the landing page. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const { signOut } = useSession();
  return useCallback(async () => {
    await signOut();
    navigate('/', { replace: true });
  }, [navigate, signOut]);
}
