import type { User } from '@marketplace/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useNavigate } from 'react-router';
import { de } from '../../i18n/de.ts';
import { ApiError } from '../../lib/api.ts';
import { fetchCurrentUser } from '../../lib/currentUser.ts';
import {
  clearSession,
  getSession,
  getSessionToken,
  readStoredSession,
  setSession,
  subscribeSession,
} from '../../lib/session.ts';
import { useSnackbar } from './SnackbarProvider.tsx';
import { useSessionTimers } from './useSessionTimers.ts';

/** What the shell and pages know about the login state (SPEC.md §4, §6). */
export interface SessionState {
  user: User | null;
  token: string | null;
  isLoggedIn: boolean;
  /** True only for role ADMIN (SPEC.md §6). */
  isAdmin: boolean;
  /** True for SELLER or ADMIN (SPEC.md §6). */
  isModerator: boolean;
  /** True while a stored token without a readable user is being checked with the server. */
  isChecking: boolean;
  /** Clears token and user and goes to /login (SPEC.md §4). */
  logout: () => void;
}

const SessionContext = createContext<SessionState | null>(null);

/** Derives the role flags of SPEC.md §6 from a user. */
export function roleFlags(user: User | null): Pick<SessionState, 'isAdmin' | 'isModerator'> {
  return {
    isAdmin: user?.role === 'ADMIN',
    isModerator: user?.role === 'ADMIN' || user?.role === 'SELLER',
  };
}

/**
 * Checks the stored session once per page load (SPEC.md §4, §5): a token without three
 * dot-separated parts is cleared as invalid; otherwise `GET /api/me` confirms it and refreshes
 * the stored user, and a 401 or any failure clears the session. Returns true while a token whose
 * user could not be read is being checked.
 */
function useStartupSessionCheck(): boolean {
  const { showMessage } = useSnackbar();
  const checked = useRef(false);
  const [checking, setChecking] = useState(
    () => readStoredSession(window.localStorage).kind === 'token-only',
  );

  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    const stored = readStoredSession(window.localStorage);
    if (stored.kind === 'invalid-token') {
      clearSession();
      showMessage(de.session.tokenInvalid, 'error');
      return;
    }
    if (stored.kind === 'none') return;
    const token = stored.kind === 'session' ? stored.session.token : stored.token;
    const stillCurrent = () => getSessionToken() === token;
    fetchCurrentUser(token)
      .then((user) => {
        if (stillCurrent()) setSession({ token, user });
      })
      .catch((error: unknown) => {
        if (!stillCurrent()) return;
        clearSession();
        if (error instanceof ApiError && error.status === 401) showMessage(de.session.expired, 'warning');
      })
      .finally(() => setChecking(false));
  }, [showMessage]);

  return checking;
}

/** Provides {@link useSession}. Must sit inside the router (logout navigates). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeSession, getSession);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isChecking = useStartupSessionCheck();

  const logout = useCallback(() => {
    clearSession();
    queryClient.clear();
    navigate('/login');
  }, [navigate, queryClient]);

  const { showMessage } = useSnackbar();
  useSessionTimers(session?.token ?? null, {
    onInactivityWarning: () => showMessage(de.session.expiryWarning, 'warning'),
    onInactivityTimeout: () => {
      showMessage(de.session.expired, 'warning');
      logout();
    },
    onTokenExpired: () => {
      showMessage(de.session.tokenExpired, 'warning');
      logout();
    },
  });

  const value = useMemo<SessionState>(() => {
    const user = session?.user ?? null;
    return {
      user,
      token: session?.token ?? null,
      isLoggedIn: session !== null,
      ...roleFlags(user),
      isChecking,
      logout,
    };
  }, [session, isChecking, logout]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The login state of the nearest {@link SessionProvider}. */
export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession must be used inside SessionProvider');
  return state;
}
