import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/queryClient.ts';
import { AppProviders } from './providers/AppProviders.tsx';
import { appRoutes } from './routes.tsx';
import { ErrorBoundary } from './shell/ErrorFallback.tsx';

/**
 * The whole web app: providers, a top-level error boundary and the router. `client` is the
 * query client the page's data may already be loading into (see `preloadPage`).
 */
export function App({ client }: { client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  const [router] = useState(() => createBrowserRouter(appRoutes()));

  return (
    <AppProviders queryClient={queryClient}>
      <ErrorBoundary>
        <RouterProvider router={router} />
      </ErrorBoundary>
    </AppProviders>
  );
}
