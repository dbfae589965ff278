import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../lib/SessionProvider.tsx';
import { testUser } from '../../test/fixtures.ts';
import { LATER_REQUEST_ANSWERED, LATER_REQUEST_PATH, LaterRequest } from '../../test/LaterRequest.tsx';
import { logIn, renderWithSession } from '../../test/renderApp.tsx';
import { stubRouteTable } from '../../test/stubRouteTable.ts';
import { useFollowLists } from './api.ts';

function FollowProbe() {
  const { isLoggedIn } = useSession();
  const { following, followers, invalidate } = useFollowLists(isLoggedIn);
  return (
    <>
      <output>{`${following.data?.length ?? '-'}/${followers.data?.length ?? '-'}`}</output>
      <button type="button" onClick={() => void invalidate()}>
        neu laden
      </button>
    </>
  );
}

const entry = (id: string) => ({ id, display_name: id, avatar: null, followed_at: '2026-02-01T00:00:00Z' });

describe('follow lists (SPEC.md §6)', () => {
  it('load nothing for a visitor', async () => {
    const calls = stubRouteTable({});
    renderWithSession(
      <>
        <FollowProbe />
        <LaterRequest />
      </>,
    );
    // The later request is asked and answered after any request the follow lists start on mount.
    await screen.findByText(LATER_REQUEST_ANSWERED);
    expect(calls.map((call) => call.path)).toContain(LATER_REQUEST_PATH);
    expect(screen.getByRole('status').textContent).toBe('-/-');
    expect(calls.filter((call) => call.path.startsWith('/api/follow'))).toEqual([]);
  });

  it('load both lists for a member and refresh on invalidate (the new-follower event)', async () => {
    let followers = [entry('a')];
    const calls = stubRouteTable({
      '/api/me': { body: testUser() },
      '/api/follow/following': { body: { following: [entry('b'), entry('c')] } },
      '/api/follow/followers': () => ({ body: { followers } }),
    });
    logIn(testUser());
    renderWithSession(<FollowProbe />);
    await expect.poll(() => screen.getByRole('status').textContent).toBe('2/1');
    followers = [entry('d'), entry('a')];
    await userEvent.click(screen.getByRole('button', { name: 'neu laden' }));
    await expect.poll(() => screen.getByRole('status').textContent).toBe('2/2');
    expect(calls.filter((call) => call.path === '/api/follow/followers')).toHaveLength(2);
  });
});
