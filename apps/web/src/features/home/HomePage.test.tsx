import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  FEED_POSTAL_CODE_STORAGE_KEY,
  FEED_RADIUS_STORAGE_KEY,
  FEED_SORT_STORAGE_KEY,
  VIEW_MODE_STORAGE_KEY,
} from '../../lib/storageKeys.ts';
import { feedServer } from '../../test/feedServer.ts';
import { testCategories, testListingPage } from '../../test/listingFixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { calls, stubRoutes } from '../../test/stubRoutes.ts';

const cards = () => screen.queryAllByRole('article');

// Rendering the whole app with dozens of cards takes a while in jsdom.
vi.setConfig({ testTimeout: 20_000 });
const slow = { timeout: 30_000 };

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
    expect(screen.getByRole('combobox', { name: 'Deine PLZ oder dein Ort' })).toBeTruthy();
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

    await user.type(screen.getByRole('combobox', { name: 'Deine PLZ oder dein Ort' }), '80331{Enter}');
    await waitFor(() => expect(radius.disabled).toBe(false));
    await user.selectOptions(radius, 'Umkreis 20 km');
    await waitFor(() =>
      expect(calls(fetchMock).some((call) => /postal_code=80331\+M%C3%BCnchen&radius_km=20/.test(call))).toBe(
        true,
      ),
    );
    expect(window.localStorage.getItem(FEED_RADIUS_STORAGE_KEY)).toBe('20');
    first.unmount();

    renderApp('/');
    await waitFor(() => expect(cards()).toHaveLength(20), slow);
    expect((screen.getByRole('combobox', { name: 'Umkreis' }) as HTMLSelectElement).value).toBe('20');
    expect(
      (screen.getByRole('combobox', { name: 'Deine PLZ oder dein Ort' }) as HTMLInputElement).value,
    ).toBe('80331 München');
  });

  it('shows a German hint for an unknown place and never keeps it', async () => {
    const user = userEvent.setup();
    const fetchMock = feedServer();
    renderApp('/');
    await waitFor(() => expect(cards()).toHaveLength(20), slow);
    await user.type(screen.getByRole('combobox', { name: 'Deine PLZ oder dein Ort' }), 'Xyzzyhausen{Enter}');
    const hint = await screen.findByText(
      '„Xyzzyhausen“ kennen wir nicht. Bitte prüfe die Schreibweise oder wähle einen Ort aus den Vorschlägen.',
      {},
      slow,
    );
    expect(hint.closest('[role="status"]')).toBeTruthy();
    expect(window.localStorage.getItem(FEED_POSTAL_CODE_STORAGE_KEY)).toBeNull();
    expect(calls(fetchMock).some((call) => /postal_code=/.test(call))).toBe(false);
    expect(cards()).toHaveLength(20);
  });

  it("reads 'Koln' as Köln and shows the place with its postal code", async () => {
    const user = userEvent.setup();
    const fetchMock = feedServer();
    renderApp('/');
    await waitFor(() => expect(cards()).toHaveLength(20), slow);
    const field = screen.getByRole('combobox', { name: 'Deine PLZ oder dein Ort' }) as HTMLInputElement;
    await user.type(field, 'Koln{Enter}');
    await waitFor(() => expect(field.value).toBe('50667 Köln'));
    expect(window.localStorage.getItem(FEED_POSTAL_CODE_STORAGE_KEY)).toBe('50667 Köln');
    await waitFor(() =>
      expect(calls(fetchMock).some((call) => /postal_code=50667\+K%C3%B6ln/.test(call))).toBe(true),
    );
  });

  it('offers the places an ambiguous name means, Frankfurt am Main first', async () => {
    const user = userEvent.setup();
    feedServer();
    renderApp('/');
    await waitFor(() => expect(cards()).toHaveLength(20), slow);
    const field = screen.getByRole('combobox', { name: 'Deine PLZ oder dein Ort' }) as HTMLInputElement;
    await user.type(field, 'Frankfurt{Enter}');
    expect(await screen.findByText('Welchen Ort meinst du mit „Frankfurt“?', {}, slow)).toBeTruthy();
    const choices = screen
      .getAllByRole('button')
      .map((button) => button.textContent)
      .filter((text) => text?.includes('Frankfurt'));
    expect(choices).toEqual(['60306 Frankfurt am Main', '15230 Frankfurt (Oder)']);
    expect(window.localStorage.getItem(FEED_POSTAL_CODE_STORAGE_KEY)).toBeNull();
    await user.click(screen.getByRole('button', { name: '15230 Frankfurt (Oder)' }));
    await waitFor(() => expect(field.value).toBe('15230 Frankfurt (Oder)'));
    expect(window.localStorage.getItem(FEED_POSTAL_CODE_STORAGE_KEY)).toBe('15230 Frankfurt (Oder)');
  });

  it('drops a kept place that names no place any more, and says so', async () => {
    window.localStorage.setItem(FEED_POSTAL_CODE_STORAGE_KEY, 'Xyzzyhausen');
    const fetchMock = feedServer();
    renderApp('/');
    expect(
      await screen.findByText(
        'Deinen gespeicherten Ort „Xyzzyhausen“ finden wir nicht mehr. Die Anzeigen gelten jetzt für ganz Deutschland.',
        {},
        slow,
      ),
    ).toBeTruthy();
    expect(window.localStorage.getItem(FEED_POSTAL_CODE_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(cards()).toHaveLength(20), slow);
    const last = calls(fetchMock)
      .filter((call) => call.startsWith('GET /api/listings'))
      .at(-1);
    expect(last).not.toMatch(/postal_code=/);
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
