import type { User } from '@marketplace/contract';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers/AppProviders.tsx';
import { appRoutes } from '../app/routes.tsx';
import { createQueryClient } from '../lib/queryClient.ts';
import { SessionProvider } from '../lib/SessionProvider.tsx';
import { reloadSession, writeStoredSession } from '../lib/session.ts';
import { TEST_TOKEN } from './fixtures.ts';

type ApiAnswer = { status?: number; body?: unknown };

/**
 * Replaces `fetch` with answers by path (query ignored); unknown paths answer 404.
 * Returns the mock to inspect calls.
 */
export function stubApi(answers: Record<string, ApiAnswer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = answers[url.pathname] ?? { status: 404, body: { detail: 'Nicht gefunden' } };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Answers of a healthy server for a logged-in `user`: current user, no favourites, no notifications. */
export function memberAnswers(user: User): Record<string, ApiAnswer> {
  return {
    '/api/me': { body: user },
    '/api/favorites': { body: { favorites: [] } },
    '/api/notifications': { body: [] },
    '/api/notifications/stats': { body: { unread_notifications: 0 } },
  };
}

/** Stores a logged-in session the way login does. */
export function logIn(user: User, token = TEST_TOKEN): void {
  writeStoredSession(window.localStorage, { token, user });
  reloadSession();
}

function createTestRouter(routes: ReturnType<typeof appRoutes>, path: string) {
  return createMemoryRouter(routes, { initialEntries: [path] });
}

/** Renders the whole app (real route table) at `path`. Returns the router to read the location. */
export function renderApp(path: string, queryClient: QueryClient = createQueryClient()) {
  const router = createTestRouter(appRoutes(), path);
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

/** Renders `ui` inside the providers, a router at `path` and the session provider. */
export function renderWithSession(ui: ReactNode, path = '/') {
  const router = createTestRouter([{ path: '*', element: <SessionProvider>{ui}</SessionProvider> }], path);
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
