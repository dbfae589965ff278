import type { ModerationDecision } from '@marketplace/contract';
import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { de } from '../../i18n/de.ts';
import { fieldError } from '../../test/fieldError.ts';
import { testUser } from '../../test/fixtures.ts';
import { logIn, memberAnswers, renderApp } from '../../test/renderApp.tsx';
import { calls, stubRoutes } from '../../test/stubRoutes.ts';

// The page loads lazily; on a busy machine the first chunk takes a while.
configure({ asyncUtilTimeout: 10_000 });

const decision: ModerationDecision = {
  id: 'd1',
  target_type: 'listing',
  target_id: 'l1',
  target_title: 'Retro Spielkonsole',
  affected_user_id: 'u1',
  action: 'remove',
  ground: 'agb_fraud',
  ground_label: 'AGB: Betrügerisches oder irreführendes Angebot',
  restriction: 'Deine Anzeige „Retro Spielkonsole“ wurde entfernt.',
  text: 'Die Anzeige verlangt Vorkasse über einen fremden Zahlungslink.',
  automated: false,
  reports_count: 2,
  created_at: '2026-11-20T10:00:00.000Z',
  appeal_until: '2027-05-20T10:00:00.000Z',
  appeal: null,
  can: { appeal: true },
};

describe('/moderation/decisions/:id', () => {
  it('shows the statement of reasons and lets the member appeal once with a reason', async () => {
    const user = testUser({ id: 'u1' });
    const member = memberAnswers(user);
    let appealed: unknown = null;
    stubRoutes((method, url, body) => {
      if (member[url.pathname]) return member[url.pathname];
      if (url.pathname === '/api/moderation/decisions/d1' && method === 'GET')
        return { body: appealed ? { ...decision, appeal: appealed, can: { appeal: false } } : decision };
      if (url.pathname === '/api/moderation/decisions/d1/appeal' && method === 'POST') {
        const { text } = body as { text: string };
        if (text.trim().length < 10)
          return {
            status: 422,
            body: { detail: 'Bitte begründe deinen Widerspruch (mindestens 10 Zeichen).' },
          };
        appealed = {
          id: 'a1',
          decision_id: 'd1',
          text,
          status: 'open',
          created_at: new Date().toISOString(),
          decided_at: null,
          outcome_text: null,
        };
        return { status: 201, body: { ...decision, appeal: appealed, can: { appeal: false } } };
      }
      return undefined;
    });
    logIn(user);
    renderApp('/moderation/decisions/d1');
    expect(await screen.findByRole('heading', { level: 1, name: de.moderation.statementTitle })).toBeTruthy();
    expect(await screen.findByText(decision.restriction)).toBeTruthy();
    expect(screen.getByText(decision.text)).toBeTruthy();
    expect(screen.getByText(decision.ground_label)).toBeTruthy();
    expect(screen.getByText(de.moderation.statementByPerson)).toBeTruthy();
    expect(screen.getByText(/20\. Mai 2027/)).toBeTruthy();

    const field = screen.getByRole('textbox', { name: de.moderation.appealLabel });
    await userEvent.type(field, 'kurz');
    await userEvent.click(screen.getByRole('button', { name: de.moderation.appealSubmit }));
    expect(
      await screen.findByText('Bitte begründe deinen Widerspruch (mindestens 10 Zeichen).'),
    ).toBeTruthy();
    await userEvent.type(field, ' – ich verlange keine Vorkasse.');
    await userEvent.click(screen.getByRole('button', { name: de.moderation.appealSubmit }));
    expect(await screen.findByText(de.moderation.appealOpen)).toBeTruthy();
    expect(screen.queryByRole('button', { name: de.moderation.appealSubmit })).toBeNull();
  }, 60_000);

  it("an appeal with too short a reason shows the contract's German error under the field and sends nothing", async () => {
    const user = testUser({ id: 'u1' });
    const member = memberAnswers(user);
    const fetchMock = stubRoutes((method, url) => {
      if (member[url.pathname]) return member[url.pathname];
      if (url.pathname === '/api/moderation/decisions/d1' && method === 'GET') return { body: decision };
      return undefined;
    });
    logIn(user);
    renderApp('/moderation/decisions/d1');
    const field = await screen.findByRole('textbox', { name: de.moderation.appealLabel });
    await userEvent.type(field, 'kurz');
    await userEvent.click(screen.getByRole('button', { name: de.moderation.appealSubmit }));
    await expect
      .poll(() => fieldError(field))
      .toBe('Bitte begründe deinen Widerspruch (mindestens 10 Zeichen).');
    expect(calls(fetchMock)).not.toContain('POST /api/moderation/decisions/d1/appeal');
  }, 60_000);

  it("opens with the mailed link's token without a session (a suspended member) and appeals with it", async () => {
    let appealed = false;
    const fetchMock = stubRoutes((method, url) => {
      if (url.pathname === '/api/moderation/decisions/d1' && method === 'GET') return { body: decision };
      if (url.pathname === '/api/moderation/decisions/d1/appeal' && method === 'POST') {
        appealed = true;
        return {
          status: 201,
          body: {
            ...decision,
            appeal: {
              id: 'a1',
              decision_id: 'd1',
              text: 'Ich verlange keine Vorkasse, der Link ist von der Bank.',
              status: 'open',
              created_at: new Date().toISOString(),
              decided_at: null,
              outcome_text: null,
            },
            can: { appeal: false },
          },
        };
      }
      return undefined;
    });
    const { router } = renderApp('/moderation/decisions/d1#zugang=link.token.abc');
    expect(await screen.findByText(decision.restriction)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/moderation/decisions/d1');
    await userEvent.type(
      screen.getByRole('textbox', { name: de.moderation.appealLabel }),
      'Ich verlange keine Vorkasse, der Link ist von der Bank.',
    );
    await userEvent.click(screen.getByRole('button', { name: de.moderation.appealSubmit }));
    expect(await screen.findByText(de.moderation.appealOpen)).toBeTruthy();
    expect(appealed).toBe(true);
    const decisionCalls = fetchMock.mock.calls.filter(([input]) =>
      String(input).startsWith('/api/moderation/decisions/d1'),
    );
    expect(decisionCalls.length).toBe(2);
    for (const [, init] of decisionCalls)
      expect(new Headers((init as RequestInit).headers).get('Authorization')).toBe('Bearer link.token.abc');
  }, 60_000);

  it('sends a visitor without a session and without the link to /login with the way back', async () => {
    stubRoutes(() => undefined);
    const { router } = renderApp('/moderation/decisions/d1');
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/moderation/decisions/d1')}`);
  }, 60_000);
});
