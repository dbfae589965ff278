import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/queryClient.ts';
import { AppProviders } from './providers/AppProviders.tsx';
import { appRoutes } from './routes.tsx';
import { ErrorBoundary } from './shell/ErrorFallback.tsx';

/**
 * What wraps the router, in the browser and on the server alike: providers and a top-level
 * error boundary. The same tree on both sides, so a page the server rendered hydrates
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md).
 */
export function PageProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <AppProviders queryClient={client}>
      <ErrorBoundary>{children}</ErrorBoundary>
    </AppProviders>
  );
}

/**
 * The whole web app: providers, a top-level error boundary and the router. `client` is the
 * query client the page's data may already be loading into (see `preloadPage`).
 */
export function App({ client }: { client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  const [router] = useState(() => createBrowserRouter(appRoutes()));

  return (
    <PageProviders client={queryClient}>
      <RouterProvider router={router} />
    </PageProviders>
  );
}
