import { registerSW } from 'virtual:pwa-register';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing in index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// SPEC.md §7: a service worker is registered (it caches the app shell, never /api or /ws).
registerSW({ immediate: true });
