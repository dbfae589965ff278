import type { FailingReaction } from '@marketplace/contract';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { logIn, memberAnswers, renderApp } from '../../test/renderApp.tsx';
import { calls, stubRoutes } from '../../test/stubRoutes.ts';
import { failingReactionTexts } from './texts.ts';

// The admin page loads lazily; on a busy machine the first chunk takes a while.
configure({ asyncUtilTimeout: 30_000 });
vi.setConfig({ testTimeout: 120_000 });

const retrying: FailingReaction = {
  id: '6a1d2e3f-4b5c-4d6e-8f70-8192a3b4c5d6',
  event: 'message.created',
  reaction: 'notifications.message',
  attempts: 3,
  last_error: 'new row for relation "notifications" violates check constraint',
  state: 'retry',
  next_attempt_at: '2026-11-24T12:00:00.000Z',
  created_at: '2026-11-24T11:00:00.000Z',
};
const failed: FailingReaction = {
  id: '7b2e3f40-5c6d-4e7f-9081-92a3b4c5d6e7',
  event: 'verification.decided',
  reaction: 'admin.audit_verification',
  attempts: 12,
  last_error: null,
  state: 'failed',
  next_attempt_at: null,
  created_at: '2026-11-23T08:00:00.000Z',
};

/** Opens /admin as an ADMIN whose server answers the admin area with `answer`. */
function openAdmin(answer: Parameters<typeof stubRoutes>[0]) {
  const admin = testUser({ role: 'ADMIN' });
  const fetchMock = stubRoutes(
    (method, url, body) => memberAnswers(admin)[url.pathname] ?? answer(method, url, body),
  );
  logIn(admin);
  renderApp('/admin');
  return fetchMock;
}

describe('/admin: Fehlgeschlagene Reaktionen', () => {
  it('lists failing reactions without their data and runs one again on request', async () => {
    let retried = false;
    const fetchMock = openAdmin((method, url) => {
      if (url.pathname === '/api/admin/reactions/failing') {
        return { body: { reactions: retried ? [failed] : [retrying, failed] } };
      }
      if (url.pathname === `/api/admin/reactions/${retrying.id}/retry` && method === 'POST') {
        retried = true;
        return { body: { detail: 'Die Reaktion wird jetzt erneut ausgeführt.' } };
      }
      return undefined;
    });
    // jsdom has no media queries: the narrow layout, one block per reaction.
    const list = await screen.findByRole('list', { name: failingReactionTexts.title });
    const [first, second] = within(list).getAllByRole('listitem');
    if (!first || !second) throw new Error('two reactions expected');
    expect(within(first).getByText('notifications.message')).toBeTruthy();
    expect(within(first).getByText('Ereignis: message.created · Versuche: 3')).toBeTruthy();
    expect(
      within(first).getByText(
        'Letzter Fehler: new row for relation "notifications" violates check constraint',
      ),
    ).toBeTruthy();
    expect(within(first).getByText(/^Status: Wird am \d.* erneut versucht$/)).toBeTruthy();
    expect(within(second).getByText('admin.audit_verification')).toBeTruthy();
    expect(within(second).getByText('Ereignis: verification.decided · Versuche: 12')).toBeTruthy();
    expect(within(second).getByText('Letzter Fehler: –')).toBeTruthy();
    expect(within(second).getByText('Status: Endgültig fehlgeschlagen')).toBeTruthy();

    await userEvent.click(within(first).getByRole('button', { name: failingReactionTexts.retry }));
    expect(await screen.findByText('Die Reaktion wird jetzt erneut ausgeführt.')).toBeTruthy();
    await expect.poll(() => within(list).queryAllByRole('listitem').length).toBe(1);
    expect(within(list).queryByText('notifications.message')).toBeNull();
    expect(calls(fetchMock)).toContain(`POST /api/admin/reactions/${retrying.id}/retry`);
  });

  it('says so when no reaction fails', async () => {
    openAdmin((_method, url) =>
      url.pathname === '/api/admin/reactions/failing' ? { body: { reactions: [] } } : undefined,
    );
    expect(await screen.findByText(failingReactionTexts.empty)).toBeTruthy();
    expect(screen.queryByRole('list', { name: failingReactionTexts.title })).toBeNull();
  });
});
