import type { Story, StoryGroup } from '@marketplace/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { testStoryPermissions } from '../../test/permissionFixtures.ts';
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
    can: testStoryPermissions('member'),
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

function renderViewer(item: Story) {
  return renderWithSession(
    <StoryViewer groups={[groupOf(item)]} startGroup={0} socket={null} onClose={vi.fn()} />,
  );
}

describe('story viewer: Story melden', { timeout: 20_000 }, () => {
  it("reports another member's story with the chosen reason and tells the server's confirmation", async () => {
    const calls = stubRouteTable({
      'POST /api/stories/s1/view': { body: { ok: true } },
      'POST /api/stories/s1/report': { status: 201, body: { detail: 'Danke! Wir prüfen die Story.' } },
    });
    renderViewer(story());
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
    renderViewer(story({ user_id: 'me', can: testStoryPermissions('owner') }));
    expect(await screen.findByRole('button', { name: 'Story löschen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Story melden' })).toBeNull();
  });
});

describe("story viewer: the buttons follow the story's can", { timeout: 20_000 }, () => {
  const none = testStoryPermissions('visitor');

  it('shows each button exactly where its can is true, whoever posted the story', async () => {
    stubRouteTable({ 'POST /api/stories/s1/view': { body: { ok: true } } });
    // Another member's story that the server lets this viewer only delete: no id is compared.
    renderViewer(story({ can: { ...none, delete: true } }));
    expect(await screen.findByRole('button', { name: 'Story löschen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Insights öffnen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Story melden' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Antwort auf die Story' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Gefällt mir' })).toBeNull();
  });

  it('opens the insights with the button and with I where can.insights is true', async () => {
    const insights = {
      story_id: 's1',
      total_views: 0,
      created_at: new Date().toISOString(),
      viewers: [],
      reactions_count: 0,
      replies_count: 0,
    };
    stubRouteTable({ '/api/stories/s1/insights': { body: insights } });
    const first = renderViewer(story({ can: { ...none, insights: true } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Insights öffnen' }));
    expect(await screen.findByRole('region', { name: 'Insights' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Story löschen' })).toBeNull();
    first.unmount();
    renderViewer(story({ can: { ...none, insights: true } }));
    await screen.findByRole('button', { name: 'Insights öffnen' });
    await userEvent.keyboard('i');
    expect(await screen.findByRole('region', { name: 'Insights' })).toBeTruthy();
  });

  it('ignores I on a story without can.insights, also on a story of the member with my id', async () => {
    const calls = stubRouteTable({ 'POST /api/stories/s1/view': { body: { ok: true } } });
    renderViewer(story({ user_id: 'me', can: { ...none, report: true } }));
    await screen.findByRole('button', { name: 'Story melden' });
    await userEvent.keyboard('i');
    // Space pauses: the keys reached the viewer, and I before it opened nothing.
    await userEvent.keyboard(' ');
    expect(await screen.findByRole('button', { name: 'Abspielen' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Insights' })).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/insights'))).toBe(false);
  });

  it('shows the reply field for can.reply and the heart for can.react', async () => {
    stubRouteTable({ 'POST /api/stories/s1/view': { body: { ok: true } } });
    const first = renderViewer(story({ can: { ...none, reply: true } }));
    expect(await screen.findByRole('textbox', { name: 'Antwort auf die Story' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Gefällt mir' })).toBeNull();
    first.unmount();
    renderViewer(story({ can: { ...none, react: true } }));
    expect(await screen.findByRole('button', { name: 'Gefällt mir' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Antwort auf die Story' })).toBeNull();
  });
});
