import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_TOKEN, testUser } from '../test/fixtures.ts';
import {
  clearStoredSession,
  isWellFormedToken,
  readStoredSession,
  TOKEN_STORAGE_KEY,
  USER_STORAGE_KEY,
  writeStoredSession,
} from './session.ts';

describe('stored session (SPEC.md §4, §5)', () => {
  const storage = window.localStorage;
  beforeEach(() => storage.clear());

  it('accepts only tokens with three non-empty dot-separated parts', () => {
    expect(isWellFormedToken(TEST_TOKEN)).toBe(true);
    expect(isWellFormedToken('mock-token')).toBe(false);
    expect(isWellFormedToken('a.b')).toBe(false);
    expect(isWellFormedToken('a.b.c.d')).toBe(false);
    expect(isWellFormedToken('a..c')).toBe(false);
  });

  it('keeps token and user under auth.token and auth.user', () => {
    const user = testUser();
    writeStoredSession(storage, { token: TEST_TOKEN, user });
    expect(storage.getItem('auth.token')).toBe(TEST_TOKEN);
    expect(JSON.parse(storage.getItem('auth.user') ?? 'null')).toEqual(user);
    expect(readStoredSession(storage)).toEqual({ kind: 'session', session: { token: TEST_TOKEN, user } });
  });

  it('reports a malformed token as invalid, with no mock-token exception', () => {
    storage.setItem(TOKEN_STORAGE_KEY, 'mock-token');
    storage.setItem(USER_STORAGE_KEY, JSON.stringify(testUser()));
    expect(readStoredSession(storage)).toEqual({ kind: 'invalid-token' });
  });

  it('reports a good token without a readable user as token-only', () => {
    storage.setItem(TOKEN_STORAGE_KEY, TEST_TOKEN);
    expect(readStoredSession(storage)).toEqual({ kind: 'token-only', token: TEST_TOKEN });
    storage.setItem(USER_STORAGE_KEY, '{broken');
    expect(readStoredSession(storage)).toEqual({ kind: 'token-only', token: TEST_TOKEN });
  });

  it('reports a stored user with an unknown role or a missing field as token-only', () => {
    storage.setItem(TOKEN_STORAGE_KEY, TEST_TOKEN);
    storage.setItem(USER_STORAGE_KEY, JSON.stringify({ ...testUser(), role: 'ROOT' }));
    expect(readStoredSession(storage)).toEqual({ kind: 'token-only', token: TEST_TOKEN });
    const { email: _email, ...withoutEmail } = testUser();
    storage.setItem(USER_STORAGE_KEY, JSON.stringify(withoutEmail));
    expect(readStoredSession(storage)).toEqual({ kind: 'token-only', token: TEST_TOKEN });
    storage.setItem(USER_STORAGE_KEY, JSON.stringify({ ...testUser(), nickname: 7 }));
    expect(readStoredSession(storage)).toEqual({ kind: 'token-only', token: TEST_TOKEN });
    storage.setItem(USER_STORAGE_KEY, JSON.stringify([testUser()]));
    expect(readStoredSession(storage)).toEqual({ kind: 'token-only', token: TEST_TOKEN });
  });

  it('clears both keys', () => {
    writeStoredSession(storage, { token: TEST_TOKEN, user: testUser() });
    clearStoredSession(storage);
    expect(storage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(storage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(readStoredSession(storage)).toEqual({ kind: 'none' });
  });
});
