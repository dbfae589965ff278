import type { User } from '@marketplace/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { getSession, setSession } from './session.ts';

/** Ways a page changes the stored session besides logout (which the session provider owns). */
export interface SessionActions {
  /**
   * Stores token and user after login or registration (SPEC.md §4 "token and user stored
   * locally") and refetches every query, so answers made for a visitor are not reused.
   */
  startSession: (session: { access_token: string; user: User }) => void;
  /** Replaces the stored user (after a profile change or a confirmed e-mail); no-op when logged out. */
  replaceUser: (user: User) => void;
  /** Replaces the stored token (a password change answers a fresh one); no-op when logged out. */
  replaceToken: (token: string) => void;
}

/**
 * Session writes for pages. They go through the session store of `lib/session.ts`, which the
 * session provider observes, so header, menus and guards follow at once.
 */
export function useSessionActions(): SessionActions {
  const queryClient = useQueryClient();

  const startSession = useCallback<SessionActions['startSession']>(
    ({ access_token, user }) => {
      setSession({ token: access_token, user });
      void queryClient.invalidateQueries();
    },
    [queryClient],
  );

  const replaceUser = useCallback<SessionActions['replaceUser']>((user) => {
    const current = getSession();
    if (current && current.user.id === user.id) setSession({ token: current.token, user });
  }, []);

  const replaceToken = useCallback<SessionActions['replaceToken']>((token) => {
    const current = getSession();
    if (current) setSession({ token, user: current.user });
  }, []);

  return useMemo(
    () => ({ startSession, replaceUser, replaceToken }),
    [startSession, replaceUser, replaceToken],
  );
}
