/**
 * The page's first script: starts the app (`main.tsx`). A page the server rendered
 * (`data-server-rendered` on `#root`, docs/decisions/0030-one-layout-rendered-on-the-server.md)
 * is already on screen and readable; the app's code then loads once it and its first images are
 * there, instead of competing with them for a slow phone connection and a slow phone's main
 * thread, and hydrates it.
 */
const start = () => import('./main.tsx');

const rendered = document.getElementById('root')?.hasAttribute('data-server-rendered') === true;
if (rendered && document.readyState !== 'complete') {
  window.addEventListener('load', () => void start(), { once: true });
} else {
  void start();
}
