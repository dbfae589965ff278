import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DESKTOP, MOBILE, openApp, screenshot, settle, type Viewport } from './helpers/browser.ts';
import { callApi, type Member, PASSWORD, postBikeAd, registerMember, signedIn } from './helpers/members.ts';

/**
 * No page is wider than the window: on a 320 px phone, the 390 px phone and the 1280 px desktop
 * every route of SPEC.md §2 (logged in where it needs a login, as an administrator for the admin
 * pages) has `scrollWidth <= innerWidth`, so nothing slides sideways while one reads or types,
 * and the bottom navigation's five tabs all lie inside the window.
 */

const ADMIN_EMAIL = 'breite-admin@example.org';

test.use({ serverEnv: { SEED_DEMO: '1', ADMIN_EMAIL, ADMIN_PASSWORD: PASSWORD } });

/** The narrowest phone the app is made for (CSS px). */
const SMALL_PHONE = { width: 320, height: 640 } as const;

let member: Member;
let admin: Pick<Member, 'token' | 'user'>;
let listingId = '';
/** A demo ad of another member and that member, to open a conversation with. */
let other = { listingId: '', sellerId: '' };
/** The forum's addresses with real ids: a forum, one of its subforums and a thread. */
let forum = { main: '', sub: '', thread: '' };

test.beforeAll(async ({ server }) => {
  member = await registerMember(server, `breite.${Date.now()}@example.org`, 'Breitenmesserin');
  listingId = await postBikeAd(server, member.token, {
    title: 'Dreigangnabenschaltung-Trekkingfahrrad mit Gepäckträger',
    description: 'Gut erhalten, frisch geölt.',
    price: 240,
  });
  const login = await callApi<{ access_token: string; user: Member['user'] }>(
    server,
    'POST',
    '/api/auth/login',
    {
      email: ADMIN_EMAIL,
      password: PASSWORD,
    },
  );
  const { listings } = await callApi<{ listings: { id: string; seller: { id: string } }[] }>(
    server,
    'GET',
    '/api/listings?limit=5',
  );
  const theirs = listings.find((listing) => listing.seller.id !== member.id);
  if (!theirs) throw new Error('the demo data has no ad');
  other = { listingId: theirs.id, sellerId: theirs.seller.id };
  admin = { token: login.access_token, user: login.user };
  const { forums } = await callApi<{
    forums: { slug: string; subforums: { slug: string }[]; last_activity: { thread_id: string } | null }[];
  }>(server, 'GET', '/api/forum/categories');
  const main = forums.find((entry) => entry.subforums.length > 0 && entry.last_activity);
  if (!main?.last_activity) throw new Error('the demo data has no forum with a thread');
  forum = { main: main.slug, sub: main.subforums[0]?.slug ?? '', thread: main.last_activity.thread_id };
});

/** The public routes of SPEC.md §2 with real ids. */
function publicRoutes(): string[] {
  return [
    '/',
    '/category/auto-rad-boot',
    '/category/auto-rad-boot/fahrraeder-zubehoer',
    `/listing/${listingId}`,
    '/login',
    '/register',
    '/password-reset',
    '/reset-password',
    '/verify-email',
    '/legal/impressum',
    '/legal/datenschutz',
    '/legal/agb',
    '/legal/cookies',
    '/autos',
    '/entities',
    `/user/${member.id}`,
    '/shop/1',
    '/provider/1',
    '/notifications/settings',
    '/faq',
    '/faq-contact',
    '/hilfe',
    '/shop-registration',
    '/events',
    '/lokale-news',
    '/partner-werden',
    '/karriere',
    '/universal/elektronik',
    '/category-selection',
    '/search',
    '/search?q=Fahrrad',
    '/ratgeber',
    '/login-form',
    '/forum',
    `/forum/${forum.main}`,
    `/forum/${forum.main}/${forum.sub}`,
    `/forum/thread/${forum.thread}`,
    `/forum/${forum.main}/create`,
    `/forum/${forum.main}/${forum.sub}/create`,
  ];
}

/** The routes of SPEC.md §2 that need a login, with the member's own ad. */
function memberRoutes(): string[] {
  return [
    '/dashboard',
    '/dashboard-old',
    '/favorites',
    '/payments',
    '/analytics',
    '/notifications',
    '/vorlagen',
    '/listings',
    '/listings-old',
    '/calendar',
    '/text-templates',
    '/settings',
    '/feed',
    '/stories',
    '/create-listing',
    `/edit-listing/${listingId}`,
    '/chat',
    '/seller-verification',
    '/verification-status',
  ];
}

/** What sticks out of the window on the page now: its widths and the widest elements. */
async function overflow(
  page: Page,
): Promise<{ scrollWidth: number; innerWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const culprits: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5) continue;
      // Parts of a scroller that itself fits (the quick links, the category strip) are fine.
      let clipped = false;
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        if (
          getComputedStyle(parent).overflowX !== 'visible' &&
          parent.getBoundingClientRect().right <= width + 0.5
        ) {
          clipped = true;
          break;
        }
      }
      if (!clipped) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? '';
        culprits.push(`${element.tagName.toLowerCase()} "${name}" right=${Math.round(box.right)}`);
      }
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: width,
      culprits: culprits.slice(0, 5),
    };
  });
}

/** Tabs of the bottom navigation that reach beyond the window's edges (it is fixed, so no scrolling shows them). */
async function tabsOutside(page: Page): Promise<string[]> {
  return page
    .getByRole('navigation', { name: 'Hauptnavigation' })
    .getByRole('link')
    .evaluateAll((links) =>
      links
        .filter((link) => {
          const box = link.getBoundingClientRect();
          return box.left < -0.5 || box.right > window.innerWidth + 0.5;
        })
        .map((link) => link.textContent ?? ''),
    );
}

for (const [name, viewport] of [
  ['320', SMALL_PHONE],
  ['390', MOBILE],
  ['1280', DESKTOP],
] as [string, Viewport][]) {
  test(`no route of SPEC.md §2 is wider than the window at ${name} px`, async ({ newPage }) => {
    test.setTimeout(600_000);
    const wide: string[] = [];
    const check = async (page: Page, path: string) => {
      await openApp(page, path);
      await settle(page);
      const { scrollWidth, innerWidth, culprits } = await overflow(page);
      if (scrollWidth > innerWidth) {
        wide.push(`${path}: ${scrollWidth} px > ${innerWidth} px (${culprits.join('; ')})`);
        await screenshot(page, `page-width-${name}${path.replace(/[^a-z0-9]+/gi, '-')}`);
      }
    };

    const visitor = await newPage(viewport);
    for (const path of publicRoutes()) await check(visitor.page, path);
    await visitor.context.close();

    const signed = await newPage(viewport, { storage: signedIn(member) });
    for (const path of memberRoutes()) await check(signed.page, path);
    for (const path of [`/chat?listingId=${other.listingId}`, `/chat?sellerId=${other.sellerId}`]) {
      await check(signed.page, path);
    }
    if (viewport.width < 900) {
      await openApp(signed.page, '/');
      await settle(signed.page);
      const outside = await tabsOutside(signed.page);
      if (outside.length > 0) wide.push(`bottom navigation: ${outside.join(', ')} outside the window`);
      await screenshot(signed.page, `page-width-${name}-bottom-navigation`);
    }
    await signed.context.close();

    const administrator = await newPage(viewport, { storage: signedIn(admin) });
    for (const path of ['/admin', '/admin/verifications']) await check(administrator.page, path);
    await administrator.context.close();

    expect(wide).toEqual([]);
  });
}
