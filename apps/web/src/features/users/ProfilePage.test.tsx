import { type PublicProfile, REPORT_TEXT_MAX } from '@marketplace/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fieldError } from '../../test/fieldError.ts';
import { testUser } from '../../test/fixtures.ts';
import { testListing, testListingPage } from '../../test/listingFixtures.ts';
import { testProfilePermissions } from '../../test/permissionFixtures.ts';
import { logIn, renderWithSession } from '../../test/renderApp.tsx';
import { stubRouteTable } from '../../test/stubRouteTable.ts';
import { monthYear, ProfilePage } from './ProfilePage.tsx';

function profile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: 'u2',
    display_name: 'Bernd',
    business_name: null,
    avatar: null,
    member_since: '2026-01-15T10:00:00.000Z',
    rating: null,
    review_count: 0,
    active_listings: 3,
    followers_count: 5,
    following_count: 2,
    is_following: null,
    can: testProfilePermissions('visitor'),
    ...overrides,
  };
}

function renderProfile(path = '/user/u2') {
  return renderWithSession(
    <Routes>
      <Route path="/user/:id" element={<ProfilePage />} />
      <Route path="*" element={<p>anderswo</p>} />
    </Routes>,
    path,
  );
}

describe('public profile /user/{id}', { timeout: 20_000 }, () => {
  it("shows name, 'Mitglied seit Januar 2026', counts and no rating without ratings", async () => {
    stubRouteTable({ '/api/users/u2': { body: profile() } });
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bernd' })).toBeTruthy();
    expect(screen.getByText('Mitglied seit Januar 2026')).toBeTruthy();
    expect(screen.getByTestId('profile-stats').textContent).toBe('3Aktive Anzeigen5Follower2Folgt');
    expect(screen.queryByText(/Bewertung/)).toBeNull();
  });

  it("heads a business seller's profile with the company name and keeps the nickname beneath it", async () => {
    stubRouteTable({ '/api/users/u2': { body: profile({ business_name: 'Fahrradhaus Müller GmbH' }) } });
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fahrradhaus Müller GmbH' })).toBeTruthy();
    expect(screen.getByText('Profilname: Bernd')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Bernd' })).toBeNull();
  });

  it("lists the member's active ads under 'Anzeigen von …', asked for by seller", async () => {
    stubRouteTable({
      '/api/users/u2': { body: profile() },
      '/api/listings': {
        body: testListingPage([testListing({ id: 'l1', title: 'Bernds Bücherregal' })], 1, null),
      },
    });
    renderProfile();
    expect(await screen.findByRole('heading', { level: 2, name: 'Anzeigen von Bernd' })).toBeTruthy();
    expect(await screen.findByText('Bernds Bücherregal')).toBeTruthy();
    const listingCalls = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/listings');
    expect(listingCalls.map((url) => url.searchParams.get('seller_id'))).toEqual(['u2']);
  });

  it('says so when the member has no active ads', async () => {
    stubRouteTable({
      '/api/users/u2': { body: profile({ active_listings: 0 }) },
      '/api/listings': { body: testListingPage([], 0, null) },
    });
    renderProfile();
    expect(await screen.findByText('Gerade keine aktiven Anzeigen.')).toBeTruthy();
    const asked = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(asked).not.toContain('/api/listings');
  });

  it('shows the rating once there are ratings', async () => {
    stubRouteTable({ '/api/users/u2': { body: profile({ rating: 4.5, review_count: 12 }) } });
    renderProfile();
    expect(await screen.findByText('4,5 von 5 (12 Bewertungen)')).toBeTruthy();
  });

  it('sends a visitor who wants to follow to the login with the way back', async () => {
    stubRouteTable({ '/api/users/u2': { body: profile() } });
    const { router } = renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: 'Folgen' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/user/u2');
  });

  it('follows and unfollows for a member', async () => {
    let following = false;
    const calls = stubRouteTable({
      '/api/me': { body: testUser() },
      'GET /api/users/u2': () => ({
        body: profile({
          is_following: following,
          followers_count: following ? 6 : 5,
          can: testProfilePermissions('member'),
        }),
      }),
      'POST /api/follow/u2': () => {
        following = true;
        return { status: 201, body: { following: true, followers_count: 6 } };
      },
      'DELETE /api/follow/u2': () => {
        following = false;
        return { status: 204 };
      },
    });
    logIn(testUser());
    renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: 'Folgen' }));
    expect(await screen.findByRole('button', { name: 'Entfolgen' })).toBeTruthy();
    await expect.poll(() => screen.getByTestId('profile-stats').textContent).toContain('6Follower');
    await userEvent.click(screen.getByRole('button', { name: 'Entfolgen' }));
    expect(await screen.findByRole('button', { name: 'Folgen' })).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/follow/u2').map((call) => call.method)).toEqual([
      'POST',
      'DELETE',
    ]);
  });

  it("hides 'Folgen', 'Nachricht schreiben' and 'Melden' on the own profile and shows the own follow lists", async () => {
    const me = testUser({ id: 'u2' });
    stubRouteTable({
      '/api/me': { body: me },
      '/api/users/u2': { body: profile({ is_following: false, can: testProfilePermissions('owner') }) },
      '/api/follow/followers': {
        body: {
          followers: [{ id: 'u3', display_name: 'Carla', avatar: null, followed_at: '2026-02-01T00:00:00Z' }],
        },
      },
      '/api/follow/following': { body: { following: [] } },
    });
    logIn(me);
    renderProfile();
    expect(await screen.findByRole('link', { name: 'Profil bearbeiten' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Folgen' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Nachricht schreiben' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Melden' })).toBeNull();
    expect((await screen.findByRole('link', { name: /Carla/ })).getAttribute('href')).toBe('/user/u3');
  });

  it("shows each of the member's buttons exactly where the profile's can allows it, not by ids", async () => {
    // The session's member is someone else (u1), yet the server's answer alone decides.
    const none = testProfilePermissions('visitor');
    let can = { ...none, edit: true };
    stubRouteTable({
      '/api/me': { body: testUser() },
      '/api/users/u2': () => ({ body: profile({ is_following: false, can }) }),
      '/api/follow/followers': { body: { followers: [] } },
      '/api/follow/following': { body: { following: [] } },
    });
    logIn(testUser());
    const first = renderProfile();
    expect(await screen.findByRole('link', { name: 'Profil bearbeiten' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Follower/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Folgen' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Nachricht schreiben' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Melden' })).toBeNull();
    first.unmount();

    can = { ...none, follow: true };
    const second = renderProfile();
    expect(await screen.findByRole('button', { name: 'Folgen' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Profil bearbeiten' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Nachricht schreiben' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Melden' })).toBeNull();
    second.unmount();

    can = { ...none, message: true, report: true };
    renderProfile();
    expect(await screen.findByRole('link', { name: 'Nachricht schreiben' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Melden' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Folgen' })).toBeNull();
    expect(screen.queryByRole('tab', { name: /Follower/ })).toBeNull();
  });

  it("links 'Nachricht schreiben' to the chat with the member", async () => {
    stubRouteTable({
      '/api/me': { body: testUser() },
      '/api/users/u2': { body: profile({ is_following: false, can: testProfilePermissions('member') }) },
    });
    logIn(testUser());
    renderProfile();
    const link = await screen.findByRole('link', { name: 'Nachricht schreiben' });
    expect(link.getAttribute('href')).toBe('/chat?sellerId=u2');
  });

  it("sends a visitor's 'Nachricht schreiben' to the login, which returns to the chat", async () => {
    stubRouteTable({ '/api/users/u2': { body: profile() } });
    const { router } = renderProfile();
    await userEvent.click(await screen.findByRole('link', { name: 'Nachricht schreiben' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/chat?sellerId=u2');
  });

  it("reports the member with a reason and a note through 'Melden'", async () => {
    const calls = stubRouteTable({
      '/api/me': { body: testUser() },
      '/api/users/u2': { body: profile({ is_following: false, can: testProfilePermissions('member') }) },
      '/api/listings': { body: testListingPage([], 0, null) },
      'POST /api/users/u2/report': { status: 201, body: { detail: 'Danke! Wir prüfen die Meldung.' } },
    });
    logIn(testUser());
    renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: 'Melden' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Mitglied melden')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Grund' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Betrug' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Hinweis (optional)' }),
      '  Will Vorkasse.  ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Melden' }));
    expect(await screen.findByText('Danke! Wir prüfen die Meldung.')).toBeTruthy();
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.path === '/api/users/u2/report')).toEqual([
      expect.objectContaining({ method: 'POST', body: { reason: 'fraud', text: 'Will Vorkasse.' } }),
    ]);
  });

  it('tells a member without a confirmed e-mail address that reporting needs one, and sends nothing', async () => {
    const member = testUser({ email_verified: false });
    const calls = stubRouteTable({
      '/api/me': { body: member },
      '/api/users/u2': { body: profile({ is_following: false, can: testProfilePermissions('member') }) },
      '/api/listings': { body: testListingPage([], 0, null) },
      'POST /api/auth/resend-verification': {
        status: 202,
        body: { detail: 'Wir haben dir eine neue Bestätigungsmail geschickt.' },
      },
    });
    logIn(member);
    renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: 'Melden' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Mitglied melden')).toBeTruthy();
    expect(within(dialog).getByTestId('report-needs-confirmed-email').textContent).toMatch(
      /Melden kannst du, sobald deine E-Mail-Adresse bestätigt ist/,
    );
    expect(within(dialog).queryByRole('combobox', { name: 'Grund' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Melden' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bestätigungs-E-Mail erneut senden' }));
    expect(await screen.findByText('Wir haben dir eine neue Bestätigungsmail geschickt.')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/auth/resend-verification')).toHaveLength(1);
    expect(calls.filter((call) => call.path === '/api/users/u2/report')).toEqual([]);
  });

  it("shows the contract's German error under a note that is too long and sends nothing", async () => {
    const calls = stubRouteTable({
      '/api/me': { body: testUser() },
      '/api/users/u2': { body: profile({ is_following: false, can: testProfilePermissions('member') }) },
      '/api/listings': { body: testListingPage([], 0, null) },
      'POST /api/users/u2/report': { status: 201, body: { detail: 'Danke! Wir prüfen die Meldung.' } },
    });
    logIn(testUser());
    renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: 'Melden' }));
    const dialog = await screen.findByRole('dialog');
    const note = within(dialog).getByRole('textbox', { name: 'Hinweis (optional)' });
    // The field stops typing at the limit; a pasted or scripted text can still be longer.
    fireEvent.change(note, { target: { value: 'x'.repeat(REPORT_TEXT_MAX + 1) } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Melden' }));
    await expect
      .poll(() => fieldError(note))
      .toBe(`Der Hinweis darf höchstens ${REPORT_TEXT_MAX} Zeichen lang sein.`);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/users/u2/report')).toEqual([]);
  });

  it("shows the server's German detail when the report fails and keeps the dialog open", async () => {
    stubRouteTable({
      '/api/me': { body: testUser() },
      '/api/users/u2': { body: profile({ is_following: false, can: testProfilePermissions('member') }) },
      '/api/listings': { body: testListingPage([], 0, null) },
      'POST /api/users/u2/report': {
        status: 429,
        body: { detail: 'Du hast in kurzer Zeit sehr viele Mitglieder gemeldet.', code: 'rate_limited' },
      },
    });
    logIn(testUser());
    renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: 'Melden' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Melden' }));
    expect(await screen.findByText('Du hast in kurzer Zeit sehr viele Mitglieder gemeldet.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("sends a visitor's 'Melden' to the login, which returns to the profile", async () => {
    stubRouteTable({ '/api/users/u2': { body: profile() } });
    const { router } = renderProfile();
    await userEvent.click(await screen.findByRole('link', { name: 'Melden' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/user/u2');
  });

  it("reads 'Nutzer nicht gefunden' for an unknown member", async () => {
    stubRouteTable({ '/api/users/nix': { status: 404, body: { detail: 'Dieses Mitglied gibt es nicht.' } } });
    renderProfile('/user/nix');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nutzer nicht gefunden' })).toBeTruthy();
  });

  it('writes month and year in German', () => {
    expect(monthYear('2025-03-02T12:00:00Z')).toBe('März 2025');
    expect(monthYear('kein Datum')).toBe('');
  });
});
