import type {
  Entity,
  EntityList,
  MemberReputation,
  ProfileCard,
  ProfileCardList,
} from '@marketplace/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { stubRoutes } from '../../test/stubRoutes.ts';

function reputation(id: string, badge: MemberReputation['badge'] = null): MemberReputation {
  return {
    user_id: id,
    rating: 4.5,
    review_count: 2,
    forum_likes: 3,
    forum_posts: 1,
    member_since: '2025-03-01T10:00:00Z',
    verified: badge !== null,
    badge,
    email_verified: true,
    answer_rate: null,
  };
}

const entity = (
  id: string,
  name: string,
  active: number,
  badge: MemberReputation['badge'] = null,
  memberName = name,
): Entity => ({
  id,
  name,
  member_name: memberName,
  avatar: null,
  active_listings: active,
  reputation: reputation(id, badge),
});

const page = (entities: Entity[], total: number, number = 1): EntityList => ({
  entities,
  total,
  page: number,
  page_size: 20,
});

const shopCard = (distance: number | null): ProfileCard => ({
  id: 'c',
  kind: 'shop',
  display_name: 'Carla Handel GmbH',
  logo: null,
  city: 'Berlin',
  description: 'Gebrauchte Möbel und Lampen aus Berlin.',
  categories: ['Möbel'],
  active_listings: 2,
  rating: 4.5,
  rating_count: 2,
  distance_km: distance,
});

const cards = (profiles: ProfileCard[]): ProfileCardList => ({
  profiles,
  total: profiles.length,
  page: 1,
  page_size: 20,
});

/** A server whose directory answers by type, name and page; it records what was asked. */
function server() {
  const asked: string[] = [];
  stubRoutes((_method, url) => {
    if (url.pathname === '/api/profiles') {
      asked.push(url.search);
      if (url.searchParams.get('kind') === 'provider') return { body: cards([]) };
      const near = url.searchParams.get('near');
      return { body: cards([shopCard(near ? 2.5 : null)]) };
    }
    if (url.pathname !== '/api/entities') return undefined;
    asked.push(url.search);
    const q = url.searchParams.get('q');
    if (q) return { body: page([], 0) };
    if (url.searchParams.get('page') === '2') return { body: page([entity('z', 'Zora', 1)], 21, 2) };
    return {
      body: page(
        Array.from({ length: 20 }, (_, i) => entity(`m${i}`, `Mitglied ${i}`, 20 - i)),
        21,
      ),
    };
  });
  return asked;
}

describe('/entities', () => {
  it('lists members with their reputation and a link to the profile, and loads more', async () => {
    const user = userEvent.setup();
    server();
    renderApp('/entities');
    expect(await screen.findByRole('heading', { level: 1, name: 'Entitäten' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Mitglieder', selected: true })).toBeTruthy();
    const first = await screen.findByRole('link', { name: 'Mitglied 0' });
    expect(first.getAttribute('href')).toBe('/user/m0');
    expect(screen.getByText('21 Einträge')).toBeTruthy();
    expect(screen.getByText('20 aktive Anzeigen')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Weitere laden' }));
    expect(await screen.findByRole('link', { name: 'Zora' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Weitere laden' })).toBeNull();
  });

  it('opens the shops from /shops, and says so when a tab or a name search is empty', async () => {
    const user = userEvent.setup();
    const asked = server();
    const { router } = renderApp('/shops');
    await expect
      .poll(() => `${router.state.location.pathname}${router.state.location.search}`)
      .toBe('/entities?type=shops');
    const card = (await screen.findByRole('link', { name: 'Carla Handel GmbH' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(card).getByText('2 Anzeigen · 4,5 ★ (2)')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Dienstleister' }));
    expect(await screen.findByText('Keine Dienstleister gefunden.')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Mitglieder' }));
    await user.type(screen.getByRole('searchbox', { name: 'Name suchen' }), 'xyz');
    expect(await screen.findByText('Niemand mit „xyz“ im Namen.')).toBeTruthy();
    expect(router.state.location.search).toContain('q=xyz');
    // The search asked once, after typing paused, not per keystroke.
    expect(asked.filter((search) => search.includes('q=xyz')).length).toBe(1);
  });

  it('links a shop to its page and, with a place, shows the distance and asks within the radius', async () => {
    const user = userEvent.setup();
    const asked = server();
    renderApp('/entities?type=shops');
    const link = await screen.findByRole('link', { name: 'Carla Handel GmbH' });
    expect(link.getAttribute('href')).toBe('/shop/c');
    await user.type(screen.getByRole('textbox', { name: 'Ort oder PLZ' }), 'Berlin');
    expect(await screen.findByText(/2,5 km entfernt/)).toBeTruthy();
    expect(asked.some((search) => search.includes('near=Berlin') && search.includes('radius_km=25'))).toBe(
      true,
    );
  });
});
