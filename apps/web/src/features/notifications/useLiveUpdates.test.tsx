import type { NotificationServerMessage } from '@marketplace/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../lib/session.ts';
import { testUser } from '../../test/fixtures.ts';
import { testFavorite, testListings } from '../../test/listingFixtures.ts';
import { logIn, renderWithSession } from '../../test/renderApp.tsx';
import { stubRoutes } from '../../test/stubRoutes.ts';
import { useUnreadMessageCount } from '../chat/index.ts';
import { useFavoriteCount } from '../favorites/index.ts';
import { useFollowLists } from '../users/index.ts';
import { applyLiveMessage } from './useLiveUpdates.ts';

let queryClient: QueryClient | null = null;

/** Shows favourites, unread chat messages and followers as the badges and lists read them. */
function Counts() {
  queryClient = useQueryClient();
  const favorites = useFavoriteCount(true);
  const unread = useUnreadMessageCount(true);
  const { followers } = useFollowLists(true);
  return <output>{`${favorites}/${unread}/${followers.data?.length ?? '-'}`}</output>;
}

const follower = (id: string) => ({
  id,
  display_name: id,
  avatar: null,
  followed_at: '2026-02-01T00:00:00Z',
});

describe('live messages of the notification socket (SPEC.md §4, §6, §7 "Sockets")', () => {
  it('refetch favourites, the chat badge and the follow lists they concern', async () => {
    const server = { favorites: 0, unread: 0, followers: 0 };
    stubRoutes((_method, url) => {
      if (url.pathname === '/api/me') return { body: testUser() };
      if (url.pathname === '/api/favorites')
        return { body: { favorites: testListings(server.favorites).map(testFavorite) } };
      if (url.pathname === '/api/chat/unread-count') return { body: { unread_count: server.unread } };
      if (url.pathname === '/api/follow/followers') {
        return { body: { followers: Array.from({ length: server.followers }, (_, i) => follower(`f${i}`)) } };
      }
      if (url.pathname === '/api/follow/following') return { body: { following: [] } };
      return undefined;
    });
    logIn(testUser());
    renderWithSession(<Counts />);
    await expect.poll(() => screen.getByRole('status').textContent).toBe('0/0/0');

    const live = (message: NotificationServerMessage) =>
      act(() => {
        if (queryClient) applyLiveMessage(queryClient, message);
      });

    // Another tab saved an ad.
    server.favorites = 1;
    await live({ type: 'favorite_update', action: 'added', listing_id: 'l1', favorites_count: 3 });
    await expect.poll(() => screen.getByRole('status').textContent).toBe('1/0/0');

    server.unread = 2;
    await live({
      type: 'new_message',
      conversation_id: 'c1',
      message_id: 'm1',
      sender_id: 'u2',
      sender_name: 'Ria',
      listing_id: 'l1',
      preview: 'Hallo',
      created_at: new Date().toISOString(),
    });
    await expect.poll(() => screen.getByRole('status').textContent).toBe('1/2/0');

    server.followers = 1;
    await live({ type: 'new_follower', follower_id: 'f0', follower_name: 'f0', follower_avatar: null });
    await expect.poll(() => screen.getByRole('status').textContent).toBe('1/2/1');
  });

  it("reload the stored user on 'updated' and end the session on 'deleted'", async () => {
    let me = testUser();
    stubRoutes((_method, url) => (url.pathname === '/api/me' ? { body: me } : { body: [] }));
    logIn(me);
    renderWithSession(<Counts />);
    await expect.poll(() => queryClient).not.toBeNull();

    me = testUser({ nickname: 'Anni' });
    await act(() => {
      if (queryClient)
        applyLiveMessage(queryClient, { type: 'user_status_update', user_id: me.id, status: 'updated' });
    });
    await expect.poll(() => getSession()?.user.nickname).toBe('Anni');

    await act(() => {
      if (queryClient)
        applyLiveMessage(queryClient, { type: 'user_status_update', user_id: me.id, status: 'deleted' });
    });
    expect(getSession()).toBeNull();
  });
});
