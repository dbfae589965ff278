import type { FailingMail } from '@marketplace/contract';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { logIn, memberAnswers, renderApp } from '../../test/renderApp.tsx';
import { calls, stubRoutes } from '../../test/stubRoutes.ts';
import { failingMailTexts } from './texts.ts';

// The admin page loads lazily; on a busy machine the first chunk takes a while.
configure({ asyncUtilTimeout: 30_000 });
vi.setConfig({ testTimeout: 120_000 });

const failing: FailingMail = {
  id: '5f0c1d2e-3a4b-4c5d-8e6f-708192a3b4c5',
  to: 'a…@beispiel.de',
  subject: 'Bestätige deine E-Mail-Adresse – Marktplatz',
  attempts: 4,
  last_error: 'connect ECONNREFUSED 127.0.0.1:25',
  state: 'retry',
  next_attempt_at: '2026-11-24T12:00:00.000Z',
  created_at: '2026-11-24T11:00:00.000Z',
};

describe('/admin: E-Mails mit Zustellproblemen', () => {
  it('lists a failing mail without its text and sends it again on request', async () => {
    const admin = testUser({ role: 'ADMIN' });
    let retried = false;
    const fetchMock = stubRoutes((method, url) => {
      const member = memberAnswers(admin);
      if (member[url.pathname]) return member[url.pathname];
      if (url.pathname === '/api/admin/mail/failing') return { body: { mails: retried ? [] : [failing] } };
      if (url.pathname === `/api/admin/mail/${failing.id}/retry` && method === 'POST') {
        retried = true;
        return { body: { detail: 'Die E-Mail wird jetzt erneut gesendet.' } };
      }
      return undefined;
    });
    logIn(admin);
    renderApp('/admin');
    // jsdom has no media queries: the narrow layout, one block per mail.
    const list = await screen.findByRole('list', { name: failingMailTexts.title });
    expect(within(list).getByText(failing.subject)).toBeTruthy();
    expect(within(list).getByText('Empfänger: a…@beispiel.de · Versuche: 4')).toBeTruthy();
    expect(within(list).getByText('Letzter Fehler: connect ECONNREFUSED 127.0.0.1:25')).toBeTruthy();
    expect(within(list).getByText(/^Nächster Versuch: \d/)).toBeTruthy();

    await userEvent.click(within(list).getByRole('button', { name: failingMailTexts.retry }));
    expect(await screen.findByText('Die E-Mail wird jetzt erneut gesendet.')).toBeTruthy();
    expect(await screen.findByText(failingMailTexts.empty)).toBeTruthy();
    expect(calls(fetchMock)).toContain(`POST /api/admin/mail/${failing.id}/retry`);
  });
});
