import { registerSW } from 'virtual:pwa-register';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadPage } from './app/routes.tsx';
import { SERVED_HOME_DATA_ID } from './features/home/index.ts';
import { createQueryClient } from './lib/queryClient.ts';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing in index.html');

// The page's own code (and home's first data) start loading now, while React sets up the shell.
const queryClient = createQueryClient();
const pageCode = preloadPage(window.location.pathname, queryClient);

// Rendered as a transition, React yields to the browser every few milliseconds while it builds
// the first page, instead of blocking input for the whole render.
const root = createRoot(container);
const render = () =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <App client={queryClient} />
      </StrictMode>,
    );
  });
// A page the server drew (home, or an ad, category or search page: 'first-content', see boot.ts)
// is rendered once the page's own code is here: its first render then draws the page at once,
// with the data the server sent, instead of the loading text first and the page again after.
if (document.getElementById(SERVED_HOME_DATA_ID) || document.getElementById('first-content'))
  void pageCode.finally(render);
else render();

// SPEC.md §7: a service worker is registered (it caches the app shell, never /api or /ws).
registerSW({ immediate: true });
