import type { FollowEntry, PublicProfile } from '@marketplace/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { testCategories, testListing } from '../../test/listingFixtures.ts';
import { testProfilePermissions } from '../../test/permissionFixtures.ts';
import { logIn, renderApp } from '../../test/renderApp.tsx';
import { stubRoutes } from '../../test/stubRoutes.ts';

vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 30_000 };

function profile(id: string, name: string, overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id,
    display_name: name,
    business_name: null,
    avatar: null,
    member_since: '2026-01-15T10:00:00.000Z',
    rating: null,
    review_count: 0,
    active_listings: 1,
    followers_count: 0,
    following_count: 0,
    is_following: false,
    can: testProfilePermissions('member'),
    ...overrides,
  };
}

/** Member u1 (Anna), seller u2 (Bernd) of ad l1; `POST /api/follow/u2` adds Bernd to Anna's list. */
function followServer() {
  const following: FollowEntry[] = [];
  stubRoutes((method, url) => {
    const path = url.pathname;
    if (path === '/api/me') return { body: testUser() };
    if (path === '/api/listings/l1') return { body: testListing({ id: 'l1' }) };
    if (path === '/api/listings/l1/similar') return { body: { listings: [] } };
    if (path === '/api/categories/all') return { body: { categories: testCategories() } };
    if (path === '/api/favorites') return { body: { favorites: [] } };
    if (path === '/api/listings') return { body: { listings: [], total: 0, next_cursor: null } };
    if (path === '/api/users/u1') {
      return {
        body: profile('u1', 'Anna', {
          is_following: null,
          following_count: following.length,
          can: testProfilePermissions('owner'),
        }),
      };
    }
    if (path === '/api/users/u2') {
      return { body: profile('u2', 'Bernd', { is_following: following.length > 0 }) };
    }
    if (method === 'POST' && path === '/api/follow/u2') {
      following.push({
        id: 'u2',
        display_name: 'Bernd',
        avatar: null,
        followed_at: new Date().toISOString(),
      });
      return { status: 201, body: { following: true, followers_count: 1 } };
    }
    if (path === '/api/follow/following') return { body: { following } };
    if (path === '/api/follow/followers') return { body: { followers: [] } };
    return undefined;
  });
}

describe("the seller card's 'Folgen' on an ad page (SPEC.md §6 follow lists)", () => {
  it('puts the seller into the follow lists the member saw before, without a reload', async () => {
    const user = userEvent.setup();
    logIn(testUser());
    followServer();
    const { router } = renderApp('/user/u1');
    // The own profile shows the follow lists; they are now in the query cache.
    await user.click(await screen.findByRole('tab', { name: 'Folgt (0)' }, slow));
    expect(await screen.findByText('Du folgst noch niemandem.', {}, slow)).toBeTruthy();

    await router.navigate('/listing/l1');
    const card = (await screen.findByText('Anbieter', {}, slow)).parentElement as HTMLElement;
    // A member without a business verification is a private seller: no right of withdrawal named.
    expect(within(card).getByText('Privater Anbieter')).toBeTruthy();
    expect(within(card).queryByText(/Widerrufsrecht/)).toBeNull();
    await user.click(await within(card).findByRole('button', { name: 'Folgen' }, slow));
    expect(await within(card).findByRole('button', { name: 'Entfolgen' }, slow)).toBeTruthy();

    await router.navigate('/user/u1');
    await user.click(await screen.findByRole('tab', { name: 'Folgt (1)' }, slow));
    await waitFor(() => expect(screen.getByText('Bernd')).toBeTruthy(), slow);
    expect(screen.queryByText('Du folgst noch niemandem.')).toBeNull();
  });
});

describe('the seller card of a business seller', () => {
  it("names the seller by the company name with its legal form, the nickname beneath it, as 'Gewerblicher Anbieter' with the right of withdrawal", async () => {
    const trader = {
      name: 'Fahrradhaus Müller',
      legal_form: 'GmbH',
      street: 'Marktplatz 5',
      postal_code: '10115',
      city: 'Berlin',
      phone: '030 987654',
      email: null,
      register_number: 'HRB 12345 B',
      vat_id: null,
    };
    const ad = testListing({ id: 'l1', seller: { ...testListing().seller, badge: 'business', trader } });
    stubRoutes((_method, url) => {
      const path = url.pathname;
      if (path === '/api/listings/l1') return { body: ad };
      if (path === '/api/listings/l1/similar') return { body: { listings: [] } };
      if (path === '/api/categories/all') return { body: { categories: testCategories() } };
      if (path === '/api/users/u2')
        return { body: profile('u2', 'Bernd', { business_name: 'Fahrradhaus Müller GmbH' }) };
      return undefined;
    });
    renderApp('/listing/l1');
    const card = (await screen.findByText('Anbieter', {}, slow)).parentElement as HTMLElement;
    const name = await within(card).findByRole('link', { name: 'Fahrradhaus Müller GmbH' }, slow);
    expect(name.getAttribute('href')).toBe('/user/u2');
    expect(within(card).getByText('Profilname: Bernd')).toBeTruthy();
    expect(within(card).queryByRole('link', { name: 'Bernd' })).toBeNull();
    // DSA Art. 30 and § 312g BGB: the seller's status and the consumer's right of withdrawal.
    expect(within(card).getByText('Gewerblicher Anbieter')).toBeTruthy();
    expect(within(card).getByText(/Widerrufsrecht von 14 Tagen/)).toBeTruthy();
  });
});
