import { useEffect, useRef } from 'react';
import { SESSION_TICK_MS, TOKEN_CHECK_INTERVAL_MS } from './constants.ts';
import { inactivityState, isTokenExpired } from './sessionTimers.ts';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart', 'wheel'] as const;

/**
 * While the member is active, the browser tells the server at most this often that the session
 * is in use (ms), so that the server's 30-minute idle limit (docs/decisions/0007) does not end
 * the session of someone who reads without loading anything.
 */
export const SERVER_KEEPALIVE_MS = 3 * 60 * 1000;

export interface SessionTimerHandlers {
  /**
   * Called on activity at most every {@link SERVER_KEEPALIVE_MS}: a light authenticated request
   * keeps the server-side session alive.
   */
  onKeepAlive?: () => void;
  /** Called once when 25 minutes passed without activity. */
  onInactivityWarning: () => void;
  /**
   * Called when a given warning no longer applies: the member was active again, or the timers
   * stopped (the session ended or its token changed).
   */
  onWarningOver?: () => void;
  /** Called when 30 minutes passed without activity. */
  onInactivityTimeout: () => void;
  /** Called when the token's `exp` has passed (checked every 5 minutes). */
  onTokenExpired: () => void;
}

/**
 * The session timers of SPEC.md §4 while `token` is set: an inactivity warning after 25 minutes,
 * over with the next click, key, scroll or touch (which resets the timers) or when the timers
 * stop, the end of the session after 30, and a check of
 * the token's expiry every 5 minutes. Activity also calls `onKeepAlive`, at most every
 * {@link SERVER_KEEPALIVE_MS}, counted from the start (a login or page load has just reached the
 * server).
 */
export function useSessionTimers(token: string | null, handlers: SessionTimerHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!token) return;
    let lastActivity = Date.now();
    let lastKeepAlive = lastActivity;
    let warned = false;
    const onActivity = () => {
      lastActivity = Date.now();
      if (warned) latest.current.onWarningOver?.();
      warned = false;
      if (lastActivity - lastKeepAlive >= SERVER_KEEPALIVE_MS) {
        lastKeepAlive = lastActivity;
        latest.current.onKeepAlive?.();
      }
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true });

    const inactivityTimer = window.setInterval(() => {
      const state = inactivityState(lastActivity, Date.now());
      if (state === 'expired') latest.current.onInactivityTimeout();
      else if (state === 'warn' && !warned) {
        warned = true;
        latest.current.onInactivityWarning();
      }
    }, SESSION_TICK_MS);

    const checkToken = () => {
      if (isTokenExpired(token, Date.now())) latest.current.onTokenExpired();
    };
    checkToken();
    const tokenTimer = window.setInterval(checkToken, TOKEN_CHECK_INTERVAL_MS);

    return () => {
      if (warned) latest.current.onWarningOver?.();
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity);
      window.clearInterval(inactivityTimer);
      window.clearInterval(tokenTimer);
    };
  }, [token]);
}
