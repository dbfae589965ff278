import compress from '@fastify/compress';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { seedDemoAppointments } from './db/seed/appointments.ts';
import { seedDemoPositions } from './db/seed/career.ts';
import { seedDemoEvents } from './db/seed/events.ts';
import { seedDemoData } from './db/seed/index.ts';
import { seedDemoNews } from './db/seed/news.ts';
import { seedDemoPromotions } from './db/seed/promotions.ts';
import { seedDemoShops } from './db/seed/shops.ts';
import { seedDemoStories } from './db/seed/stories.ts';
import { seedDemoVerifications } from './db/seed/verifications.ts';
import { CacheCatalogue } from './lib/cache-catalogue.ts';
import { closeConnectionsWhenClosing } from './lib/close-connections.ts';
import { addRequestIds, loggerOptions, requestIdOf } from './lib/logger.ts';
import admin from './modules/admin/index.ts';
import analytics from './modules/analytics/index.ts';
import authModule from './modules/auth/index.ts';
import calendar from './modules/calendar/index.ts';
import career from './modules/career/index.ts';
import categories from './modules/categories/index.ts';
import chat from './modules/chat/index.ts';
import contact from './modules/contact/index.ts';
import favorites from './modules/favorites/index.ts';
import follows from './modules/follows/index.ts';
import forum from './modules/forum/index.ts';
import guides from './modules/guides/index.ts';
import health from './modules/health/index.ts';
import listings from './modules/listings/index.ts';
import localEvents from './modules/local-events/index.ts';
import media from './modules/media/index.ts';
import members from './modules/members/index.ts';
import moderation from './modules/moderation/index.ts';
import myListings from './modules/my-listings/index.ts';
import news from './modules/news/index.ts';
import notifications from './modules/notifications/index.ts';
import partner from './modules/partner/index.ts';
import payments from './modules/payments/index.ts';
import places from './modules/places/index.ts';
import ratings from './modules/ratings/index.ts';
import reports from './modules/reports/index.ts';
import savedSearches from './modules/saved-searches/index.ts';
import shops from './modules/shops/index.ts';
import stories from './modules/stories/index.ts';
import templates from './modules/templates/index.ts';
import users from './modules/users/index.ts';
import verification from './modules/verification/index.ts';
import auth from './plugins/auth.ts';
import database from './plugins/database.ts';
import errorHandler from './plugins/error-handler.ts';
import events from './plugins/events.ts';
import inputCharacters from './plugins/input-characters.ts';
import jobs from './plugins/jobs.ts';
import mailer from './plugins/mailer.ts';
import mediaStorage from './plugins/media-storage.ts';
import metrics from './plugins/metrics.ts';
import multipart from './plugins/multipart.ts';
import publicReadLimit from './plugins/public-read-limit.ts';
import security from './plugins/security.ts';
import swagger from './plugins/swagger.ts';
import webApp from './plugins/web-app.ts';
import realtime from './realtime/index.ts';

export interface BuildAppOptions {
  /** An already open database (tests); otherwise one is opened from `config`. */
  database?: DatabaseHandle;
  /** pino logger settings; `false` silences logging (tests). */
  logger?: boolean;
  /** Where log lines go instead of standard output (tests that read the log). */
  logStream?: NodeJS.WritableStream;
  /** Folder of the built web app; defaults to apps/web/dist. */
  webDistDir?: string;
  /** False turns the cache of public answers off (the bench times the queries that way). */
  publicAnswerCache?: boolean;
}

/**
 * Builds the whole application: plugins in dependency order, then the modules' routes.
 * Used by `main.ts` and by the tests (`app.inject`). The caller owns `listen` and `close`.
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    // Request ids: a proxy's safe X-Request-Id, else a UUID; answered as X-Request-Id.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Opening the embedded database, migrating and seeding demo data can take a while on a
    // first start on a slow machine; a plugin that hangs still fails eventually.
    pluginTimeout: 300_000,
  }).withTypeProvider<ZodTypeProvider>();

  // The caches' read counts, for /metrics (lib/cache-catalogue.ts); before every plugin that caches.
  app.decorate('caches', new CacheCatalogue());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  addRequestIds(app);
  closeConnectionsWhenClosing(app);

  await app.register(errorHandler);
  // NUL bytes in any API request's query, path or JSON body are a 422 before routes see them.
  await app.register(inputCharacters);
  await app.register(security, { config });
  // Before every route it limits: API reads and pages per address (decision 0032).
  await app.register(publicReadLimit, { config });
  // gzip or brotli for answers over 1 kB (the web app's scripts above all), when the client accepts it.
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(swagger);
  await app.register(database, { config, database: options.database });
  await app.register(jobs);
  await app.register(events, { config });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(multipart);
  await app.register(mediaStorage, { config });
  await app.register(auth, { config });
  await app.register(mailer, { config });
  // Before the modules, so that their authenticated requests count as being online.
  await app.register(realtime, { config });
  // Before the modules, so that their requests are counted (only with METRICS_TOKEN).
  await app.register(metrics, { config });
  await app.register(notifications, { config });

  // Each module's plugin depends only on plugins of lower layers (docs/decisions/0006-module-doors.md);
  // this order keeps the routes and the API description in the order they have always had.
  await app.register(health);
  await app.register(categories);
  await app.register(guides);
  await app.register(authModule, { config });
  await app.register(media, { config });
  await app.register(contact, { site: { publicUrl: config.publicUrl, siteName: config.siteName } });
  await app.register(partner, { site: { publicUrl: config.publicUrl, siteName: config.siteName } });
  await app.register(users, { config });
  await app.register(ratings);
  await app.register(reports);
  await app.register(follows);
  await app.register(places);
  await app.register(listings, {
    publicAnswerCache: options.publicAnswerCache,
    site: { publicUrl: config.publicUrl, siteName: config.siteName },
    searchIndex: config.searchIndex,
  });
  await app.register(favorites);
  await app.register(savedSearches, { site: { publicUrl: config.publicUrl, siteName: config.siteName } });
  await app.register(templates);
  await app.register(chat, { site: { publicUrl: config.publicUrl } });
  await app.register(myListings);
  await app.register(analytics);
  await app.register(forum);
  await app.register(stories, { config });
  await app.register(verification, { config });
  await app.register(admin);
  await app.register(moderation);
  await app.register(career, { config });
  await app.register(news, { site: { publicUrl: config.publicUrl, siteName: config.siteName } });
  await app.register(members);
  await app.register(localEvents, { site: { publicUrl: config.publicUrl, siteName: config.siteName } });
  await app.register(calendar, { site: { publicUrl: config.publicUrl, siteName: config.siteName } });
  await app.register(payments, {
    operator: config.operator,
    stripe: config.stripe,
    publicUrl: config.publicUrl,
  });
  await app.register(shops);

  await app.after();
  if (config.seedDemo) {
    const seeded = await seedDemoData({
      db: app.database.db,
      categories: app.categories,
      storage: app.mediaStorage,
      events: app.events,
      log: app.log,
      termsVersion: config.termsVersion,
    });
    // A few pending seller verifications for the ADMIN queue, with the first demo data only.
    if (seeded) await seedDemoVerifications(app.verificationDeps, app.log);
    // Shops and providers with drawn logos and their owners' ads, once (the directory's tabs and
    // their pages).
    await seedDemoShops({
      db: app.database.db,
      categories: app.categories,
      storage: app.mediaStorage,
      log: app.log,
      events: app.events,
      termsVersion: config.termsVersion,
    });
    // The career page's positions, when there are none yet.
    await seedDemoPositions(app.database.db, app.log);
    // Stories live 24 hours: every start with demo data tops them up.
    await seedDemoStories({ stories: app.storiesDeps, categories: app.categories, log: app.log });
    // Events are upcoming: every start with demo data tops them up to at least 20.
    await seedDemoEvents({ db: app.database.db, events: app.events, log: app.log });
    // Appointments agreed in chat, so /calendar has content: once, while there are none. Once
    // ready: their reactions are recorded into the job queue, whose queues are open only then.
    app.addHook('onReady', async () => {
      await seedDemoAppointments({ db: app.database.db, appointments: app.chatAppointments, log: app.log });
    });
    // The demo news are dated anew on every start, so they always look current.
    await seedDemoNews(app.database.db, app.log, config.termsVersion);
    // Top-Anzeigen and Highlights run 7 days: every start with demo data tops them up.
    await seedDemoPromotions({ db: app.database.db, events: app.events, log: app.log });
  }

  await app.register(webApp, {
    distDir: options.webDistDir,
    publicPages: app.publicPages,
    sitemaps: app.sitemaps,
    guides: app.guides,
    localEvents: app.localEvents,
    careers: app.careerPages,
    news: app.newsPages,
    shops: app.shops,
    site: config,
  });
  return app;
}
