import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock.ts';

/** Grace period for in-flight requests and sockets on SIGTERM/SIGINT, in ms. */
const SHUTDOWN_GRACE_MS = 10_000;

async function start() {
  let config: ReturnType<typeof loadConfig>;
  let unlock: () => void;
  try {
    config = loadConfig();
    unlock = lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config);
  } catch (error) {
    unlock();
    process.stderr.write(`Start failed: ${(error as Error).message}\n`);
    process.exit(1);
  }

  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    // Stops accepting, waits for in-flight requests, runs onClose hooks (sockets, then database).
    await app.close();
    unlock();
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error({ err: error }, 'could not listen');
    await app.close();
    unlock();
    process.exit(1);
  }
}

await start();
