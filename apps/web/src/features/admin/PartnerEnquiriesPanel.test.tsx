import type { PartnerEnquiry } from '@marketplace/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { logIn, renderWithSession } from '../../test/renderApp.tsx';
import { type StubCall, stubRouteTable } from '../../test/stubRouteTable.ts';
import { PartnerEnquiriesPanel } from './PartnerEnquiriesPanel.tsx';

const ENQUIRY: PartnerEnquiry = {
  id: 'p1',
  company: 'Radhaus Nord GmbH',
  contact_name: 'Ole Rad',
  email: 'ole@radhaus.example',
  phone: '040 123 456',
  partner_type: 'shop',
  message: 'Wir haben 40 gebrauchte Räder.\nKönnen wir sie gesammelt zeigen?',
  status: 'new',
  created_at: '2026-11-27T09:30:00.000Z',
  status_changed_at: null,
};

describe('partner enquiries on /admin', { timeout: 20_000 }, () => {
  it('lists an enquiry with type, contact links and message, and marks it as handled', async () => {
    const admin = testUser({ role: 'ADMIN' });
    let current = ENQUIRY;
    const calls = stubRouteTable({
      '/api/me': { body: admin },
      'GET /api/admin/partner-enquiries': () => ({
        body: { enquiries: [current], total: 1, open: current.status === 'done' ? 0 : 1 },
      }),
      'PATCH /api/admin/partner-enquiries/p1': (call: StubCall) => {
        current = {
          ...current,
          ...(call.body as object),
          status_changed_at: '2026-11-27T10:00:00.000Z',
        };
        return { body: current };
      },
    });
    logIn(admin);
    renderWithSession(<PartnerEnquiriesPanel />, '/admin');
    const panel = within(await screen.findByRole('region', { name: /^Partneranfragen/ }));
    expect(await panel.findByRole('heading', { name: 'Partneranfragen (1 offen)' })).toBeTruthy();
    expect(panel.getByText('Neu')).toBeTruthy();
    expect(panel.getByText(/^Shop · /)).toBeTruthy();
    expect(panel.getByRole('link', { name: 'ole@radhaus.example' }).getAttribute('href')).toBe(
      'mailto:ole@radhaus.example',
    );
    expect(panel.getByRole('link', { name: '040 123 456' }).getAttribute('href')).toBe('tel:040123456');
    expect(panel.getByText(/Wir haben 40 gebrauchte Räder\.\s+Können wir/)).toBeTruthy();

    await userEvent
      .setup()
      .click(panel.getByRole('button', { name: 'Radhaus Nord GmbH: Als erledigt markieren' }));
    expect(await panel.findByRole('heading', { name: 'Partneranfragen (0 offen)' })).toBeTruthy();
    expect(panel.getByText('Erledigt')).toBeTruthy();
    expect(panel.getByRole('button', { name: 'Radhaus Nord GmbH: Wieder öffnen' })).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'done' });
  });
});
