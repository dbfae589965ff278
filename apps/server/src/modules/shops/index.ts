import type { Profile, ProfileKind } from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { selectRows } from '../../db/client.ts';
import shopRoutes from './routes.ts';
import { findPublicProfile, type ShopDeps, sellerShop } from './service.ts';

/**
 * The shops' only door (ARCHITECTURE.md "modules"): shop and provider profiles of
 * /shop-registration, /shop/{id}, /provider/{id} and the directory's tabs Shops and
 * Dienstleister (contract shops.ts). A profile needs an approved business verification; the
 * registration starts one, and the ADMIN decides both together. The pages' data and the
 * sitemap's entries go to the web-app plugin through `app.shops`; the shop a seller's ads are
 * shown as goes to the listings module through `app.sellerShops`.
 */
export { profilePage, profileSitemap, type ShopPage } from './heads.ts';
export { createProfile, decideProfile, type ShopDeps } from './service.ts';

/** What the web-app plugin reads of the profiles: one approved profile and the sitemap's entries. */
export interface ShopPages {
  find(kind: ProfileKind, id: string): Promise<Profile | null>;
  sitemapEntries(): Promise<{ id: string; kind: ProfileKind; updatedAt: Date }[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop and provider pages' data for the web-app plugin (heads, sitemap), and the service's dependencies (demo data, tests). */
    shops: ShopPages & { deps: ShopDeps };
  }
}

const sitemapRow = z.object({
  id: z.string(),
  kind: z.enum(['shop', 'provider']),
  updatedAt: z.coerce.date(),
});

async function shopsModule(app: FastifyInstance) {
  const deps: ShopDeps = { db: app.database.db, events: app.events, categories: app.categories };
  app.decorate('shops', {
    deps,
    find: (kind: ProfileKind, id: string) => findPublicProfile(deps, kind, id),
    sitemapEntries: () =>
      selectRows(
        deps.db,
        sitemapRow,
        sql`select id, kind, updated_at as "updatedAt" from business_profiles where status = 'approved'
            order by updated_at desc limit 10000`,
      ),
  });
  // Every ad of a member with an approved shop is shown as the shop's (decision 0041).
  app.sellerShops.provide((sellerId) => sellerShop(deps, sellerId));
  await app.register(shopRoutes, { deps });
}

export default fp(shopsModule, {
  name: 'shops',
  dependencies: ['database', 'events', 'auth', 'categories', 'places', 'media', 'listings', 'verification'],
});
