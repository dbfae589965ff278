import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Where the API server listens during development (ARCHITECTURE.md "Configuration"). */
const API_TARGET = 'http://127.0.0.1:3000';

/**
 * The ad grid and its parts (source paths below `src/`): the home page shows them on first
 * paint, and category, search and favourites pages share them. Kept in one chunk, so the first
 * paint loads one file instead of a dozen small ones (each costs a request and compresses worse).
 * The modules that start loading home's data before the first render (`preloadPage`: the feed
 * and category queries, the stored feed settings) are part of the entry instead.
 */
const LISTING_GRID_MODULES = [
  'features/home/HomePage.tsx',
  'features/categories/CategoryStrip.tsx',
  'features/favorites/FavoriteButton.tsx',
  'features/favorites/useFavoriteToggle.ts',
  'features/favorites/favoriteErrors.ts',
  'features/feed/ListingFeed.tsx',
  'features/feed/FeedToolbar.tsx',
  'components/ListingCard.tsx',
  'components/ListingGrid.tsx',
  'components/ListingImage.tsx',
  'components/Price.tsx',
  'components/StatusBadge.tsx',
  'lib/price.ts',
  'lib/relativeTime.ts',
  'lib/listingImages.ts',
];

/** Theme colour of the installed app; matches the MUI primary colour in src/app/providers/theme.ts. */
const THEME_COLOR = '#00796b';

/**
 * Two builds (package.json `build`): the browser's app in `dist/`, and the same app for the server
 * that renders public pages, `src/entry-server.tsx` in `dist/server/` (`isSsrBuild`; its
 * libraries stay in node_modules, docs/decisions/0030-one-layout-rendered-on-the-server.md).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    !isSsrBuild &&
      VitePWA({
        registerType: 'autoUpdate',
        // Registered from src/main.tsx through `virtual:pwa-register`: no inline script (CSP script-src 'self').
        injectRegister: false,
        includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
        manifest: {
          // The server answers this file with SITE_NAME as name and short_name (plugins/web-app.ts).
          name: 'Marktplatz',
          short_name: 'Marktplatz',
          description:
            'Kleinanzeigen aus deiner Region: kaufen, verkaufen, verschenken und ins Gespräch kommen.',
          lang: 'de',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          theme_color: THEME_COLOR,
          background_color: '#ffffff',
          icons: [
            { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
            { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        workbox: {
          // Only the built app shell is precached; API answers and sockets are never cached.
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
          navigateFallback: '/index.html',
          navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/ws(\/|$)/],
          runtimeCaching: [],
          cleanupOutdatedCaches: true,
        },
      }),
  ],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/ws': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, target: 'node24', copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // No `<link rel="modulepreload">` inserted by script before a lazily loaded part: on a
        // page rendered on the server, inserting the ad page's 35 links cost 230–330 ms of one
        // long task under Lighthouse's throttling, more than the chunks' own code
        // (docs/decisions/0030-one-layout-rendered-on-the-server.md, "Figures").
        modulePreload: false,
        rolldownOptions: {
          output: {
            codeSplitting: {
              // React and TanStack Query get their own long-cached vendor chunks. Of MUI only what the
              // first load needs joins the shell chunk: components used only by lazily loaded parts
              // stay in those parts' chunks.
              groups: [
                // Vite's helper for loading chunks with their dependencies: the page's first script
                // (src/boot.ts) needs it before the app, so it must not sit in the app's chunks.
                { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 3 },
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
                  priority: 2,
                },
                { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 1 },
                // Everything else the app loads first (MUI's core, the shell's parts: what src/main.tsx
                // imports) in one file: split into dozens of small shared chunks, it cost a request
                // each, six at a time.
                // The features' doors (features/<area>/index.ts) only re-export, and package.json's
                // `sideEffects` names the few files that run code on import, so this group does not
                // pull the parts behind a door (forms, pickers) into the first script.
                { name: 'shell', test: /[\\/]apps[\\/]web[\\/]src[\\/]main\.tsx$/, priority: 0 },
                {
                  name: 'listing-grid',
                  test: (id) => {
                    const file = id.replaceAll('\\', '/');
                    return LISTING_GRID_MODULES.some((module) => file.includes(`/apps/web/src/${module}`));
                  },
                  priority: 1,
                  // Only these modules: the libraries they use stay where the other pages find them.
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
}));
