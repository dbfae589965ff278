import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SERVED_HOME_DATA_ID } from '../features/home/index.ts';
import { createQueryClient } from '../lib/queryClient.ts';
import {
  FEED_POSTAL_CODE_STORAGE_KEY,
  FEED_RADIUS_STORAGE_KEY,
  FEED_SORT_STORAGE_KEY,
} from '../lib/storageKeys.ts';
import { feedServer } from '../test/feedServer.ts';
import { testCategories, testListingPage, testListings } from '../test/listingFixtures.ts';
import { renderApp } from '../test/renderApp.tsx';
import { calls } from '../test/stubRoutes.ts';
import { preloadPage } from './routes.tsx';

const cards = () => screen.queryAllByRole('article');

// Rendering the whole app with dozens of cards takes a while in jsdom.
vi.setConfig({ testTimeout: 20_000 });
const slow = { timeout: 30_000 };

describe('home data starts loading before the first render', () => {
  it('asks once for the feed as this device sorts and places it, and for the categories', async () => {
    localStorage.setItem(FEED_SORT_STORAGE_KEY, 'price-asc');
    // As the feed keeps a place it has checked: with its name, so the check on arrival keeps it.
    localStorage.setItem(FEED_POSTAL_CODE_STORAGE_KEY, '80331 München');
    localStorage.setItem(FEED_RADIUS_STORAGE_KEY, '20');
    const fetchMock = feedServer();
    const queryClient = createQueryClient();
    preloadPage('/', queryClient);
    expect(calls(fetchMock).map((call) => call.replace(/&t=\d+/, ''))).toEqual([
      'GET /api/listings?sort=price-asc&postal_code=80331+M%C3%BCnchen&radius_km=20&limit=20',
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
      // Only the labels of paid promotions are asked for (one small shared answer, decision 0040).
      expect(calls(fetchMock).filter((call) => call !== 'GET /api/promotions/labels')).toEqual([]);
      // The next page comes from the API, after the served one.
      await userEvent.setup().click(screen.getByRole('button', { name: 'Weitere 20 Anzeigen laden' }));
      await waitFor(() => expect(cards()).toHaveLength(40), slow);
      const asked = calls(fetchMock).filter((call) => call !== 'GET /api/promotions/labels');
      expect(asked.map((call) => call.replace(/&t=\d+/, ''))).toEqual([
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
      const asked = calls(fetchMock).filter((call) => call !== 'GET /api/promotions/labels');
      expect(asked.map((call) => call.replace(/&t=\d+/, ''))).toEqual([
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
      const asked = calls(fetchMock).filter((call) => call !== 'GET /api/promotions/labels');
      expect(asked.map((call) => call.replace(/&t=\d+/, ''))).toEqual([
        'GET /api/listings?sort=newest&limit=20',
        'GET /api/categories/all',
      ]);
    } finally {
      element.remove();
    }
  });
});
