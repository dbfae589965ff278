import compress from '@fastify/compress';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { seedDemoData } from './db/seed/index.ts';
import { loggerOptions } from './lib/logger.ts';
import authRoutes from './modules/auth/routes.ts';
import categoryRoutes from './modules/categories/routes.ts';
import favoriteRoutes from './modules/favorites/routes.ts';
import followRoutes from './modules/follows/routes.ts';
import healthRoutes from './modules/health/routes.ts';
import { homePreview } from './modules/listings/home-preview.ts';
import listingRoutes from './modules/listings/routes.ts';
import mediaRoutes from './modules/media/routes.ts';
import placeRoutes from './modules/places/routes.ts';
import userRoutes from './modules/users/routes.ts';
import { ensureAdminAccount } from './modules/users/service.ts';
import auth from './plugins/auth.ts';
import database from './plugins/database.ts';
import errorHandler from './plugins/error-handler.ts';
import mailer from './plugins/mailer.ts';
import mediaStorage from './plugins/media-storage.ts';
import multipart from './plugins/multipart.ts';
import security from './plugins/security.ts';
import swagger from './plugins/swagger.ts';
import webApp from './plugins/web-app.ts';

export interface BuildAppOptions {
  /** An already open database (tests); otherwise one is opened from `config`. */
  database?: DatabaseHandle;
  /** pino logger settings; `false` silences logging (tests). */
  logger?: boolean;
  /** Where log lines go instead of standard output (tests that read the log). */
  logStream?: NodeJS.WritableStream;
  /** Folder of the built web app; defaults to apps/web/dist. */
  webDistDir?: string;
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
    // Opening the embedded database, migrating and seeding demo data can take a while on a
    // first start on a slow machine; a plugin that hangs still fails eventually.
    pluginTimeout: 300_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandler);
  await app.register(security);
  // gzip or brotli for answers over 1 kB (the web app's scripts above all), when the client accepts it.
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(swagger);
  await app.register(database, { config, database: options.database });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(multipart);
  await app.register(mailer, { config });
  await app.register(mediaStorage, { config });
  await app.register(auth, { config });

  await app.after();
  await ensureAdminAccount(app.database.db, config.admin);

  await app.register(healthRoutes);
  await app.register(categoryRoutes);
  await app.register(authRoutes, { config });
  await app.register(userRoutes);
  await app.register(followRoutes);
  await app.register(placeRoutes);
  await app.register(mediaRoutes, { config });
  await app.register(listingRoutes, { config });
  await app.register(favoriteRoutes);

  await app.after();
  if (config.seedDemo) {
    await seedDemoData({
      db: app.database.db,
      categories: app.categories,
      storage: app.mediaStorage,
      log: app.log,
    });
  }

  await app.register(webApp, {
    distDir: options.webDistDir,
    homePreview: () => homePreview({ db: app.database.db, categories: app.categories }),
  });
  return app;
}
