/**
 * The page's first script: starts the app (`main.tsx`). On the home page the server has already
 * drawn the categories and the newest ads; the app's code then loads once they and their first
 * images are on screen, instead of competing with them for a slow phone connection.
 */
const start = () => import('./main.tsx');

// 'home-data' is SERVED_HOME_DATA_ID (features/home/homeFeed.ts), written out so that this file
// imports nothing and stays a few hundred bytes.
if (document.getElementById('home-data') && document.readyState !== 'complete') {
  window.addEventListener('load', () => void start(), { once: true });
} else {
  void start();
}
