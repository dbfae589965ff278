import { registerSW } from 'virtual:pwa-register';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadPage } from './app/routes.tsx';
import { createQueryClient } from './lib/queryClient.ts';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing in index.html');

// The page's own code (and its first data) start loading now, while React sets up the shell.
const queryClient = createQueryClient();
const pageCode = preloadPage(window.location.pathname, queryClient);
const app = (
  <StrictMode>
    <App client={queryClient} />
  </StrictMode>
);

if (container.hasAttribute('data-server-rendered')) {
  // A page the server rendered with these components and these data (seeded by `preloadPage`)
  // is hydrated once its code is here, so hydration takes it over in one pass
  // (docs/decisions/0030-one-layout-rendered-on-the-server.md).
  void pageCode.finally(() => {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  });
} else {
  // Rendered as a transition, React yields to the browser every few milliseconds while it
  // builds the first page, instead of blocking input for the whole render.
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

// SPEC.md §7: a service worker is registered (it caches the app shell, never /api or /ws).
registerSW({ immediate: true });
