import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SnackbarProvider } from '../../components/SnackbarProvider.tsx';
import { HandOverProvider } from '../../lib/handOver.tsx';
import { HyphenationProvider } from '../../lib/hyphenation.tsx';
import { theme } from './theme.ts';

/**
 * Providers outside the router: the hand-over of the device's values after hydrating, German
 * hyphenation where the browser has none, MUI theme and baseline, TanStack Query, snackbars.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <HandOverProvider>
      <HyphenationProvider>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <QueryClientProvider client={queryClient}>
            <SnackbarProvider>{children}</SnackbarProvider>
          </QueryClientProvider>
        </ThemeProvider>
      </HyphenationProvider>
    </HandOverProvider>
  );
}
