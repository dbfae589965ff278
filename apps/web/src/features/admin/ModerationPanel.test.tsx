import type { ModerationAppealItem, ModerationQueue, ModerationReportGroup } from '@marketplace/contract';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { de } from '../../i18n/de.ts';
import { fieldError } from '../../test/fieldError.ts';
import { testUser } from '../../test/fixtures.ts';
import { logIn, memberAnswers, renderApp } from '../../test/renderApp.tsx';
import { calls, stubRoutes } from '../../test/stubRoutes.ts';

// The admin page loads lazily; on a busy machine the first chunk and each step take a while.
configure({ asyncUtilTimeout: 30_000 });
vi.setConfig({ testTimeout: 120_000 });

const t = de.moderation;
const now = new Date().toISOString();

const group: ModerationReportGroup = {
  kind: 'reports',
  target_type: 'listing',
  target_id: '11111111-1111-4111-8111-111111111111',
  title: 'Rotes Fahrrad',
  excerpt: null,
  link: '/listing/11111111-1111-4111-8111-111111111111',
  image: null,
  status: 'active',
  seller_id: '22222222-2222-4222-8222-222222222222',
  seller_name: 'Rita',
  actions: ['keep', 'remove'],
  reports_count: 1,
  reasons: [{ reason: 'fraud', label: 'Betrug oder Fake', count: 1 }],
  reports: [{ reason: 'fraud', reason_label: 'Betrug oder Fake', comment: null, created_at: now }],
  first_reported_at: now,
};

const appeal: ModerationAppealItem = {
  kind: 'appeal',
  appeal: {
    id: 'ap1',
    decision_id: 'd1',
    text: 'Das Rad ist echt.',
    status: 'open',
    created_at: now,
    decided_at: null,
    outcome_text: null,
  },
  decision: {
    id: 'd1',
    target_type: 'listing',
    target_id: 'l2',
    target_title: 'Blaues Fahrrad',
    affected_user_id: 'u7',
    action: 'remove',
    ground: 'agb_fraud',
    ground_label: 'AGB: Betrügerisches oder irreführendes Angebot',
    restriction: 'Deine Anzeige „Blaues Fahrrad“ wurde entfernt.',
    text: 'Das Foto stammt aus einem fremden Shop.',
    automated: false,
    reports_count: 2,
    created_at: now,
    appeal_until: now,
    appeal: null,
    can: { appeal: false },
  },
  decided_by: 'Adam',
  can_decide: true,
};

function server() {
  const admin = testUser({ role: 'ADMIN' });
  const member = memberAnswers(admin);
  const queue: ModerationQueue = { reports: [group], appeals: [appeal] };
  const fetchMock = stubRoutes((_method, url) => {
    if (member[url.pathname]) return member[url.pathname];
    if (url.pathname === '/api/admin/moderation/queue') return { body: queue };
    return undefined;
  });
  logIn(admin);
  return fetchMock;
}

describe("/admin 'Meldungen'", () => {
  it("a decision with too short a text shows the contract's German error under the text and sends nothing", async () => {
    const fetchMock = server();
    renderApp('/admin');
    const queue = await screen.findByRole('region', { name: t.queueTitle });
    const item = await within(queue).findByRole('listitem', { name: group.title });
    await userEvent.click(within(item).getByRole('button', { name: t.decide }));
    const dialog = await screen.findByRole('dialog', { name: /Entscheidung zur Anzeige/ });
    await userEvent.click(within(dialog).getByRole('combobox', { name: t.groundLabel }));
    await userEvent.click(
      await screen.findByRole('option', { name: 'AGB: Betrügerisches oder irreführendes Angebot' }),
    );
    const text = within(dialog).getByRole('textbox', { name: t.textLabel });
    await userEvent.type(text, 'Fake');
    await userEvent.click(within(dialog).getByRole('button', { name: t.submitDecision }));
    await expect
      .poll(() => fieldError(text))
      .toBe('Bitte beschreibe den Sachverhalt (mindestens 10 Zeichen).');
    expect(screen.getByRole('dialog', { name: /Entscheidung zur Anzeige/ })).toBeTruthy();
    expect(calls(fetchMock)).not.toContain('POST /api/admin/moderation/decisions');
  });

  it("an appeal decision with too short a text shows the contract's German error under the text and sends nothing", async () => {
    const fetchMock = server();
    renderApp('/admin');
    const queue = await screen.findByRole('region', { name: t.queueTitle });
    const buttons = await within(queue).findAllByRole('button', { name: t.decide });
    await userEvent.click(buttons.at(-1) as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: t.appealDecisionTitle });
    const text = within(dialog).getByRole('textbox', { name: t.textLabel });
    await userEvent.type(text, 'Echt');
    await userEvent.click(within(dialog).getByRole('button', { name: t.submitDecision }));
    await expect
      .poll(() => fieldError(text))
      .toBe('Bitte beschreibe den Sachverhalt (mindestens 10 Zeichen).');
    expect(calls(fetchMock)).not.toContain(`POST /api/admin/moderation/appeals/${appeal.appeal.id}/decision`);
  });
});
