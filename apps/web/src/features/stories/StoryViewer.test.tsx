import type { Story, StoryGroup } from '@marketplace/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../test/renderApp.tsx';
import { stubRouteTable } from '../../test/stubRouteTable.ts';
import { StoryViewer } from './StoryViewer.tsx';

function story(fields: Partial<Story> = {}): Story {
  return {
    id: 's1',
    user_id: 'u2',
    user_name: 'Bernd',
    user_avatar: null,
    media_url: '/api/images/a-detail.webp',
    thumbnail_url: '/api/images/a-card.webp',
    media_type: 'image',
    caption: 'Mein Garten',
    duration: null,
    created_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
    has_viewed: false,
    listing: null,
    ...fields,
  };
}

function groupOf(item: Story): StoryGroup {
  return {
    user_id: item.user_id,
    user_name: item.user_name,
    user_avatar: null,
    stories: [item],
    has_unviewed_stories: true,
  };
}

function renderViewer(item: Story, meId: string) {
  return renderWithSession(
    <StoryViewer groups={[groupOf(item)]} startGroup={0} meId={meId} socket={null} onClose={vi.fn()} />,
  );
}

describe('story viewer: Story melden', { timeout: 20_000 }, () => {
  it("reports another member's story with the chosen reason and tells the server's confirmation", async () => {
    const calls = stubRouteTable({
      'POST /api/stories/s1/view': { body: { ok: true } },
      'POST /api/stories/s1/report': { status: 201, body: { detail: 'Danke! Wir prüfen die Story.' } },
    });
    renderViewer(story(), 'me');
    await userEvent.click(await screen.findByRole('button', { name: 'Story melden' }));
    const form = await screen.findByRole('form', { name: 'Story melden' });
    await userEvent.click(within(form).getByRole('combobox', { name: 'Grund' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Gewalt oder Hass' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Hinweis (optional)' }), 'Tierquälerei ');
    await userEvent.click(within(form).getByRole('button', { name: 'Melden' }));
    expect(await screen.findByText('Danke! Wir prüfen die Story.')).toBeTruthy();
    await expect.poll(() => screen.queryByRole('form', { name: 'Story melden' })).toBeNull();
    expect(calls.filter((call) => call.path === '/api/stories/s1/report')).toEqual([
      expect.objectContaining({ method: 'POST', body: { reason: 'violence', text: 'Tierquälerei' } }),
    ]);
  });

  it('shows no report button on my own story', async () => {
    stubRouteTable({});
    renderViewer(story({ user_id: 'me' }), 'me');
    expect(await screen.findByRole('button', { name: 'Story löschen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Story melden' })).toBeNull();
  });
});
