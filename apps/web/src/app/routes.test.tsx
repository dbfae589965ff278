import { screen } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { testUser } from '../test/fixtures.ts';
import { logIn, memberAnswers, renderApp, stubApi } from '../test/renderApp.tsx';
import { appRoutes, builtPages } from './routes.tsx';

const DENIAL =
  'Zugriff verweigert: Sie haben keine Berechtigung, auf das Admin-Dashboard zuzugreifen. Nur Administratoren können diese Seite aufrufen.';

/**
 * Pages SPEC.md does not name that the law requires: the statement of reasons of a moderation
 * decision with the appeal (DSA Art. 17, 20; docs/decisions/0009-reports-queue.md). It is public
 * because its mailed link opens it without a session (a suspended member cannot log in); without
 * that link it sends a visitor to /login itself (DecisionPage.test.tsx). And each guide below
 * /ratgeber, the guide SPEC.md names, each event below /events with its form, each position
 * below /karriere, and each article below /lokale-news with its writer's page.
 */
const BEYOND_SPEC: [string, 'public' | 'login'][] = [
  ['/moderation/decisions/7', 'public'],
  // One guide of /ratgeber (docs/decisions/0036-guides-as-markdown-files.md).
  ['/ratgeber/versand', 'public'],
  // Each event of /events, and publishing and editing one (features/events).
  ['/events/0b7f3c2e-8a51-4c1e-9d3a-2f4e6a8b1c0d', 'public'],
  ['/events/neu', 'login'],
  ['/events/0b7f3c2e-8a51-4c1e-9d3a-2f4e6a8b1c0d/bearbeiten', 'login'],
  // One position of /karriere: each open position has a page of its own.
  ['/karriere/senior-backend-entwickler-in-typescript', 'public'],
  // One article of /lokale-news, and the writer's page of editors and ADMINs.
  ['/lokale-news/neue-radwege-00000000-0000-4000-8000-000000000000', 'public'],
  ['/lokale-news/schreiben', 'login'],
];

/** Every page route of SPEC.md §2, with example parameters, and who may open it. */
const SPEC_ROUTES: [string, 'public' | 'login' | 'admin'][] = [
  ['/', 'public'],
  ['/category/mode', 'public'],
  ['/category/mode/damen', 'public'],
  ['/listing/42', 'public'],
  ['/login', 'public'],
  ['/register', 'public'],
  ['/password-reset', 'public'],
  ['/reset-password', 'public'],
  ['/verify-email', 'public'],
  ['/legal/impressum', 'public'],
  ['/legal/datenschutz', 'public'],
  ['/legal/agb', 'public'],
  ['/legal/cookies', 'public'],
  ['/autos', 'public'],
  ['/entities', 'public'],
  ['/user/7', 'public'],
  ['/shop/7', 'public'],
  ['/provider/7', 'public'],
  ['/notifications/settings', 'public'],
  ['/faq', 'public'],
  ['/faq-contact', 'public'],
  ['/hilfe', 'public'],
  ['/shop-registration', 'public'],
  ['/events', 'public'],
  ['/lokale-news', 'public'],
  ['/partner-werden', 'public'],
  ['/karriere', 'public'],
  ['/universal/fahrzeuge', 'public'],
  ['/category-selection', 'public'],
  ['/search', 'public'],
  ['/ratgeber', 'public'],
  ['/login-form', 'public'],
  ['/forum', 'public'],
  ['/forum/business', 'public'],
  ['/forum/business/startups', 'public'],
  ['/forum/thread/99', 'public'],
  ['/forum/business/create', 'public'],
  ['/forum/business/startups/create', 'public'],
  ['/dashboard', 'login'],
  ['/dashboard-old', 'login'],
  ['/favorites', 'login'],
  ['/payments', 'login'],
  ['/analytics', 'login'],
  ['/notifications', 'login'],
  ['/vorlagen', 'login'],
  ['/listings', 'login'],
  ['/listings-old', 'login'],
  ['/calendar', 'login'],
  ['/text-templates', 'login'],
  ['/settings', 'login'],
  ['/feed', 'login'],
  ['/stories', 'login'],
  ['/create-listing', 'login'],
  ['/edit-listing/5', 'login'],
  ['/chat', 'login'],
  ['/seller-verification', 'login'],
  ['/verification-status', 'login'],
  ['/admin', 'admin'],
  ['/admin/verifications', 'admin'],
];

describe('route table (SPEC.md §2)', () => {
  const pages = builtPages;

  it.each([...SPEC_ROUTES, ...BEYOND_SPEC])('registers %s as a %s page', (path, access) => {
    const matches = matchRoutes(appRoutes(), path);
    const leaf = matches?.at(-1)?.route.path;
    const page = pages.find((entry) => entry.path === leaf);
    expect(page?.access).toBe(access);
  });

  it('has no page without a SPEC.md route, except the few the law asks for', () => {
    const specLeaves = new Set(
      [...SPEC_ROUTES, ...BEYOND_SPEC].map(([path]) => matchRoutes(appRoutes(), path)?.at(-1)?.route.path),
    );
    for (const page of pages) expect(specLeaves.has(page.path)).toBe(true);
  });
});

describe('navigation rules', () => {
  it('sends a visitor from a login-required page to /login with the way back', async () => {
    const { router } = renderApp('/chat?listingId=42');
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/chat?listingId=42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeTruthy();
  });

  it('shows a login-required page to a member', async () => {
    stubApi(memberAnswers(testUser()));
    logIn(testUser());
    renderApp('/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zahlungen' })).toBeTruthy();
    expect(screen.queryByText('Dieser Bereich wird gerade aufgebaut.')).toBeNull();
  });

  it('denies the admin area to a member who is not an admin', async () => {
    stubApi(memberAnswers(testUser()));
    logIn(testUser());
    renderApp('/admin/verifications');
    expect(await screen.findByText(DENIAL)).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Verifizierungen prüfen' })).toBeNull();
  });

  it('opens the admin area to an admin', async () => {
    const admin = testUser({ role: 'ADMIN' });
    stubApi(memberAnswers(admin));
    logIn(admin);
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin-Dashboard' })).toBeTruthy();
    expect(screen.queryByText(DENIAL)).toBeNull();
  });

  it('sends a visitor from the admin area to /login', async () => {
    const { router } = renderApp('/admin');
    await expect.poll(() => router.state.location.pathname).toBe('/login');
  });

  it.each([
    ['/kategorien/auto-rad-boot/autos', '/category/auto-rad-boot/autos', ''],
    ['/shops', '/entities', '?type=shops'],
    ['/impressum', '/legal/impressum', ''],
    ['/gibt/es/nicht', '/', ''],
  ])('redirects %s to %s%s', async (from, pathname, search) => {
    const { router } = renderApp(from);
    await expect.poll(() => router.state.location.pathname).toBe(pathname);
    expect(router.state.location.search).toBe(search);
  });

  it('lands on /login when /merkliste is opened without login', async () => {
    const { router } = renderApp('/merkliste');
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/favorites');
  });

  it('shows the search term on the search page', async () => {
    renderApp('/search?q=Fahrrad');
    expect(await screen.findByText('Suchbegriff: „Fahrrad“')).toBeTruthy();
  });

  it('credits GeoNames on the imprint', async () => {
    renderApp('/legal/impressum');
    expect(await screen.findByText('Postleitzahlen: GeoNames (CC BY 4.0)')).toBeTruthy();
  });

  it("shows 'Seite wird geladen...' while a page's chunk arrives", async () => {
    renderApp('/hilfe');
    expect(screen.getByText('Seite wird geladen...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Hilfe' })).toBeTruthy();
    expect(screen.queryByText('Seite wird geladen...')).toBeNull();
  });
});

describe('a page whose chunk fails to load', () => {
  it("ends on 'Ein Fehler ist aufgetreten' with 'Erneut versuchen', inside the shell", async () => {
    vi.doMock('../features/help/FaqPage.tsx', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      renderApp('/faq');
      expect(await screen.findByText('Ein Fehler ist aufgetreten')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
      expect(screen.getByRole('navigation', { name: 'Hauptnavigation' })).toBeTruthy();
    } finally {
      vi.doUnmock('../features/help/FaqPage.tsx');
      vi.restoreAllMocks();
    }
  });
});
