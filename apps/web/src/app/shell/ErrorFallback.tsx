import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { de } from '../../i18n/de.ts';

/** The error screen of SPEC.md §2: 'Ein Fehler ist aufgetreten' and 'Erneut versuchen' (calls `onRetry`). */
export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <Box
      role="alert"
      sx={{
        minHeight: '50vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        px: 2,
        py: 6,
      }}
    >
      <ErrorIcon color="error" sx={{ fontSize: 56 }} />
      <Typography variant="h1">{de.errors.fallbackTitle}</Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {de.errors.fallbackText}
      </Typography>
      <Button variant="contained" onClick={onRetry}>
        {de.errors.retry}
      </Button>
    </Box>
  );
}

/**
 * `errorElement` of the routes: a page that throws while rendering, or whose lazily loaded
 * chunk fails to arrive, ends here (the router logs the error). Retrying reloads the page, which
 * fetches the chunk again.
 */
export function RouteErrorFallback() {
  return <ErrorFallback onRetry={() => window.location.reload()} />;
}

interface ErrorBoundaryState {
  error: unknown;
}

/** Top-level error boundary around the router; retrying renders the children again. */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error !== null) return <ErrorFallback onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
