import { createContext, useContext } from 'react';
import { Navigate } from 'react-router';

/**
 * What a server rendering a page learns of a redirect (`entry-server.tsx`): the first address a
 * page led to while it rendered. Absent in the browser.
 */
export interface RedirectCollector {
  location: string | null;
}

/** Where {@link Redirect} tells a rendering server the address the page leads to. */
export const RedirectContext = createContext<RedirectCollector | null>(null);

/**
 * Leads to `to` instead of showing the page, replacing the address in the history: in the
 * browser React Router's `<Navigate replace>`; on a server rendering the page, which runs no
 * effects, the address goes to the server, which answers the request as a redirect
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md).
 */
export function Redirect({ to }: { to: string }) {
  const collector = useContext(RedirectContext);
  if (collector) collector.location ??= to;
  return <Navigate to={to} replace />;
}
