/**
 * The page's first script: starts the app (`main.tsx`). On the home page the server has already
 * drawn the categories and the newest ads; the app's code then loads once they and their first
 * images are on screen, instead of competing with them for a slow phone connection. On an ad,
 * category or search page the server drew, its content stays until the app has drawn its own.
 */
const start = () => import('./main.tsx');

// 'home-data' is SERVED_HOME_DATA_ID (features/home/homeFeed.ts), written out so that this file
// imports nothing and stays a few hundred bytes.
if (document.getElementById('home-data') && document.readyState !== 'complete') {
  window.addEventListener('load', () => void start(), { once: true });
} else {
  keepFirstContent();
  void start();
}

/**
 * An ad, category or search page the server drew ('first-content', apps/server/src/plugins/
 * web-app.ts) stays on screen, above the app, until the app shows the same: its own heading and,
 * where the server drew ad cards, its own cards. So the page never gives way to the loading text
 * in between; after 10 s it goes in any case.
 */
function keepFirstContent(): void {
  const drawn = document.getElementById('first-content');
  const paint = drawn?.closest('.first-paint');
  const root = paint?.parentElement;
  if (!drawn || !(paint instanceof HTMLElement) || !root) return;
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
  setTimeout(done, 10_000);
}
