import { registerSW } from 'virtual:pwa-register';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadPage } from './app/routes.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing in index.html');

// The page's own code starts loading now, while React sets up the shell.
preloadPage(window.location.pathname);

// Rendered as a transition, React yields to the browser every few milliseconds while it builds
// the first page, instead of blocking input for the whole render.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// SPEC.md §7: a service worker is registered (it caches the app shell, never /api or /ws).
registerSW({ immediate: true });
