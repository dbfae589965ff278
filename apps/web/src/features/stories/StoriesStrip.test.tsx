import type { Story, StoryGroup } from '@marketplace/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { testStoryPermissions } from '../../test/permissionFixtures.ts';
import { logIn, renderWithSession } from '../../test/renderApp.tsx';
import { stubRoutes } from '../../test/stubRoutes.ts';
import { StoriesStrip } from './StoriesStrip.tsx';

const member = testUser({ id: 'u1' });

function group(userId: string, name: string): StoryGroup {
  const story: Story = {
    id: `s-${userId}`,
    user_id: userId,
    user_name: name,
    user_avatar: null,
    media_url: `/api/images/${userId}-detail.webp`,
    thumbnail_url: `/api/images/${userId}-card.webp`,
    media_type: 'image',
    caption: null,
    duration: null,
    created_at: '2026-03-01T10:00:00Z',
    expires_at: '2026-03-02T10:00:00Z',
    has_viewed: false,
    listing: null,
    can: testStoryPermissions(userId === member.id ? 'owner' : 'member'),
  };
  return {
    user_id: userId,
    user_name: name,
    user_avatar: null,
    stories: [story],
    has_unviewed_stories: true,
  };
}

function showStrip(groups: StoryGroup[]) {
  logIn(member);
  stubRoutes((_method, url) => {
    if (url.pathname === '/api/me') return { body: member };
    if (url.pathname === '/api/stories/feed') return { body: { stories: groups, total: groups.length } };
    return undefined;
  });
  renderWithSession(<StoriesStrip />, '/');
}

describe('stories strip', () => {
  it("names the add ring 'Deine Story' while I have no story", async () => {
    showStrip([group('u2', 'Sophie')]);
    const add = await screen.findByRole('button', { name: 'Deine Story hinzufügen' });
    expect(add.textContent).toContain('Deine Story');
    expect(await screen.findByRole('button', { name: 'Stories von Sophie ansehen' })).toBeTruthy();
    expect(screen.getAllByText('Deine Story')).toHaveLength(1);
  });

  it("names it 'Neue Story' once my own stories have their ring 'Deine Story', first after it", async () => {
    showStrip([group('u2', 'Sophie'), group('u1', 'Anna')]);
    const mine = await screen.findByRole('button', { name: 'Deine Story ansehen' });
    expect(mine.textContent).toContain('Deine Story');
    const add = screen.getByRole('button', { name: 'Neue Story hinzufügen' });
    expect(add.textContent).toContain('Neue Story');
    expect(screen.getAllByText('Deine Story')).toHaveLength(1);
    const rings = screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'));
    expect(rings.indexOf('Deine Story ansehen')).toBe(rings.indexOf('Neue Story hinzufügen') + 1);
    // Each ring's name holds the text it shows (WCAG 2.5.3 'label in name').
    for (const button of screen.getAllByRole('button'))
      expect(button.getAttribute('aria-label')).toContain(button.textContent ?? '');
  });
});
