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
} from 'react';
import { useNavigate } from 'react-router';
import { useSnackbar } from '../components/SnackbarProvider.tsx';
import { de } from '../i18n/de.ts';
import { ApiError, apiFetch } from './api.ts';
import { fetchCurrentUser } from './currentUser.ts';
import { useDeviceStore } from './handOver.tsx';
import {
  clearSession,
  getSession,
  getSessionToken,
  readStoredSession,
  type Session,
  storeAnsweredUser,
  subscribeSession,
} from './session.ts';
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
  /**
   * Ends the session on the server (`POST /api/auth/logout`, docs/decisions/0007), then clears
   * token and user and goes to /login (SPEC.md §4). The local session is cleared also when the
   * call fails or takes longer than {@link LOGOUT_CALL_TIMEOUT_MS}.
   */
  logout: () => void;
}

const SessionContext = createContext<SessionState | null>(null);

/**
 * How long after a failed session check (other than 401) the page must still be open before
 * the session ends (ms): a page being left sees its requests cancelled first.
 */
const LEAVING_GRACE_MS = 500;

/** How long logging out waits for the server before it clears the local session anyway (ms). */
export const LOGOUT_CALL_TIMEOUT_MS = 5000;

/**
 * `POST /api/auth/logout` with `token`: the server ends that session, so the token stops
 * working on every instance. Never throws; gives up after {@link LOGOUT_CALL_TIMEOUT_MS}.
 */
async function endServerSession(token: string): Promise<void> {
  const controller = new AbortController();
  const timer = window.setTimeout(() => controller.abort(), LOGOUT_CALL_TIMEOUT_MS);
  try {
    await apiFetch('/api/auth/logout', { method: 'POST', token, signal: controller.signal });
  } catch {
    // Already ended (401), offline or slow: the local session is cleared all the same.
  } finally {
    window.clearTimeout(timer);
  }
}

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
 * the stored user, and a 401 or any failure clears the session (not the cancelled request of a
 * page being left). Returns true while a token whose
 * user could not be read is being checked.
 */
function useStartupSessionCheck(): boolean {
  const { showMessage } = useSnackbar();
  const checked = useRef(false);
  // Not while a server-rendered page is hydrated: the server knew no session.
  const tokenOnly = useDeviceStore(
    subscribeSession,
    () => readStoredSession(window.localStorage).kind === 'token-only',
    () => false,
  );
  const [answered, setAnswered] = useState(false);

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
    const sent = getSession();
    // A page that is being left cancels its requests: that is no failure of the call, and
    // clearing the shared storage then would log out the page that is loading next. The
    // cancellation can reach this page before its `pagehide`, so a failure other than 401 ends
    // the session only when the page is still here a moment later.
    let leaving = false;
    const onPageHide = () => {
      leaving = true;
    };
    window.addEventListener('pagehide', onPageHide);
    fetchCurrentUser(token)
      .then((user) => storeAnsweredUser(sent, token, user))
      .catch((error: unknown) => {
        if (!stillCurrent()) return;
        if (error instanceof ApiError && error.status === 401) {
          clearSession();
          showMessage(de.session.expired, 'warning');
          return;
        }
        window.setTimeout(() => {
          if (!leaving && stillCurrent()) clearSession();
        }, LEAVING_GRACE_MS);
      })
      .finally(() => setAnswered(true));
  }, [showMessage]);

  return tokenOnly && !answered;
}

/** The session on the server and while a page is hydrated: none. */
const noSession = (): Session | null => null;

/** Provides {@link useSession}. Must sit inside the router (logout navigates). */
export function SessionProvider({ children }: { children: ReactNode }) {
  // A page the server rendered is hydrated as a visitor's, as the server drew it; the stored
  // session follows right after (docs/decisions/0030-one-layout-rendered-on-the-server.md).
  const session = useDeviceStore(subscribeSession, getSession, noSession);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isChecking = useStartupSessionCheck();

  const endLocally = useCallback(() => {
    clearSession();
    queryClient.clear();
    navigate('/login');
  }, [navigate, queryClient]);

  const logout = useCallback(() => {
    const token = getSessionToken();
    if (!token) {
      endLocally();
      return;
    }
    void endServerSession(token).then(() => {
      // A login in another tab meanwhile stored another session: that one stays.
      if (getSessionToken() === token || getSessionToken() === null) endLocally();
    });
  }, [endLocally]);

  const { showMessage } = useSnackbar();
  const hideExpiryWarning = useRef<(() => void) | null>(null);
  useSessionTimers(session?.token ?? null, {
    onKeepAlive: () => {
      const token = getSessionToken();
      if (!token) return;
      const sent = getSession();
      fetchCurrentUser(token).then(
        (user) => storeAnsweredUser(sent, token, user),
        (error: unknown) => {
          if (getSessionToken() !== token) return;
          if (error instanceof ApiError && error.status === 401) {
            showMessage(de.session.expired, 'warning');
            endLocally();
          }
        },
      );
    },
    // SPEC.md §8: the warning asks the member to act, so it stays until they do or the session ends.
    onInactivityWarning: () => {
      hideExpiryWarning.current = showMessage(de.session.expiryWarning, 'warning', { persistent: true });
    },
    onWarningOver: () => {
      hideExpiryWarning.current?.();
      hideExpiryWarning.current = null;
    },
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
