/**
 * The page's first script: starts the app (`main.tsx`). On the home page, and on an ad, category
 * or search page, the server has already drawn the content; the app's code then loads once it
 * and its first images are on screen, instead of competing with them for a slow phone
 * connection and a slow phone's main thread (docs/decisions/0004, 0012). A drawn ad, category
 * or search page stays on screen until the app has drawn its own.
 */
const start = () => import('./main.tsx');

// 'home-data' is SERVED_HOME_DATA_ID (features/home/homeFeed.ts), written out so that this file
// imports nothing and stays a few hundred bytes.
const drawn = keepFirstContent() || document.getElementById('home-data') !== null;
if (drawn && document.readyState !== 'complete') {
  window.addEventListener('load', () => void start(), { once: true });
} else {
  void start();
}

/**
 * An ad, category or search page the server drew ('first-content', apps/server/src/plugins/
 * web-app.ts) stays on screen, above the app, until the app shows the same: its own heading and,
 * where the server drew ad cards, its own cards. So the page never gives way to the loading text
 * in between; 10 s after the page's load it goes in any case.
 * @returns whether the page was drawn
 */
function keepFirstContent(): boolean {
  const drawn = document.getElementById('first-content');
  const paint = drawn?.closest('.first-paint');
  const root = paint?.parentElement;
  if (!drawn || !(paint instanceof HTMLElement) || !root) return false;
  const wantsCards = drawn.querySelector('article') !== null;
  // Out of the app's element, so that React's first render leaves it where it is.
  paint.style.cssText += ';position:absolute;top:0;left:0;right:0;z-index:1200';
  document.body.append(paint);
  const done = () => {
    observer.disconnect();
    paint.remove();
  };
  const observer = new MutationObserver(() => {
    if (root.querySelector('h1') && (!wantsCards || root.querySelector('article'))) done();
  });
  observer.observe(root, { childList: true, subtree: true });
  // Counted from the app's start, which waits for the page's load.
  const fallback = () => setTimeout(done, 10_000);
  if (document.readyState === 'complete') fallback();
  else window.addEventListener('load', fallback, { once: true });
  return true;
}
