import { SessionProvider } from '../lib/SessionProvider.tsx';
import { AppShell } from './shell/AppShell.tsx';

/** Root route element: the session (which navigates on logout) around the shell. */
export function RootLayout() {
  return (
    <SessionProvider>
      <AppShell />
    </SessionProvider>
  );
}
