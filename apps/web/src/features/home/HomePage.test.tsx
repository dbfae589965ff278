import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/providers/queryClient.ts';
import { preloadPage } from '../../app/routes.tsx';
import {
  FEED_POSTAL_CODE_STORAGE_KEY,
  FEED_RADIUS_STORAGE_KEY,
  FEED_SORT_STORAGE_KEY,
  VIEW_MODE_STORAGE_KEY,
} from '../../lib/storageKeys.ts';
import { testCategories, testListingPage, testListings } from '../../test/listingFixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { calls, stubRoutes } from '../../test/stubRoutes.ts';
import { SERVED_HOME_DATA_ID } from './homeFeed.ts';

/** A server with 47 ads: pages of 20 by cursor; the answer to `cursor` waits for `gate` when given. */
function feedServer(options: { total?: number; gate?: Promise<void> } = {}) {
  const total = options.total ?? 47;
  const all = testListings(total);
  return stubRoutes(async (_method, url) => {
    if (url.pathname === '/api/categories/all') return { body: { categories: testCategories() } };
    if (url.pathname === '/api/listings') {
      const start = Number(url.searchParams.get('cursor') ?? '0');
      if (start > 0 && options.gate) await options.gate;
      const limit = Number(url.searchParams.get('limit'));
      const page = all.slice(start, start + limit);
      const next = start + limit < total ? String(start + limit) : null;
      return { body: testListingPage(page, total, next) };
    }
    return undefined;
  });
}

const cards = () => screen.queryAllByRole('article');

// Rendering the whole app with dozens of cards takes a while in jsdom.
vi.setConfig({ testTimeout: 20_000 });
const slow = { timeout: 8000 };

describe('home feed (SPEC.md §2 "Home", §4 "Home feed")', () => {
  it("shows the category strip with short labels and 'Neueste Kleinanzeigen'", async () => {
    feedServer();
    renderApp('/');
    const strip = await screen.findByRole('navigation', { name: 'Kategorien' }, slow);
    expect(await within(strip).findByRole('link', { name: /Auto/ })).toBeTruthy();
    expect(
      within(strip)
        .getByRole('link', { name: /Elektronik/ })
        .getAttribute('href'),
    ).toBe('/category/elektronik');
    // A category without an icon gets the emoji box fallback.
    expect(within(strip).getByRole('link', { name: /Elektronik/ }).textContent).toContain('🏷️');
    expect(screen.getByRole('heading', { name: 'Neueste Kleinanzeigen' })).toBeTruthy();
  });

  it("shows 20 of 47 ads, then 'Weitere 20 Anzeigen laden', 'Lädt...' while loading, then 'Weitere 7 Anzeigen laden'", async () => {
    const user = userEvent.setup();
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const fetchMock = feedServer({ gate });
    renderApp('/');
    await waitFor(() => expect(cards()).toHaveLength(20), slow);
    expect(calls(fetchMock).find((call) => call.startsWith('GET /api/listings'))).toMatch(/limit=20/);

    await user.click(screen.getByRole('button', { name: 'Weitere 20 Anzeigen laden' }));
    const loading = await screen.findByRole('button', { name: 'Lädt...' }, slow);
    expect((loading as HTMLButtonElement).disabled).toBe(true);
    open();
    await waitFor(() => expect(cards()).toHaveLength(40), slow);
    expect(calls(fetchMock).some((call) => /cursor=20/.test(call))).toBe(true);

    expect(screen.getByRole('button', { name: 'Weitere 7 Anzeigen laden' })).toBeTruthy();
  });

  it('shows no load button when everything is shown', async () => {
    feedServer({ total: 5 });
    renderApp('/');
    await waitFor(() => expect(cards()).toHaveLength(5), slow);
    expect(screen.queryByRole('button', { name: /Anzeigen laden/ })).toBeNull();
  });

  it('only logs a failed load and shows an empty state', async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      stubRoutes((_method, url) =>
        url.pathname === '/api/categories/all'
          ? { body: { categories: testCategories() } }
          : { status: 500, body: { detail: 'kaputt' } },
      );
      renderApp('/');
      expect(
        await screen.findByText('Hier gibt es noch keine Anzeigen.', {}, { timeout: 4000 }),
      ).toBeTruthy();
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      console.error = original;
    }
  });

  it("shows 'Fehler beim Laden der Kategorien' when the categories cannot be loaded", async () => {
    stubRoutes((_method, url) =>
      url.pathname === '/api/listings'
        ? { body: testListingPage([], 0, null) }
        : { status: 500, body: { detail: 'kaputt' } },
    );
    renderApp('/');
    expect(await screen.findByText('Fehler beim Laden der Kategorien', {}, { timeout: 4000 })).toBeTruthy();
  });
});

describe('view mode and sort are kept on this device (SPEC.md §4)', () => {
  it('remembers the compact view and the sort across visits', async () => {
    const user = userEvent.setup();
    const fetchMock = feedServer();
    const first = renderApp('/');
    await waitFor(() => expect(cards()).toHaveLength(20), slow);
    expect(screen.getByRole('button', { name: 'Standardansicht' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Kompakte Ansicht' }));
    expect(window.localStorage.getItem(VIEW_MODE_STORAGE_KEY)).toBe('compact');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sortieren' }), 'Preis aufsteigend');
    expect(window.localStorage.getItem(FEED_SORT_STORAGE_KEY)).toBe('price-asc');
    await waitFor(() => expect(calls(fetchMock).some((call) => /sort=price-asc/.test(call))).toBe(true));
    first.unmount();

    renderApp('/');
    await waitFor(() => expect(cards()).toHaveLength(20), slow);
    expect(screen.getByRole('button', { name: 'Kompakte Ansicht' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect((screen.getByRole('combobox', { name: 'Sortieren' }) as HTMLSelectElement).value).toBe(
      'price-asc',
    );
    expect(document.querySelector('[data-view-mode="compact"]')).not.toBeNull();
  });

  it("offers the five sorts of SPEC.md §9 and asks for a postal code for 'Nächste zuerst'", async () => {
    const user = userEvent.setup();
    feedServer();
    renderApp('/');
    const select = await screen.findByRole('combobox', { name: 'Sortieren' }, slow);
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Neueste', 'Preis aufsteigend', 'Preis absteigend', 'Meistgesehen', 'Nächste zuerst']);
    await user.selectOptions(select, 'Nächste zuerst');
    expect(
      await screen.findByText('Für „Nächste zuerst“ brauchen wir deine Postleitzahl oder deinen Ort.'),
    ).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Deine PLZ oder dein Ort' })).toBeTruthy();
  });

  it("limits the feed to an 'Umkreis' around the visitor's place and keeps both", async () => {
    const user = userEvent.setup();
    const fetchMock = feedServer();
    const first = renderApp('/');
    await waitFor(() => expect(cards()).toHaveLength(20), slow);
    const radius = screen.getByRole('combobox', { name: 'Umkreis' }) as HTMLSelectElement;
    expect(radius.disabled).toBe(true);
    expect(
      within(radius)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Ganz Deutschland',
      'Umkreis 5 km',
      'Umkreis 10 km',
      'Umkreis 20 km',
      'Umkreis 50 km',
      'Umkreis 100 km',
    ]);

    await user.type(screen.getByRole('textbox', { name: 'Deine PLZ oder dein Ort' }), '80331{Enter}');
    await waitFor(() => expect(radius.disabled).toBe(false));
    await user.selectOptions(radius, 'Umkreis 20 km');
    await waitFor(() =>
      expect(calls(fetchMock).some((call) => /postal_code=80331&radius_km=20/.test(call))).toBe(true),
    );
    expect(window.localStorage.getItem(FEED_RADIUS_STORAGE_KEY)).toBe('20');
    first.unmount();

    renderApp('/');
    await waitFor(() => expect(cards()).toHaveLength(20), slow);
    expect((screen.getByRole('combobox', { name: 'Umkreis' }) as HTMLSelectElement).value).toBe('20');
    expect((screen.getByRole('textbox', { name: 'Deine PLZ oder dein Ort' }) as HTMLInputElement).value).toBe(
      '80331',
    );
  });

  it('ignores a stored value that is no view mode or sort', async () => {
    window.localStorage.setItem(VIEW_MODE_STORAGE_KEY, 'riesig');
    window.localStorage.setItem(FEED_SORT_STORAGE_KEY, 'billig');
    feedServer();
    renderApp('/');
    await waitFor(() => expect(cards()).toHaveLength(20), slow);
    expect(screen.getByRole('button', { name: 'Standardansicht' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByRole('combobox', { name: 'Sortieren' }) as HTMLSelectElement).value).toBe('newest');
  });
});

describe('home data starts loading before the first render', () => {
  it('asks once for the feed as this device sorts and places it, and for the categories', async () => {
    localStorage.setItem(FEED_SORT_STORAGE_KEY, 'price-asc');
    localStorage.setItem(FEED_POSTAL_CODE_STORAGE_KEY, '80331');
    localStorage.setItem(FEED_RADIUS_STORAGE_KEY, '20');
    const fetchMock = feedServer();
    const queryClient = createQueryClient();
    preloadPage('/', queryClient);
    expect(calls(fetchMock).map((call) => call.replace(/&t=\d+/, ''))).toEqual([
      'GET /api/listings?sort=price-asc&postal_code=80331&radius_km=20&limit=20',
      'GET /api/categories/all',
    ]);
    renderApp('/', queryClient);
    await waitFor(() => expect(cards()).toHaveLength(20), slow);
    expect(calls(fetchMock).filter((call) => call.startsWith('GET /api/listings'))).toHaveLength(1);
    expect(calls(fetchMock).filter((call) => call === 'GET /api/categories/all')).toHaveLength(1);
  });

  it('loads no data ahead for other pages', () => {
    const fetchMock = feedServer();
    preloadPage('/favorites', createQueryClient());
    preloadPage('/category/mode', createQueryClient());
    expect(calls(fetchMock)).toEqual([]);
  });
});

describe('the answers the server sends with the home page', () => {
  /** Puts the server's `#home-data` element into the page, as the server's home preview does. */
  function serveHomeData(feed: unknown, categories: unknown) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = SERVED_HOME_DATA_ID;
    element.textContent = JSON.stringify({ feed, categories: { categories } });
    document.body.append(element);
    return element;
  }

  it('shows the newest ads and the categories the page brought, without asking again', async () => {
    const served = testListings(20, 100);
    const element = serveHomeData(testListingPage(served, 47, '20'), testCategories());
    try {
      const fetchMock = feedServer();
      const queryClient = createQueryClient();
      await preloadPage('/', queryClient);
      renderApp('/', queryClient);
      await waitFor(() => expect(cards()).toHaveLength(20), slow);
      expect(within(cards()[0] as HTMLElement).getByRole('heading').textContent).toBe('Anzeige 101');
      expect(await screen.findByRole('navigation', { name: 'Kategorien' })).toBeTruthy();
      expect(calls(fetchMock)).toEqual([]);
      // The next page comes from the API, after the served one.
      await userEvent.setup().click(screen.getByRole('button', { name: 'Weitere 20 Anzeigen laden' }));
      await waitFor(() => expect(cards()).toHaveLength(40), slow);
      expect(calls(fetchMock).map((call) => call.replace(/&t=\d+/, ''))).toEqual([
        'GET /api/listings?sort=newest&limit=20&cursor=20',
      ]);
    } finally {
      element.remove();
    }
  });

  it('asks for the feed this device sorts otherwise, and uses the served categories', async () => {
    localStorage.setItem(FEED_SORT_STORAGE_KEY, 'price-desc');
    const element = serveHomeData(testListingPage(testListings(20, 100), 47, '20'), testCategories());
    try {
      const fetchMock = feedServer();
      await preloadPage('/', createQueryClient());
      expect(calls(fetchMock).map((call) => call.replace(/&t=\d+/, ''))).toEqual([
        'GET /api/listings?sort=price-desc&limit=20',
      ]);
    } finally {
      element.remove();
    }
  });

  it('ignores served data that does not match the contract', async () => {
    const element = serveHomeData({ listings: 'kaputt' }, testCategories());
    try {
      const fetchMock = feedServer();
      await preloadPage('/', createQueryClient());
      expect(calls(fetchMock).map((call) => call.replace(/&t=\d+/, ''))).toEqual([
        'GET /api/listings?sort=newest&limit=20',
        'GET /api/categories/all',
      ]);
    } finally {
      element.remove();
    }
  });
});
