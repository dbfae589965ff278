import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/queryClient.ts';
import { fieldError } from '../../test/fieldError.ts';
import { testUser } from '../../test/fixtures.ts';
import { testCategories, testListing, testPermissions } from '../../test/listingFixtures.ts';
import { logIn, renderApp } from '../../test/renderApp.tsx';
import { calls, stubRoutes } from '../../test/stubRoutes.ts';
import { listingQueryKey } from '../feed/index.ts';

vi.setConfig({ testTimeout: 20_000 });
const slow = { timeout: 30_000 };

/**
 * A server with ad l1 (`overrides`), one similar ad and a report endpoint that keeps what it got;
 * `/api/me` answers `member`.
 */
function adServer(overrides: Parameters<typeof testListing>[0] = {}, member = testUser()) {
  const reports: unknown[] = [];
  const fetchMock = stubRoutes((method, url, body) => {
    if (url.pathname === '/api/listings/l1') return { body: testListing({ id: 'l1', ...overrides }) };
    if (url.pathname === '/api/listings/l1/similar') {
      return { body: { listings: [testListing({ id: 'l9', title: 'Citybike 26 Zoll' })] } };
    }
    if (method === 'POST' && url.pathname === '/api/listings/l1/report') {
      reports.push(body);
      return { status: 201, body: { detail: 'Danke! Wir prüfen die Anzeige.' } };
    }
    if (url.pathname === '/api/categories/all') return { body: { categories: testCategories() } };
    if (url.pathname === '/api/me') return { body: member };
    if (url.pathname === '/api/favorites') return { body: { favorites: [] } };
    if (url.pathname === '/api/notifications/stats') return { body: { unread_notifications: 0 } };
    return undefined;
  });
  return { fetchMock, reports };
}

describe('ad page /listing/{id}', () => {
  it("says a sold ad is sold, links 'Nachricht schreiben' to the chat and shows similar ads", async () => {
    adServer({ status: 'sold' });
    renderApp('/listing/l1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fahrrad 28 Zoll, Trekkingrad' }, slow),
    ).toBeTruthy();
    expect(screen.getByText('Verkauft – dieser Artikel ist nicht mehr verfügbar.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nachricht schreiben' }).getAttribute('href')).toBe(
      '/chat?listingId=l1',
    );
    const similar = (await screen.findByRole('heading', { level: 2, name: 'Ähnliche Anzeigen' }, slow))
      .parentElement as HTMLElement;
    expect(within(similar).getByText('Citybike 26 Zoll')).toBeTruthy();
  });

  it("shows three safety tips and the way to the FAQ beside 'Nachricht schreiben'", async () => {
    adServer();
    renderApp('/listing/l1');
    const message = await screen.findByRole('link', { name: 'Nachricht schreiben' }, slow);
    const tips = screen.getByRole('complementary', { name: 'Sicher handeln' });
    // In the same box as the button.
    expect(message.parentElement?.contains(tips)).toBe(true);
    expect(within(tips).getAllByRole('listitem')).toHaveLength(3);
    expect(within(tips).getByText(/Zahle nie im Voraus/)).toBeTruthy();
    expect(
      within(tips).getByRole('link', { name: 'Mehr dazu in den häufigen Fragen' }).getAttribute('href'),
    ).toBe('/faq');
  });

  it('tells the seller that moderation removed the ad and where the reasons are', async () => {
    const seller = testUser({ id: 'u2' });
    logIn(seller);
    adServer({ status: 'removed', can: testPermissions('seller') }, seller);
    renderApp('/listing/l1');
    expect(
      await screen.findByText(/^Entfernt – unsere Moderation hat diese Anzeige entfernt/, {}, slow),
    ).toBeTruthy();
  });

  it('shows the view count of the answer that counted this visit, the rest of the page as it was', async () => {
    adServer({ views: 42 });
    const queryClient = createQueryClient();
    // The answer a page comes with (as a rendered page hands it over), older than the query's
    // freshness: the page asks again, and that answer counts the visit.
    queryClient.setQueryData(listingQueryKey('l1'), testListing({ id: 'l1', views: 41 }), {
      updatedAt: Date.now() - 60_000,
    });
    renderApp('/listing/l1', queryClient);
    const heading = await screen.findByRole('heading', { level: 1 }, slow);
    expect(screen.getByText('41 Aufrufe')).toBeTruthy();
    expect(await screen.findByText('42 Aufrufe', {}, slow)).toBeTruthy();
    // Not drawn anew: the heading is the element of the first answer.
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
  });

  it("reads 'Eingestellt gerade eben' for a new ad, lower-case inside the sentence", async () => {
    adServer({ created_at: new Date(Date.now() - 5_000).toISOString() });
    renderApp('/listing/l1');
    expect(await screen.findByText(/Eingestellt gerade eben/, {}, slow)).toBeTruthy();
    expect(screen.queryByText(/Eingestellt Gerade eben/)).toBeNull();
  });

  it('sends a visitor who wants to report the ad to the login with the way back', async () => {
    adServer();
    const { router } = renderApp('/listing/l1');
    await userEvent.click(await screen.findByRole('button', { name: 'Melden' }, slow));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/listing/l1');
  });

  it('lets a member report the ad with a reason and a note', async () => {
    const user = userEvent.setup();
    logIn(testUser());
    const { reports } = adServer();
    renderApp('/listing/l1');
    await user.click(await screen.findByRole('button', { name: 'Melden' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Anzeige melden' });
    await user.click(within(dialog).getByRole('radio', { name: 'Betrug oder Fake' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Hinweis (optional)' }),
      'Preis viel zu niedrig',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Melden' }));
    expect(await screen.findByText('Danke! Wir prüfen die Anzeige.', {}, slow)).toBeTruthy();
    expect(reports).toEqual([{ reason: 'fraud', comment: 'Preis viel zu niedrig' }]);
  });

  it("shows the contract's German error under a note that is too long and sends nothing", async () => {
    const user = userEvent.setup();
    logIn(testUser());
    const { reports } = adServer();
    renderApp('/listing/l1');
    await user.click(await screen.findByRole('button', { name: 'Melden' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Anzeige melden' });
    const note = within(dialog).getByRole('textbox', { name: 'Hinweis (optional)' });
    // The field stops typing at the limit; a pasted or scripted text can still be longer.
    fireEvent.change(note, { target: { value: 'x'.repeat(1001) } });
    await user.click(within(dialog).getByRole('button', { name: 'Melden' }));
    await expect.poll(() => fieldError(note)).toBe('Der Hinweis darf höchstens 1000 Zeichen lang sein.');
    expect(screen.getByRole('dialog', { name: 'Anzeige melden' })).toBeTruthy();
    expect(reports).toEqual([]);
  });

  it('tells a member without a confirmed e-mail address that reporting needs one and offers the resend', async () => {
    const user = userEvent.setup();
    const member = testUser({ email_verified: false });
    logIn(member);
    const { fetchMock, reports } = adServer({}, member);
    renderApp('/listing/l1');
    await user.click(await screen.findByRole('button', { name: 'Melden' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Anzeige melden' });
    expect(
      within(dialog).getByText(/^Melden kannst du, sobald deine E-Mail-Adresse bestätigt ist/).textContent,
    ).toContain('anna.schmidt@example.org');
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Melden' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }));
    await waitFor(() => expect(calls(fetchMock)).toContain('POST /api/auth/resend-verification'));
    expect(reports).toEqual([]);
  });

  it("shows an ADMIN 'Bearbeiten' on another member's ad, because the server allows it", async () => {
    const admin = testUser({ id: 'u9', role: 'ADMIN' });
    logIn(admin);
    adServer({ can: testPermissions('admin') }, admin);
    const { router } = renderApp('/listing/l1');
    const edit = await screen.findByRole('link', { name: 'Bearbeiten' }, slow);
    expect(edit.getAttribute('href')).toBe('/edit-listing/l1');
    expect(screen.getByRole('link', { name: 'Nachricht schreiben' })).toBeTruthy();
    expect(screen.queryByText('Das ist deine Anzeige.')).toBeNull();
    await userEvent.click(edit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-listing/l1'));
    expect(await screen.findByRole('button', { name: 'Änderungen speichern' }, slow)).toBeTruthy();
    expect(screen.queryByText('Du kannst nur deine eigenen Anzeigen bearbeiten.')).toBeNull();
  });

  it('shows the seller edit and manage, and no message, favourite or report on the own ad', async () => {
    const seller = testUser({ id: 'u2' });
    logIn(seller);
    adServer({ can: testPermissions('seller') }, seller);
    renderApp('/listing/l1');
    const actions = (await screen.findByRole('link', { name: 'Bearbeiten' }, slow))
      .parentElement as HTMLElement;
    expect(within(actions).getByText('Das ist deine Anzeige.')).toBeTruthy();
    expect(within(actions).getByRole('link', { name: 'Meine Anzeigen' })).toBeTruthy();
    expect(within(actions).queryByRole('link', { name: 'Nachricht schreiben' })).toBeNull();
    expect(within(actions).queryByRole('button', { name: 'Melden' })).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Sicher handeln' })).toBeNull();
    expect(within(actions).queryByRole('button', { name: /Favoriten/ })).toBeNull();
  });

  it("shows the note and 'Meine Anzeigen' when can.manage says so, not by comparing the seller's id", async () => {
    // The session's member has the seller's id, but the server's answer decides.
    const seller = testUser({ id: 'u2' });
    logIn(seller);
    adServer({ can: { ...testPermissions('seller'), manage: false } }, seller);
    renderApp('/listing/l1');
    const actions = (await screen.findByRole('link', { name: 'Bearbeiten' }, slow))
      .parentElement as HTMLElement;
    expect(within(actions).queryByText('Das ist deine Anzeige.')).toBeNull();
    expect(within(actions).queryByRole('link', { name: 'Meine Anzeigen' })).toBeNull();
  });

  it('shows a visitor message, favourite and report, which lead to the login', async () => {
    adServer({ can: testPermissions('visitor') });
    renderApp('/listing/l1');
    expect(await screen.findByRole('link', { name: 'Nachricht schreiben' }, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Melden' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Favoriten/ }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Bearbeiten' })).toBeNull();
  });

  it('tells a member who may not edit the ad so on /edit-listing/{id}', async () => {
    logIn(testUser());
    adServer();
    renderApp('/edit-listing/l1');
    expect(
      await screen.findByText('Du kannst nur deine eigenen Anzeigen bearbeiten.', {}, slow),
    ).toBeTruthy();
  });
});
