import { QueryClient } from '@tanstack/react-query';

/** One query client for the app; failed calls are retried once, the window focus refreshes data. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, staleTime: 15_000 },
    },
  });
}
