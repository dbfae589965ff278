import { hashKey, type QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { matchPath, Navigate, type RouteObject, useLocation } from 'react-router';
import type { PlannedPageProps } from '../components/PlannedPage.tsx';
import { categoriesQuery } from '../features/categories/api.ts';
import {
  readServedHomeData,
  SERVED_HOME_FEED_FILTERS,
  storedHomeFeedFilters,
} from '../features/home/homeFeed.ts';
import { listingFeedQuery } from '../features/listings/feedApi.ts';
import { de } from '../i18n/de.ts';
import { RequireAdmin, RequireLogin } from './guards.tsx';
import { RootLayout } from './RootLayout.tsx';
import { REDIRECTS, resolveRedirect, UNKNOWN_PATH_TARGET } from './redirects.ts';
import { RouteErrorFallback } from './shell/ErrorFallback.tsx';
import { LoadingFallback } from './shell/LoadingFallback.tsx';

/** Who may open a page (SPEC.md §2): everyone, logged-in members, or administrators. */
export type Access = 'public' | 'login' | 'admin';

/** A page whose feature is built in later work: it shows its German title only. */
export interface PlannedPageEntry extends PlannedPageProps {
  path: string;
  access: Access;
}

/** A page that is built: its module is loaded lazily. */
export interface BuiltPageEntry {
  path: string;
  access: Access;
  load: () => Promise<ComponentType>;
}

/**
 * Every route of SPEC.md §2 whose feature is still to come, in one list so none is forgotten.
 * When a feature arrives, its entry moves from here to {@link builtPages}.
 */
export const plannedPages: readonly PlannedPageEntry[] = [
  // Public routes
  { path: '/entities', access: 'public', title: de.pages.entities },
  { path: '/shop/:id', access: 'public', title: de.pages.shop },
  { path: '/provider/:id', access: 'public', title: de.pages.provider },
  { path: '/notifications/settings', access: 'public', title: de.pages.notificationSettings },
  { path: '/shop-registration', access: 'public', title: de.pages.shopRegistration },
  { path: '/events', access: 'public', title: de.pages.events },
  { path: '/lokale-news', access: 'public', title: de.pages.localNews },
  { path: '/partner-werden', access: 'public', title: de.pages.becomePartner },
  { path: '/karriere', access: 'public', title: de.pages.career },
  { path: '/ratgeber', access: 'public', title: de.pages.guide },
  { path: '/forum', access: 'public', title: de.pages.forum },
  {
    path: '/forum/:categorySlug',
    access: 'public',
    title: ({ params }) => de.forums[params.categorySlug ?? ''] ?? de.pages.forumCategory,
  },
  { path: '/forum/:mainCategory/:subCategory', access: 'public', title: de.pages.forumSubcategory },
  { path: '/forum/thread/:threadId', access: 'public', title: de.pages.forumThread },
  { path: '/forum/:mainCategory/create', access: 'public', title: de.pages.forumCreateThread },
  { path: '/forum/:mainCategory/:subCategory/create', access: 'public', title: de.pages.forumCreateThread },
  // Login required
  { path: '/dashboard', access: 'login', title: de.pages.dashboard },
  { path: '/dashboard-old', access: 'login', title: de.pages.dashboardOld },
  { path: '/payments', access: 'login', title: de.pages.payments },
  { path: '/analytics', access: 'login', title: de.pages.analytics },
  { path: '/notifications', access: 'login', title: de.pages.notifications },
  { path: '/vorlagen', access: 'login', title: de.pages.templates },
  { path: '/listings-old', access: 'login', title: de.pages.myListingsOld },
  { path: '/calendar', access: 'login', title: de.pages.calendar },
  { path: '/text-templates', access: 'login', title: de.pages.textTemplates },
  { path: '/feed', access: 'login', title: de.pages.feed },
  { path: '/stories', access: 'login', title: de.pages.stories },
  { path: '/chat', access: 'login', title: de.pages.chat },
  { path: '/seller-verification', access: 'login', title: de.pages.sellerVerification },
  { path: '/verification-status', access: 'login', title: de.pages.verificationStatus },
  // Admin only
  { path: '/admin', access: 'admin', title: de.pages.admin },
  { path: '/admin/verifications', access: 'admin', title: de.pages.adminVerifications },
];

/** Pages with real content, each loaded lazily. */
export const builtPages: readonly BuiltPageEntry[] = [
  // Marketplace: home feed, categories, ads, posting, favourites, search
  {
    path: '/',
    access: 'public',
    load: () => import('../features/home/HomePage.tsx').then((m) => m.HomePage),
  },
  {
    path: '/category/:slug',
    access: 'public',
    load: () => import('../features/categories/CategoryPage.tsx').then((m) => m.CategoryPage),
  },
  {
    path: '/category/:slug/:sub',
    access: 'public',
    load: () => import('../features/categories/CategoryPage.tsx').then((m) => m.CategoryPage),
  },
  {
    path: '/autos',
    access: 'public',
    load: () => import('../features/categories/CategoryPage.tsx').then((m) => m.CarsPage),
  },
  {
    path: '/universal/:category',
    access: 'public',
    load: () => import('../features/categories/CategoryPage.tsx').then((m) => m.UniversalCategoryPage),
  },
  {
    path: '/category-selection',
    access: 'public',
    load: () =>
      import('../features/categories/CategorySelectionPage.tsx').then((m) => m.CategorySelectionPage),
  },
  {
    path: '/listing/:id',
    access: 'public',
    load: () => import('../features/listings/ListingPage.tsx').then((m) => m.ListingPage),
  },
  {
    path: '/search',
    access: 'public',
    load: () => import('../features/search/SearchPage.tsx').then((m) => m.SearchPage),
  },
  {
    path: '/favorites',
    access: 'login',
    load: () => import('../features/favorites/FavoritesPage.tsx').then((m) => m.FavoritesPage),
  },
  {
    path: '/listings',
    access: 'login',
    load: () => import('../features/listings/MyListingsPage.tsx').then((m) => m.MyListingsPage),
  },
  {
    path: '/create-listing',
    access: 'login',
    load: () => import('../features/listings/ListingFormPage.tsx').then((m) => m.CreateListingPage),
  },
  {
    path: '/edit-listing/:id',
    access: 'login',
    load: () => import('../features/listings/ListingFormPage.tsx').then((m) => m.EditListingPage),
  },
  {
    path: '/legal/:page',
    access: 'public',
    load: () => import('../features/legal/LegalPage.tsx').then((module) => module.LegalPage),
  },
  {
    path: '/faq',
    access: 'public',
    load: () => import('../features/help/FaqPage.tsx').then((m) => m.FaqPage),
  },
  {
    path: '/faq-contact',
    access: 'public',
    load: () => import('../features/help/SupportContactPage.tsx').then((m) => m.SupportContactPage),
  },
  {
    path: '/hilfe',
    access: 'public',
    load: () => import('../features/help/HelpPage.tsx').then((m) => m.HelpPage),
  },
  // Accounts: login, registration, e-mail confirmation, password reset, profiles, settings
  {
    path: '/login',
    access: 'public',
    load: () => import('../features/auth/LoginPage.tsx').then((m) => m.LoginPage),
  },
  {
    path: '/login-form',
    access: 'public',
    load: () => import('../features/auth/LoginPage.tsx').then((m) => m.LoginPage),
  },
  {
    path: '/register',
    access: 'public',
    load: () => import('../features/auth/RegisterPage.tsx').then((m) => m.RegisterPage),
  },
  {
    path: '/verify-email',
    access: 'public',
    load: () => import('../features/auth/VerifyEmailPage.tsx').then((m) => m.VerifyEmailPage),
  },
  {
    path: '/password-reset',
    access: 'public',
    load: () =>
      import('../features/auth/PasswordResetRequestPage.tsx').then((m) => m.PasswordResetRequestPage),
  },
  {
    path: '/reset-password',
    access: 'public',
    load: () => import('../features/auth/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage),
  },
  {
    path: '/user/:id',
    access: 'public',
    load: () => import('../features/users/ProfilePage.tsx').then((m) => m.ProfilePage),
  },
  {
    path: '/settings',
    access: 'login',
    load: () => import('../features/settings/SettingsPage.tsx').then((m) => m.SettingsPage),
  },
];

/**
 * Starts loading the code of the built page at `pathname` (its lazily loaded chunk) and, for
 * home, its first data into `queryClient`: the answers the server sent with the page when they
 * are what this device's feed shows (newest ads, all of Germany), else the feed's first page as
 * this device last sorted and placed it; and the categories. Both then arrive alongside the app
 * instead of after its first render. Unknown paths load nothing. Failures are left to the page,
 * which asks again.
 * @returns settles when the page's code has arrived (or failed to)
 */
export function preloadPage(pathname: string, queryClient?: QueryClient): Promise<void> {
  const page = builtPages.find(({ path }) => matchPath(path, pathname));
  const code = page
    ? page.load().then(
        () => undefined,
        () => {
          // The route itself loads it again and shows the error fallback if that fails too.
        },
      )
    : Promise.resolve();
  if (queryClient && pathname === '/') {
    const feed = listingFeedQuery(storedHomeFeedFilters());
    const served = readServedHomeData();
    if (served && hashKey(feed.queryKey) === hashKey(listingFeedQuery(SERVED_HOME_FEED_FILTERS).queryKey)) {
      queryClient.setQueryData(feed.queryKey, { pages: [served.feed], pageParams: [null] });
    } else {
      void queryClient.prefetchInfiniteQuery(feed);
    }
    if (served) queryClient.setQueryData(categoriesQuery.queryKey, served.categories);
    else void queryClient.prefetchQuery(categoriesQuery);
  }
  return code;
}

const PlannedPage = lazy(() =>
  import('../components/PlannedPage.tsx').then((module) => ({ default: module.PlannedPage })),
);

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
  return <Navigate to={resolveRedirect(pathname) ?? UNKNOWN_PATH_TARGET} replace />;
}

/**
 * The route table of the app (SPEC.md §2; summary in ROUTES.md): the shell as root layout, every
 * page lazily loaded below it, every redirect, and a catch-all that leads home. Errors while
 * rendering a page (or loading its chunk) show the error fallback inside the shell; errors of the
 * shell itself show it full-page.
 */
export function appRoutes(): RouteObject[] {
  const pages: RouteObject[] = [
    ...plannedPages.map(({ path, access, title, detail }) => ({
      path,
      element: pageElement(access, <PlannedPage title={title} detail={detail} />),
    })),
    ...builtPages.map(({ path, access, load }) => {
      const Page = lazy(() => load().then((component) => ({ default: component })));
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
