import type { User } from '@marketplace/contract';

/** A well-formed (not signed) three-part token, as the app checks its shape only. */
export const TEST_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl';

/** A member as `GET /api/me` answers it. */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'anna.schmidt@example.org',
    avatar: null,
    role: 'SELLER',
    nickname: null,
    first_name: 'Anna',
    last_name: 'Schmidt',
    email_verified: true,
    created_at: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}
