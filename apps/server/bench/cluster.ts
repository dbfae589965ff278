// The cluster part of `npm run bench` (docs/benchmarks.md "Several instances behind nginx"): the
// API's mixed load (feed, ad pages, searches, the 2,000 different searches, asked in turn) at
// 100 connections, as the operators run it (README "Several instances", deploy/nginx.conf):
// instances of apps/server/src/main.ts (NODE_ENV=production, TRUST_PROXY=1) on one PostgreSQL
// database and one Redis, nginx in front with deploy/nginx.conf rewritten for free ports. It
// measures the bare route directly on one instance (the baseline of the same run), the mixed
// load directly on one instance, through nginx with one and with two instances, and through
// nginx with two instances while one of them is stopped with SIGTERM and started again in the
// middle of the run; every request lost then (an answer of 300 and above, an error, a timeout)
// is counted and must be 0. Needs nginx and redis-server on the PATH
// (`apt-get install -y nginx redis-server`).
// Run alone: `node apps/server/bench/cluster.ts [--ads N] [--duration S] [--connections N] [--reuse]`.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { withoutServerSettings } from '../src/config.ts';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { generateDataSet } from './generate.ts';
import {
  countRow,
  deepCursor,
  idRow,
  type Scenario,
  scenarios,
  startBenchServer,
  underLoad,
} from './load.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** How long a starting process may take to answer its health check (a busy machine: slow). */
const START_MS = 180_000;
/** How long a stopped process may take to exit before it is killed (main.ts waits 10 s at most). */
const EXIT_MS = 20_000;

/** Options of `clusterBench`. */
export interface ClusterBenchOptions {
  /** A PostgreSQL server URL; the bench creates (or reuses) the database `bench_cluster_<ads>` on it. */
  databaseUrl: string;
  /** Ads of the data set (run.ts: 100,000). */
  ads: number;
  /** Seconds per scenario; the restart run lasts this plus the time the restart takes. */
  duration: number;
  /** Connections of the load generator (100). */
  connections: number;
  /** Keep a database that already holds exactly `ads` ads instead of filling it anew. */
  reuse: boolean;
  log(line: string): void;
}

/** What `clusterBench` measured of the restart. */
export interface ClusterBenchResult {
  /** Requests of the restart run answered with 300 and above, failed or timed out (must be 0). */
  lost: number;
}

interface LoadRow {
  name: string;
  rps: number;
  p95: number;
  p99: number;
  failed: number;
}

const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);
const seconds = (value: number) => (value / 1000).toFixed(1);
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** A port free on 127.0.0.1 at the moment of asking. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `child` has exited (at once when it already has). */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** SIGTERM, then SIGKILL after `EXIT_MS`; resolves once `child` has exited. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_MS);
  await exited(child);
  clearTimeout(timer);
}

/** Polls until `probe` is true; fails when `child` exits first or after `START_MS`. */
async function waitUntil(what: string, probe: () => Promise<boolean>, child: ChildProcess): Promise<void> {
  const until = Date.now() + START_MS;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what}: Prozess beendet (${child.exitCode ?? child.signalCode})`);
    if (await probe()) return;
    await sleep(200);
  }
  throw new Error(`${what}: nicht rechtzeitig bereit`);
}

/** A probe: does `url` answer 200? */
const answers200 = (url: string) => () =>
  fetch(url).then(
    async (res) => {
      await res.arrayBuffer();
      return res.ok;
    },
    () => false,
  );

/** A probe: does 127.0.0.1:`port` accept a TCP connection? */
const acceptsConnections = (port: number) => () =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Exits with a clear message when `command` is not installed. */
function requireCommand(command: string, version: string[]): void {
  try {
    execFileSync(command, version, { stdio: 'pipe' });
  } catch {
    throw new Error(`${command} fehlt: apt-get install -y nginx redis-server`);
  }
}

/**
 * Creates the database `bench_cluster_<ads>` on the server of `options.databaseUrl` and fills it
 * with `options.ads` ads (bench/generate.ts), or keeps it with `--reuse` when it holds exactly
 * that many. @returns its URL and ids of active ads
 */
async function prepareDatabase(options: ClusterBenchOptions): Promise<{ url: string; ids: string[] }> {
  const name = `bench_cluster_${options.ads}`;
  const url = new URL(options.databaseUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (exists && options.reuse) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const found = await queryRows(client, countRow, 'select count(*)::int as n from listings')
          .then((rows) => rows[0]?.n)
          .catch(() => 0);
        if (found === options.ads) {
          const ids = await queryRows(
            client,
            idRow,
            `select id from listings where status = 'active' order by md5(id::text) limit 1000`,
          );
          options.log(`PostgreSQL: Datenbank ${name} mit ${options.ads} Anzeigen wiederverwendet`);
          return { url: url.toString(), ids: ids.map((row) => row.id) };
        }
      } finally {
        await client.end();
      }
    }
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const started = Date.now();
  const handle = await openDatabase({ databaseUrl: url.toString() });
  try {
    const ids = await generateDataSet(handle.db, {
      ads: options.ads,
      sellers: Math.max(100, Math.round(options.ads / 20)),
    });
    options.log(
      `PostgreSQL: ${options.ads} Anzeigen in der Datenbank ${name} erzeugt (${seconds(Date.now() - started)} s)`,
    );
    return { url: url.toString(), ids };
  } finally {
    await handle.close();
  }
}

/**
 * The scenarios' paths mixed: one request of each scenario in turn, each scenario walking
 * through its own paths, so that every scenario has the same share of the load.
 */
function mixedPaths(list: Scenario[]): string[] {
  const longest = Math.max(...list.map((scenario) => scenario.paths.length));
  const paths: string[] = [];
  for (let i = 0; i < longest; i++) {
    for (const scenario of list) paths.push(scenario.paths[i % scenario.paths.length] as string);
  }
  return paths;
}

/**
 * deploy/nginx.conf with `upstreams` (host:port) in the upstream block (each with the parameters
 * of the file's own first server line), listening on `port`, logging into `prefix/logs`.
 * @throws when the file no longer has the shape this rewrite expects
 */
function nginxConfig(prefix: string, port: number, upstreams: string[]): string {
  const original = fs.readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const parameters = /^\s+server \S+ ?(.*);$/m.exec(original)?.[1] ?? '';
  const servers = upstreams.map((host) => `    server ${host} ${parameters};`).join('\n');
  const config = original
    .replace(/(upstream marketplace \{\n)(?:.*\n)*?(\s+keepalive)/, `$1${servers}\n$2`)
    .replace('listen 8080;', `listen 127.0.0.1:${port};`)
    .replace(/^http \{\n/m, `http {\n  access_log ${prefix}/logs/access.log;\n`);
  if (!config.includes(servers) || !config.includes(`listen 127.0.0.1:${port};`) || !config.includes(prefix))
    throw new Error('deploy/nginx.conf: upstream-Block, listen 8080 oder http-Block nicht gefunden');
  return config;
}

/**
 * The cluster bench (see the file's header): prints a markdown table (req/s, p95, p99 in ms,
 * share of the bare route's req/s, failed requests) and the requests lost while an instance
 * restarts. Starts redis-server, nginx (twice: with one and with two instances) and the
 * instances as child processes on free ports and stops every one of them at the end, also on
 * an error. @throws when nginx or redis-server is missing or a process does not start
 */
export async function clusterBench(options: ClusterBenchOptions): Promise<ClusterBenchResult> {
  const { log } = options;
  requireCommand('nginx', ['-v']);
  requireCommand('redis-server', ['--version']);
  log('');
  log(
    `Mehrere Instanzen hinter nginx: ${options.ads} Anzeigen, ${options.connections} Verbindungen, ${options.duration} s je Szenario, Last vorher ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' / ')} (1/5/15 min), ${os.cpus().length} Kerne`,
  );
  const { url: databaseUrl, ids } = await prepareDatabase(options);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-cluster-'));
  const children = new Set<ChildProcess>();
  const track = (child: ChildProcess) => {
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  };
  const rows: LoadRow[] = [];
  /** One measured run after a 2 s warm-up (JIT, pools, caches), added to the table. */
  const load = async (name: string, base: string, paths: string[]) => {
    await underLoad(base, paths, 2, options.connections);
    const result = await underLoad(base, paths, options.duration, options.connections);
    rows.push({ name, ...result });
    return result;
  };

  try {
    // The baseline: the bare route of bench/server.ts (the same app stack), alone on the machine.
    const bench = await startBenchServer(databaseUrl);
    track(bench.child);
    const baseline = await load(
      'Baseline (leere Fastify-Route, direkt auf einer Instanz)',
      `http://127.0.0.1:${bench.port}`,
      ['/api/bench/baseline'],
    );
    await stop(bench.child);

    const redisPort = await freePort();
    const redis = track(
      spawn(
        'redis-server',
        ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      ),
    );
    await waitUntil('redis-server', acceptsConnections(redisPort), redis);

    const env = {
      ...withoutServerSettings(process.env),
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: '0',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'error',
      // The load comes from one address on purpose (docs/decisions/0032).
      PUBLIC_READ_LIMIT: '0',
    };
    const instances: { name: string; port: number; dataDir: string; process?: ChildProcess }[] = [];
    for (const name of ['A', 'B']) {
      instances.push({ name, port: await freePort(), dataDir: path.join(work, `data-${name}`) });
    }
    /** Starts main.ts for `instance` (again) and waits until it answers its health check. */
    const startInstance = async (instance: (typeof instances)[number]) => {
      // The server's log (errors only) goes to a file, counted and shown after the measurements.
      const logFile = fs.openSync(path.join(work, `instance-${instance.name}.log`), 'a');
      const child = track(
        spawn(process.execPath, ['apps/server/src/main.ts'], {
          cwd: ROOT,
          env: { ...env, PORT: String(instance.port), DATA_DIR: instance.dataDir },
          stdio: ['ignore', logFile, logFile],
        }),
      );
      fs.closeSync(logFile);
      instance.process = child;
      const url = `http://127.0.0.1:${instance.port}/api/health`;
      await waitUntil(`Instanz ${instance.name}`, answers200(url), child).catch((error: Error) => {
        const tail = fs.readFileSync(path.join(work, `instance-${instance.name}.log`), 'utf8').slice(-2000);
        throw new Error(`${error.message}\n${tail}`);
      });
    };
    // One after the other: the first applies the migrations.
    for (const instance of instances) await startInstance(instance);

    /** nginx with deploy/nginx.conf in front of `upstream`. @returns its base URL and error log */
    const startNginx = async (label: string, upstream: typeof instances) => {
      const port = await freePort();
      const prefix = path.join(work, `nginx-${label}`);
      fs.mkdirSync(path.join(prefix, 'logs'), { recursive: true });
      fs.copyFileSync('/etc/nginx/mime.types', path.join(prefix, 'mime.types'));
      const config = path.join(prefix, 'nginx.conf');
      fs.writeFileSync(
        config,
        nginxConfig(
          prefix,
          port,
          upstream.map((instance) => `127.0.0.1:${instance.port}`),
        ),
      );
      const errorLog = path.join(prefix, 'logs/error.log');
      const globals = `pid ${prefix}/nginx.pid; error_log ${errorLog} warn;`;
      execFileSync('nginx', ['-t', '-q', '-p', prefix, '-c', config, '-g', globals], { stdio: 'pipe' });
      const child = track(
        spawn('nginx', ['-p', prefix, '-c', config, '-g', `daemon off; ${globals}`], {
          stdio: ['ignore', 'ignore', 'inherit'],
        }),
      );
      await waitUntil(`nginx (${label})`, answers200(`http://127.0.0.1:${port}/api/health`), child);
      return { base: `http://127.0.0.1:${port}`, errorLog };
    };
    const [a, b] = instances as [(typeof instances)[number], (typeof instances)[number]];
    const one = await startNginx('eine', [a]);
    const two = await startNginx('zwei', [a, b]);

    const direct = `http://127.0.0.1:${a.port}`;
    const cursor = await deepCursor(direct, Math.min(100, Math.floor(options.ads / 200)));
    const paths = mixedPaths(scenarios(ids, cursor));
    // Each instance first warms up on its own (JIT, its pool's connections, PostgreSQL's plans,
    // its cache of public answers): otherwise whichever run comes first pays for that and looks
    // a third slower.
    for (const instance of instances) {
      await underLoad(
        `http://127.0.0.1:${instance.port}`,
        paths,
        Math.max(5, options.duration),
        options.connections,
      );
    }
    const single = await load('Gemischt, direkt auf einer Instanz (ohne nginx)', direct, paths);
    const viaOne = await load('Gemischt, nginx mit einer Instanz', one.base, paths);
    const viaTwo = await load('Gemischt, nginx mit zwei Instanzen', two.base, paths);

    // The same load while B is stopped with SIGTERM and started again in the middle of the run.
    const half = (options.duration * 1000) / 2;
    const times = { stopped: 0, exited: 0, back: 0 };
    const logLines = fs.readFileSync(two.errorLog, 'utf8').split('\n').length - 1;
    const started = Date.now();
    const restart = (async () => {
      await sleep(half);
      times.stopped = Date.now() - started;
      b.process?.kill('SIGTERM');
      if (b.process) await exited(b.process);
      times.exited = Date.now() - started;
      await startInstance(b);
      times.back = Date.now() - started;
      await sleep(half);
    })();
    const during = await underLoad(two.base, paths, options.duration, options.connections, [], restart);
    await restart;
    rows.push({ name: 'Gemischt, nginx mit zwei Instanzen, B startet neu', ...during });

    log('');
    log('| Szenario | req/s | p95 ms | p99 ms | Anteil an Baseline | Fehler |');
    log('| --- | ---: | ---: | ---: | ---: | ---: |');
    for (const row of rows) {
      const share = `${((row.rps / baseline.rps) * 100).toFixed(0)} %`;
      log(
        `| ${row.name} | ${row.rps.toFixed(0)} | ${ms(row.p95)} | ${ms(row.p99)} | ${share} | ${row.failed} |`,
      );
    }
    log('');
    log(
      `Zwei Instanzen gegen eine hinter nginx: ${(viaTwo.rps / viaOne.rps).toFixed(2)}-fache req/s, p99 ${ms(viaTwo.p99)} gegen ${ms(viaOne.p99)} ms; nginx mit einer Instanz gegen direkt: ${((viaOne.rps / single.rps) * 100).toFixed(0)} % der req/s.`,
    );
    const retried = fs
      .readFileSync(two.errorLog, 'utf8')
      .split('\n')
      .slice(logLines)
      .filter((line) => line.includes('upstream'));
    log(
      `Neustart von B: SIGTERM nach ${seconds(times.stopped)} s, beendet nach ${seconds(times.exited)} s, wieder bereit nach ${seconds(times.back)} s, Lauf ${seconds(Date.now() - started)} s; nginx meldete ${retried.length} Fehlversuche bei B (wiederholt bei A).`,
    );
    log(
      `Verlorene Anfragen während des Neustarts: ${during.failed} von ${during.requests + during.errors + during.timeouts} (Antworten ab 300: ${during.rejected}, Fehler: ${during.errors}, Zeitüberschreitungen: ${during.timeouts}).`,
    );
    const logged = instances.flatMap((instance) =>
      fs
        .readFileSync(path.join(work, `instance-${instance.name}.log`), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => `${instance.name}: ${line.slice(0, 300)}`),
    );
    log(`Zeilen in den Logs der Instanzen (Stufe error) bis hier: ${logged.length}`);
    for (const line of logged.slice(0, 5)) log(`  ${line}`);
    if (during.failed > 0) {
      const kinds = new Set(retried.map((line) => line.replace(/^\S+ \S+ \[\w+\] \d+#\d+: \*\d+ /, '')));
      for (const kind of [...kinds].slice(0, 5)) log(`  nginx: ${kind}`);
    }
    return { lost: during.failed };
  } finally {
    await Promise.all([...children].map(stop));
    fs.rmSync(work, { recursive: true, force: true });
  }
}

// Run alone (see the header); exits with 1 when a request was lost during the restart.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: number) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? Number(args[index + 1]) : fallback;
  };
  const { lost } = await clusterBench({
    databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    ads: option('ads', 100_000),
    duration: option('duration', 10),
    connections: option('connections', 100),
    reuse: args.includes('--reuse'),
    log: (line) => process.stdout.write(`${line}\n`),
  });
  if (lost > 0) process.exitCode = 1;
}
