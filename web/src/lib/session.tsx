import { isLanguage } from '@shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router-dom';
import type { SessionUser } from './auth';
import { authReady, whenAuthLoaded } from './auth-ready';
import { hasStoredLanguage, languagePickedThisVisit } from './i18n';
import { getMeQueryOptions, useSaveLanguage } from './me';
import { rememberedProfileLanguage } from './profile-language';
import { mayHaveSession, onStoredSessionChange } from './stored-session';

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

/**
 * The session as Amplify reports it. A browser that holds no tokens is signed out from the
 * first render, without downloading Amplify: it loads when the visitor signs in (here or in
 * another tab), and the status follows from then on.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<Status>(() => (mayHaveSession() ? 'loading' : 'signedOut'));
  const [user, setUser] = useState<SessionUser | null>(null);
  const [leaving, setLeaving] = useState(false);
  const queryClient = useQueryClient();
  const { mutate: saveLanguage } = useSaveLanguage();
  // Whose data the query cache holds: another user (or none) must never see it.
  const cachedFor = useRef<string | undefined>(undefined);

  const refresh = useCallback(async () => {
    const auth = await authReady();
    const next = await auth.currentUser();
    if (next?.userId !== cachedFor.current) {
      queryClient.clear();
      cachedFor.current = next?.userId;
    }
    setUser(next);
    setStatus(next ? 'signedIn' : 'signedOut');
    return next;
  }, [queryClient]);

  // The language follows the person: a browser with no choice of its own shows the profile's
  // (without storing it: the browser may be shared). A pick goes to the profile, as e-mails
  // are written in the language the person last chose: one made while signed in, or on this
  // visit before signing in. An older choice stored in the browser is not pushed: it may be
  // someone else's. The profile's language, once read, is remembered for this user
  // (profile-language.ts), so a later page load shows it without reading the profile again.
  const userId = user?.userId;
  useEffect(() => {
    if (status !== 'signedIn' || !userId) return;
    let active = true;
    // Only a language the profile does not have yet is sent (the profile read is shared).
    const remember = (language: string) => {
      if (!isLanguage(language)) return;
      void queryClient
        .ensureQueryData(getMeQueryOptions())
        .then((me) => {
          if (active && me.profile.language !== language) saveLanguage(language);
        })
        .catch((error: unknown) => console.error('Could not read the profile language', error));
    };
    const follow = async () => {
      if (hasStoredLanguage()) return languagePickedThisVisit() ? remember(i18n.language) : undefined;
      const remembered = rememberedProfileLanguage(userId);
      if (remembered) {
        if (active && remembered !== i18n.language) await i18n.changeLanguage(remembered);
        return;
      }
      try {
        const me = await queryClient.fetchQuery(getMeQueryOptions());
        if (active && me.profile.language !== i18n.language) await i18n.changeLanguage(me.profile.language);
      } catch (error) {
        // The page reports a profile it cannot load; the interface keeps its language.
        console.error('Could not read the profile language', error);
      }
    };
    void follow().then(() => {
      if (active) i18n.on('languageChanged', remember);
    });
    return () => {
      active = false;
      i18n.off('languageChanged', remember);
    };
  }, [status, userId, saveLanguage, queryClient]);

  useEffect(() => {
    let active = true;
    const check = () =>
      refresh().catch((error: unknown) => {
        console.error('Session check failed', error);
        setStatus('signedOut');
      });
    let stopAuthEvents: (() => void) | undefined;
    void whenAuthLoaded().then((auth) => {
      if (active) stopAuthEvents = auth.onAuthChange(() => void check());
    });
    const stopStorageEvents = onStoredSessionChange(() => void check());
    if (mayHaveSession()) void check();
    return () => {
      active = false;
      stopAuthEvents?.();
      stopStorageEvents();
    };
  }, [refresh]);

  // Signing out must always end the local session, even when Cognito cannot be reached
  // or the user no longer exists there (after deleting the account).
  const signOut = useCallback(async () => {
    setLeaving(true);
    try {
      await (await authReady()).signOut();
    } catch (error) {
      console.warn('Sign-out did not reach Cognito; the local session is cleared anyway', error);
    }
    setUser(null);
    setStatus('signedOut');
    // After the pages have gone (`leaving`), so none of them refetches into the empty cache.
    queryClient.clear();
    cachedFor.current = undefined;
  }, [queryClient]);

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
