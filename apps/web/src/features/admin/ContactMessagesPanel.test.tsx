import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { logIn, renderWithSession } from '../../test/renderApp.tsx';
import { stubRouteTable } from '../../test/stubRouteTable.ts';
import { ContactMessagesPanel } from './ContactMessagesPanel.tsx';

describe('contact inbox on /admin', { timeout: 20_000 }, () => {
  it('lists the messages with topic, a mail link to the sender and the text', async () => {
    const admin = testUser({ role: 'ADMIN' });
    stubRouteTable({
      '/api/me': { body: admin },
      '/api/admin/contact-messages': {
        body: {
          messages: [
            {
              id: 'c1',
              topic: 'safety',
              email: 'besuch@example.org',
              message: 'Ein Verkäufer will Vorkasse.\nIst das Betrug?',
              created_at: '2026-11-27T09:30:00.000Z',
            },
          ],
          total: 1,
        },
      },
    });
    logIn(admin);
    renderWithSession(<ContactMessagesPanel />, '/admin');
    const panel = within(await screen.findByRole('region', { name: /^Kontaktanfragen/ }));
    expect(await panel.findByText(/^Betrug oder Sicherheit · /)).toBeTruthy();
    expect(panel.getByRole('link', { name: 'besuch@example.org' }).getAttribute('href')).toBe(
      'mailto:besuch@example.org',
    );
    expect(panel.getByText(/Ein Verkäufer will Vorkasse\.\s+Ist das Betrug\?/)).toBeTruthy();
    expect(panel.getByRole('heading').textContent).toBe('Kontaktanfragen (1)');
  });
});
