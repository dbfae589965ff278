import { describe, expect, it } from 'vitest';
import { inactivityState, isTokenExpired, tokenExpiresAt } from './sessionTimers.ts';

const MINUTE = 60_000;

function jwtWith(payload: object): string {
  const base64url = (value: string) => btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${base64url('{"alg":"HS256"}')}.${base64url(JSON.stringify(payload))}.c2ln`;
}

describe('session inactivity (SPEC.md §4)', () => {
  it('warns after 25 minutes and ends after 30', () => {
    expect(inactivityState(0, 24 * MINUTE + 59_000)).toBe('active');
    expect(inactivityState(0, 25 * MINUTE)).toBe('warn');
    expect(inactivityState(0, 29 * MINUTE)).toBe('warn');
    expect(inactivityState(0, 30 * MINUTE)).toBe('expired');
  });
});

describe('token expiry (SPEC.md §4)', () => {
  it('reads exp (seconds) as epoch ms', () => {
    expect(tokenExpiresAt(jwtWith({ sub: 'u1', exp: 1_800_000_000 }))).toBe(1_800_000_000_000);
  });

  it('reads payloads with URL-safe base64 characters', () => {
    expect(tokenExpiresAt(jwtWith({ name: '??>>??~~', exp: 5 }))).toBe(5000);
  });

  it('has no expiry for unreadable payloads or a missing exp', () => {
    expect(tokenExpiresAt('a.b.c')).toBeNull();
    expect(tokenExpiresAt(jwtWith({ sub: 'u1' }))).toBeNull();
    expect(isTokenExpired(jwtWith({ sub: 'u1' }), Date.now())).toBe(false);
  });

  it('is expired from the exp moment on', () => {
    const token = jwtWith({ exp: 100 });
    expect(isTokenExpired(token, 99_999)).toBe(false);
    expect(isTokenExpired(token, 100_000)).toBe(true);
  });
});
