// What the benches that load the API share: the app in its own process (bench/server.ts) and
// one autocannon scenario with exact percentiles.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

/** The `p`th percentile of ascending `sorted` (NaN when empty). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/**
 * Starts bench/server.ts (the app with the bare route `/api/bench/baseline`) on `schema` of
 * `databaseUrl` in its own process, so that the load generator does not share its CPU time.
 * @returns the process (stop it with SIGTERM) and its port once it listens
 */
export async function startBenchServer(
  databaseUrl: string,
  schema: string,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('server.ts', import.meta.url))],
    {
      env: { ...process.env, BENCH_DATABASE_URL: databaseUrl, BENCH_SCHEMA: schema, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /READY (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, port };
}

/**
 * One scenario under load: autocannon at `connections` connections for `duration` s against
 * `base`, each request the next of `paths` and, when `tokens` are given, with the next of them as
 * its bearer token. Latencies come from every response (exact p95/p99, ms); `failed` counts
 * answers of 300 and above, errors and timeouts.
 */
export async function underLoad(
  base: string,
  paths: string[],
  duration: number,
  connections: number,
  tokens: string[] = [],
) {
  let turn = 0;
  let failed = 0;
  const latencies: number[] = [];
  const instance = autocannon({
    url: base,
    connections,
    duration,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const headers: Record<string, string> = {};
          if (tokens.length > 0) headers.authorization = `Bearer ${tokens[turn % tokens.length] as string}`;
          return { ...request, path: paths[turn++ % paths.length] as string, headers };
        },
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, time) => {
    latencies.push(time);
    if (status >= 300) failed++;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.total / result.duration,
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failed: failed + result.errors + result.timeouts,
  };
}
