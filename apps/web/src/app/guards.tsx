import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingFallback } from '../components/LoadingFallback.tsx';
import { de } from '../i18n/de.ts';
import { loginPathFor } from '../lib/loginRedirect.ts';
import { useSession } from '../lib/SessionProvider.tsx';

/** Sends a logged-out visitor to /login?next=<this page> (SPEC.md §2 "Login required"). */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { isLoggedIn, isChecking } = useSession();
  const location = useLocation();
  if (isChecking) return <LoadingFallback />;
  if (!isLoggedIn) return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  return children;
}

/**
 * Admin-only pages (SPEC.md §2 "Admin only"): logged-out visitors go to /login, logged-in
 * non-admins read the denial text.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isLoggedIn, isAdmin, isChecking } = useSession();
  const location = useLocation();
  if (isChecking) return <LoadingFallback />;
  if (!isLoggedIn) return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  if (!isAdmin) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Alert severity="error">{de.admin.accessDenied}</Alert>
      </Container>
    );
  }
  return children;
}
