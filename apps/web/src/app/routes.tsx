import { hashKey, type QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { matchPath, type RouteObject, useLocation } from 'react-router';
import { LoadingFallback } from '../components/LoadingFallback.tsx';
import { Redirect } from '../components/Redirect.tsx';
import { adminPages } from '../features/admin/index.ts';
import { analyticsPages } from '../features/analytics/index.ts';
import { authPages } from '../features/auth/index.ts';
import { calendarPages } from '../features/calendar/index.ts';
import { careerPages } from '../features/career/index.ts';
import { categoriesQuery, categoryPages } from '../features/categories/index.ts';
import { chatPages } from '../features/chat/index.ts';
import { classicPages } from '../features/classic-views/index.ts';
import { dashboardPages } from '../features/dashboard/index.ts';
import { entityPages } from '../features/entities/index.ts';
import { eventPages } from '../features/events/index.ts';
import { favoritePages } from '../features/favorites/index.ts';
import { listingFeedQuery } from '../features/feed/index.ts';
import { followFeedPages } from '../features/follow-feed/index.ts';
import { forumPages } from '../features/forum/index.ts';
import { guidePages } from '../features/guides/index.ts';
import { helpPages } from '../features/help/index.ts';
import { homePages, SERVED_HOME_FEED_FILTERS, storedHomeFeedFilters } from '../features/home/index.ts';
import { legalPages } from '../features/legal/index.ts';
import { listingPages } from '../features/listings/index.ts';
import { moderationPages } from '../features/moderation/index.ts';
import { newsPages } from '../features/news/index.ts';
import { notificationPages } from '../features/notifications/index.ts';
import { partnerPages } from '../features/partner/index.ts';
import { paymentPages } from '../features/payments/index.ts';
import { searchPages } from '../features/search/index.ts';
import { settingsPages } from '../features/settings/index.ts';
import { shopPages } from '../features/shops/index.ts';
import { storyPages } from '../features/stories/index.ts';
import { templatePages } from '../features/templates/index.ts';
import { userPages } from '../features/users/index.ts';
import { verificationPages } from '../features/verification/index.ts';
import { RequireAdmin, RequireLogin } from './guards.tsx';
import { RootLayout } from './RootLayout.tsx';
import { REDIRECTS, resolveRedirect, UNKNOWN_PATH_TARGET } from './redirects.ts';
import { readFirstData, seedFirstData } from './servedPage.ts';
import { RouteErrorFallback } from './shell/ErrorFallback.tsx';

/** Who may open a page (SPEC.md §2): everyone, logged-in members, or administrators. */
export type Access = 'public' | 'login' | 'admin';

/** A page that is built: its module is loaded lazily. */
export interface BuiltPageEntry {
  path: string;
  access: Access;
  load: () => Promise<ComponentType>;
}

/** Pages with real content, each loaded lazily. */
export const builtPages: readonly BuiltPageEntry[] = [
  // Marketplace: home feed, categories, ads, posting, favourites, search
  {
    path: '/',
    access: 'public',
    load: homePages.home,
  },
  {
    path: '/category/:slug',
    access: 'public',
    load: categoryPages.category,
  },
  {
    path: '/category/:slug/:sub',
    access: 'public',
    load: categoryPages.category,
  },
  {
    path: '/autos',
    access: 'public',
    load: categoryPages.cars,
  },
  {
    path: '/universal/:category',
    access: 'public',
    load: categoryPages.universal,
  },
  {
    path: '/category-selection',
    access: 'public',
    load: categoryPages.selection,
  },
  {
    path: '/listing/:id',
    access: 'public',
    load: listingPages.listing,
  },
  {
    path: '/search',
    access: 'public',
    load: searchPages.search,
  },
  // Forum: overview and search, thread lists, threads, new threads
  { path: '/forum', access: 'public', load: forumPages.home },
  { path: '/forum/:categorySlug', access: 'public', load: forumPages.list },
  { path: '/forum/:mainCategory/:subCategory', access: 'public', load: forumPages.list },
  { path: '/forum/thread/:threadId', access: 'public', load: forumPages.thread },
  { path: '/forum/:mainCategory/create', access: 'public', load: forumPages.create },
  { path: '/forum/:mainCategory/:subCategory/create', access: 'public', load: forumPages.create },
  { path: '/seller-verification', access: 'login', load: verificationPages.apply },
  { path: '/verification-status', access: 'login', load: verificationPages.status },
  // The statement of reasons of a moderation decision, with the appeal (DSA Art. 17, 20)
  { path: '/moderation/decisions/:id', access: 'public', load: moderationPages.decision },
  { path: '/admin/verifications', access: 'admin', load: verificationPages.admin },
  // Admin only (the guard shows non-admins the denial text of SPEC.md §2)
  { path: '/admin', access: 'admin', load: adminPages.dashboard },
  // Paid promotions: orders, invoices, running promotions (decision 0040)
  { path: '/payments', access: 'login', load: paymentPages.payments },
  {
    path: '/favorites',
    access: 'login',
    load: favoritePages.favorites,
  },
  {
    path: '/stories',
    access: 'login',
    load: storyPages.stories,
  },
  {
    path: '/listings',
    access: 'login',
    load: listingPages.myListings,
  },
  {
    path: '/dashboard',
    access: 'login',
    load: dashboardPages.dashboard,
  },
  {
    path: '/dashboard-old',
    access: 'login',
    load: classicPages.dashboardOld,
  },
  {
    path: '/listings-old',
    access: 'login',
    load: classicPages.listingsOld,
  },
  {
    path: '/analytics',
    access: 'login',
    load: analyticsPages.analytics,
  },
  {
    path: '/feed',
    access: 'login',
    load: followFeedPages.feed,
  },
  {
    path: '/entities',
    access: 'public',
    load: entityPages.entities,
  },
  {
    path: '/create-listing',
    access: 'login',
    load: listingPages.create,
  },
  {
    path: '/edit-listing/:id',
    access: 'login',
    load: listingPages.edit,
  },
  {
    path: '/legal/:page',
    access: 'public',
    load: legalPages.legal,
  },
  {
    path: '/faq',
    access: 'public',
    load: helpPages.faq,
  },
  {
    path: '/faq-contact',
    access: 'public',
    load: helpPages.contact,
  },
  {
    path: '/hilfe',
    access: 'public',
    load: helpPages.help,
  },
  // The guide: Markdown articles from the server (docs/decisions/0036-guides-as-markdown-files.md)
  { path: '/ratgeber', access: 'public', load: guidePages.list },
  { path: '/ratgeber/:slug', access: 'public', load: guidePages.guide },
  // Local events (features/events): the list, each event, publishing and editing
  { path: '/events', access: 'public', load: eventPages.list },
  { path: '/events/neu', access: 'login', load: eventPages.create },
  { path: '/events/:id', access: 'public', load: eventPages.event },
  { path: '/events/:id/bearbeiten', access: 'login', load: eventPages.edit },
  // Local news (features/news): the list, each article, and the writer's page of editors and ADMINs
  { path: '/lokale-news', access: 'public', load: newsPages.list },
  { path: '/lokale-news/schreiben', access: 'login', load: newsPages.write },
  { path: '/lokale-news/:id', access: 'public', load: newsPages.article },
  // Partner enquiries (features/partner); the inbox is at /admin
  { path: '/partner-werden', access: 'public', load: partnerPages.becomePartner },
  // The member's templates (features/templates): ad templates and chat text templates
  { path: '/vorlagen', access: 'login', load: templatePages.listingTemplates },
  { path: '/text-templates', access: 'login', load: templatePages.textTemplates },
  { path: '/calendar', access: 'login', load: calendarPages.calendar },
  // The career page (features/career): open positions and applications; kept at /admin
  // Shops and service providers (features/shops): their pages and the registration
  { path: '/shop/:id', access: 'public', load: shopPages.shop },
  { path: '/provider/:id', access: 'public', load: shopPages.provider },
  { path: '/shop-registration', access: 'public', load: shopPages.registration },
  { path: '/karriere', access: 'public', load: careerPages.list },
  { path: '/karriere/:slug', access: 'public', load: careerPages.position },
  // Accounts: login, registration, e-mail confirmation, password reset, profiles, settings
  {
    path: '/login',
    access: 'public',
    load: authPages.login,
  },
  {
    path: '/login-form',
    access: 'public',
    load: authPages.login,
  },
  {
    path: '/register',
    access: 'public',
    load: authPages.register,
  },
  {
    path: '/verify-email',
    access: 'public',
    load: authPages.verifyEmail,
  },
  {
    path: '/password-reset',
    access: 'public',
    load: authPages.passwordReset,
  },
  {
    path: '/reset-password',
    access: 'public',
    load: authPages.resetPassword,
  },
  {
    path: '/user/:id',
    access: 'public',
    load: userPages.profile,
  },
  {
    path: '/settings',
    access: 'login',
    load: settingsPages.settings,
  },
  // Members talking and staying informed: chat, notifications and their settings
  {
    path: '/chat',
    access: 'login',
    load: chatPages.chat,
  },
  {
    path: '/notifications',
    access: 'login',
    load: notificationPages.notifications,
  },
  {
    // Public in SPEC.md §2; the page itself asks visitors to log in.
    path: '/notifications/settings',
    access: 'public',
    load: notificationPages.settings,
  },
];

/**
 * The public pages the server renders with the app's own components
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md); every other page is rendered in the
 * browser. Patterns of {@link builtPages}.
 */
export const SERVER_RENDERED_PATHS: readonly string[] = [
  // Their answers come with the page (`seedFirstData`); the forum's and the profiles' the server
  // asks the API for (`app/serverPrefetch.ts`).
  '/',
  '/listing/:id',
  '/category/:slug',
  '/category/:slug/:sub',
  '/search',
  '/legal/:page',
  '/faq',
  '/hilfe',
  '/partner-werden',
];

/**
 * Starts loading the code of the built page at `pathname` (its lazily loaded chunk) and, in the
 * browser, its first data into `queryClient`: the answers the server rendered the page from
 * (`seedFirstData`, read from the page), and for a home page that carries none, the feed's
 * first page as this device last sorted and placed it, and the categories. Both then arrive
 * alongside the app instead of after its first render. When the device keeps another sort or
 * place than the rendered feed's, that feed is asked for at once too: the page shows it right
 * after hydrating. Unknown paths load nothing. Failures are left to the page, which asks again.
 * @returns settles when the page's code has arrived (or failed to)
 */
export function preloadPage(pathname: string, queryClient?: QueryClient): Promise<void> {
  const page = builtPages.find(({ path }) => matchPath(path, pathname));
  const code = page
    ? page.load().then(
        (component) => {
          loadedPages.set(page.load, component);
        },
        () => {
          // The route itself loads it again and shows the error fallback if that fails too.
        },
      )
    : Promise.resolve();
  if (!queryClient) return code;
  const seeded = readFirstData()
    .map((first) => seedFirstData(queryClient, pathname, first))
    .includes(true);
  if (pathname === '/') {
    const feed = listingFeedQuery(storedHomeFeedFilters());
    if (!seeded || hashKey(feed.queryKey) !== hashKey(listingFeedQuery(SERVED_HOME_FEED_FILTERS).queryKey))
      void queryClient.prefetchInfiniteQuery(feed);
    if (!seeded) void queryClient.prefetchQuery(categoriesQuery);
  }
  return code;
}

/** Page components whose code has arrived, by their loader (`preloadPage`, `routePage`). */
const loadedPages = new Map<BuiltPageEntry['load'], ComponentType>();

/**
 * The route element's component of a built page: the page itself once its code has arrived
 * (`preloadPage` loads it before a server-rendered page is rendered or hydrated), else the page
 * loaded lazily. So a rendered page is hydrated in one pass, and nothing the browser learns right
 * after (the stored session) can make React draw the page anew
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md).
 */
function routePage(load: BuiltPageEntry['load']): ComponentType {
  const Lazy = lazy(() =>
    load().then((component) => {
      loadedPages.set(load, component);
      return { default: component };
    }),
  );
  return function RoutePage() {
    const Loaded = loadedPages.get(load);
    return Loaded ? <Loaded /> : <Lazy />;
  };
}

/** Wraps a lazily loaded page: 'Seite wird geladen...' while its chunk arrives, then the access rule. */
function pageElement(access: Access, page: ReactNode): ReactNode {
  const loaded = <Suspense fallback={<LoadingFallback />}>{page}</Suspense>;
  if (access === 'login') return <RequireLogin>{loaded}</RequireLogin>;
  if (access === 'admin') return <RequireAdmin>{loaded}</RequireAdmin>;
  return loaded;
}

/** Follows the redirect table for the current address; anything else goes home (SPEC.md §2). */
function RedirectRoute() {
  const { pathname } = useLocation();
  return <Redirect to={resolveRedirect(pathname) ?? UNKNOWN_PATH_TARGET} />;
}

/**
 * The route table of the app (SPEC.md §2; summary in ROUTES.md): the shell as root layout, every
 * page lazily loaded below it, every redirect, and a catch-all that leads home. Errors while
 * rendering a page (or loading its chunk) show the error fallback inside the shell; errors of the
 * shell itself show it full-page.
 */
export function appRoutes(): RouteObject[] {
  const pages: RouteObject[] = [
    ...builtPages.map(({ path, access, load }) => {
      const Page = routePage(load);
      return { path, element: pageElement(access, <Page />) };
    }),
    ...REDIRECTS.map(({ from }) => ({ path: from, element: <RedirectRoute /> })),
    { path: '*', element: <RedirectRoute /> },
  ];

  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteErrorFallback />,
      children: [{ errorElement: <RouteErrorFallback />, children: pages }],
    },
  ];
}
