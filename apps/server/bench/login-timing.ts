// The login part of `npm run bench` (skip with `--skip-login`; alone:
// `node apps/server/bench/login-timing.ts [--runs N] [--postgres]`). Does the time of a failed
// login tell whether the address is registered (SPEC.md §7, docs/decisions/0005 "Login policy")?
// Sends --runs N (300) wrong passwords for registered addresses and as many logins for unknown
// addresses, in random order, one after the other through the application, each from a fresh
// address (so no limit per address or pair applies) and at most 8 per account (so no account is
// slowed down). Prints the medians and how often a guesser who knows both distributions names
// the kind of one answer correctly from its time alone (the best threshold; 50 % = no clue).
// PGlite by default; `--postgres` on BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { percentile } from './load.ts';

const SCHEMA = 'bench_login';
const PASSWORD = 'Kiesel-Wald-2026';
/** Failed logins per account in the bench: below the slow-down after 10 (docs/decisions/0005). */
const FAILURES_PER_ACCOUNT = 8;

export interface LoginTimingOptions {
  /** PostgreSQL connection string; unset: PGlite in a temporary folder. */
  databaseUrl?: string | undefined;
  /** Failed logins of each kind (registered, unknown). */
  runs: number;
  log: (line: string) => void;
}

/** What the bench found: medians in ms and the best one-answer guess in percent. */
export interface LoginTimingResult {
  registeredMedian: number;
  unknownMedian: number;
  /** Share of single answers a threshold on the time names correctly (50 = chance). */
  guessedRight: number;
}

const ms = (value: number) => value.toFixed(2);

let addressCounter = 0;
/** A fresh client address per request, so no per-address limit counts along. */
function freshAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/**
 * The best single threshold's accuracy in percent when each answer is guessed 'registered' if
 * it took longer (or shorter) than the threshold; both kinds weigh alike.
 */
export function bestThresholdAccuracy(registered: number[], unknown: number[]): number {
  const points = [
    ...registered.map((time) => ({ time, registered: true })),
    ...unknown.map((time) => ({ time, registered: false })),
  ].sort((a, b) => a.time - b.time);
  let best = 0.5;
  let registeredBelow = 0;
  let unknownBelow = 0;
  for (const point of points) {
    if (point.registered) registeredBelow += 1;
    else unknownBelow += 1;
    // 'registered when slower': unknown below are right, registered above are right.
    const slower =
      (unknownBelow / unknown.length + (registered.length - registeredBelow) / registered.length) / 2;
    best = Math.max(best, slower, 1 - slower);
  }
  return best * 100;
}

async function openBenchDatabase(databaseUrl: string | undefined, dir: string): Promise<DatabaseHandle> {
  if (!databaseUrl) return openDatabase({ pgliteDir: path.join(dir, 'db') });
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
  await admin.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  await admin.end();
  return openDatabase({ databaseUrl, schemaName: SCHEMA });
}

async function failedLogin(app: FastifyInstance, email: string): Promise<number> {
  const started = process.hrtime.bigint();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'Falsch-geraten-123' },
    remoteAddress: freshAddress(),
  });
  const took = Number(process.hrtime.bigint() - started) / 1e6;
  if (res.statusCode !== 401) throw new Error(`failed login answered ${res.statusCode} ${res.body}`);
  return took;
}

/** Runs the bench and prints its table (see the file's head). */
export async function loginTimingBench(options: LoginTimingOptions): Promise<LoginTimingResult> {
  const { log, runs } = options;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-login-'));
  const database = await openBenchDatabase(options.databaseUrl, dir);
  const app = await buildApp(
    loadConfig({ DATA_DIR: dir, SEED_DEMO: '0', LOG_LEVEL: 'silent', PUBLIC_READ_LIMIT: '0' }),
    {
      database,
      logger: false,
    },
  );
  try {
    await app.ready();
    const accounts = Array.from(
      { length: Math.ceil(runs / FAILURES_PER_ACCOUNT) },
      (_, i) => `bench.login.${i}@beispiel.de`,
    );
    for (const email of accounts) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password: PASSWORD },
        remoteAddress: freshAddress(),
      });
      if (res.statusCode !== 202) throw new Error(`registration answered ${res.statusCode} ${res.body}`);
    }
    // Warm-up: the first unknown address makes the throw-away hash, the first checks load code.
    for (let i = 0; i < 5; i++) await failedLogin(app, `bench.warm.${i}@beispiel.de`);
    const order = [...Array(runs).fill(true), ...Array(runs).fill(false)] as boolean[];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [order[i], order[j]] = [order[j] as boolean, order[i] as boolean];
    }
    const registered: number[] = [];
    const unknown: number[] = [];
    for (const [i, isRegistered] of order.entries()) {
      if (isRegistered) {
        const email = accounts[registered.length % accounts.length] as string;
        registered.push(await failedLogin(app, email));
      } else {
        unknown.push(await failedLogin(app, `bench.unbekannt.${i}@beispiel.de`));
      }
    }
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const result = {
      registeredMedian: percentile(sorted(registered), 50),
      unknownMedian: percentile(sorted(unknown), 50),
      guessedRight: bestThresholdAccuracy(registered, unknown),
    };
    log('');
    log(
      `Fehlgeschlagene Anmeldungen nacheinander (${options.databaseUrl ? 'PostgreSQL' : 'PGlite'}, je ${runs}, zufällige Reihenfolge):`,
    );
    log('');
    log('| Adresse | Median ms | p90 ms |');
    log('| --- | ---: | ---: |');
    log(
      `| registriert, falsches Passwort | ${ms(result.registeredMedian)} | ${ms(percentile(sorted(registered), 90))} |`,
    );
    log(`| unbekannt | ${ms(result.unknownMedian)} | ${ms(percentile(sorted(unknown), 90))} |`);
    log('');
    log(
      `Eine Antwort allein verrät die Art in ${result.guessedRight.toFixed(0)} % der Fälle (50 % = Zufall).`,
    );
    return result;
  } finally {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const index = args.indexOf('--runs');
  await loginTimingBench({
    databaseUrl: args.includes('--postgres')
      ? (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
      : undefined,
    runs: index >= 0 ? Number(args[index + 1]) : 300,
    log: (line) => process.stdout.write(`${line}\n`),
  });
}
