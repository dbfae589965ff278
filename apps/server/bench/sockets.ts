// Socket bench (part of `npm run bench`; alone: `node apps/server/bench/sockets.ts`):
// one server instance (bench/socket-server.ts, own process) holds --sockets N (5,000) idle
// /ws/notifications sockets: it prints the growth of the server's resident memory (target: the
// whole process under 500 MB). Then --pairs N (200) pairs of members send each other chat
// messages at --rate N (20: each pair writes every 10 s) messages per second, --rounds N (1)
// from each member: it prints the delivery latency from the send call to the `new_message` at
// the recipient's socket (target p99 < 50 ms) and, within it, from the stored message's event to
// the socket, against a baseline of the same run: ping → pong round trips on the same sockets at
// the same rate.
// PostgreSQL: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test), schema bench_sockets.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NotificationServerMessage } from '@marketplace/contract';
import pg from 'pg';
import WebSocket from 'ws';

const here = path.dirname(fileURLToPath(import.meta.url));
const SCHEMA = 'bench_sockets';

export interface SocketBenchOptions {
  databaseUrl: string;
  /** Idle sockets the instance holds (5,000). */
  sockets: number;
  /** Member pairs that exchange messages (200). */
  pairs: number;
  /** Messages per second, all pairs together (20). */
  rate: number;
  /** Messages each member of a pair sends (1; the chat allows 30 a minute). */
  rounds: number;
  log: (line: string) => void;
}

interface Member {
  id: string;
  token: string;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** The bench server in its own process, with a request/answer channel over IPC. */
async function startServer(databaseUrl: string) {
  const child: ChildProcess = spawn(process.execPath, ['--expose-gc', path.join(here, 'socket-server.ts')], {
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl, BENCH_SCHEMA: SCHEMA, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, (answer: Record<string, unknown>) => void>();
  let sequence = 0;
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (message: { id?: number; ready?: number }) => {
      if (message.ready !== undefined) resolve(message.ready);
      else if (message.id !== undefined) pending.get(message.id)?.(message as Record<string, unknown>);
    });
    child.on('exit', (code) => reject(new Error(`socket bench server exited with ${code}`)));
  });
  const ask = (request: object) =>
    new Promise<Record<string, unknown>>((resolve) => {
      sequence += 1;
      pending.set(sequence, resolve);
      child.send({ ...request, id: sequence });
    });
  return {
    port,
    rss: async () => (await ask({ kind: 'rss' })).rss as number,
    members: async (count: number) => (await ask({ kind: 'members', count })).members as Member[],
    stop: () => child.kill('SIGTERM'),
  };
}

/** Opens one socket and resolves once `connected` arrived; `onMessage` sees every later message. */
function openSocket(
  base: string,
  token: string,
  onMessage: (message: NotificationServerMessage, at: number) => void,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base}/ws/notifications?token=${token}`);
    ws.on('message', (data) => {
      const at = performance.now();
      const message = JSON.parse(data.toString()) as NotificationServerMessage;
      if (message.type === 'connected') resolve(ws);
      else onMessage(message, at);
    });
    ws.once('error', reject);
    ws.once('close', (code) => reject(new Error(`socket closed with ${code}`)));
  });
}

/** Runs `task(i)` for i in 0..count-1 at `rate` starts per second; resolves when all finished. */
async function paced(count: number, rate: number, task: (i: number) => Promise<void>): Promise<void> {
  const started = performance.now();
  const running: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    running.push(task(i));
  }
  await Promise.all(running);
}

/** Waits until `check()` is true (polling every 10 ms), at most `timeoutMs`. */
async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`bench: ${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The socket bench; prints Markdown tables through `options.log`. */
export async function socketBench(options: SocketBenchOptions): Promise<void> {
  const { log } = options;
  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  await admin.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
  await admin.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  await admin.end();

  const server = await startServer(options.databaseUrl);
  const base = `ws://127.0.0.1:${server.port}`;
  const http = `http://127.0.0.1:${server.port}`;
  const sockets: WebSocket[] = [];
  try {
    const members = await server.members(options.sockets);
    const pairMembers = members.slice(0, options.pairs * 2);

    // 1. Memory of idle sockets.
    const before = await server.rss();
    const arrivals = new Map<string, number>();
    /** Per message: ms from the server's event (`created_at`) to the arrival, on one machine's clock. */
    const fromEvent: number[] = [];
    const pongs = new Map<number, number>();
    for (let start = 0; start < members.length; start += 250) {
      const batch = members.slice(start, start + 250);
      sockets.push(
        ...(await Promise.all(
          batch.map((member) =>
            openSocket(base, member.token, (message, at) => {
              if (message.type === 'new_message') {
                arrivals.set(message.preview, at);
                fromEvent.push(performance.timeOrigin + at - Date.parse(message.created_at));
              } else if (message.type === 'pong') pongs.set(message.timestamp, at);
            }),
          ),
        )),
      );
    }
    const after = await server.rss();
    log('');
    log(`Benachrichtigungs-Sockets: eine Instanz, ${sockets.length} offene, ruhende Verbindungen:`);
    log('');
    log('| Messung | Wert |');
    log('| --- | ---: |');
    log(`| RSS des Servers ohne Sockets (Baseline) | ${mb(before)} MB |`);
    log(`| RSS mit ${sockets.length} Sockets | ${mb(after)} MB (Ziel < 500 MB) |`);
    log(
      `| Zuwachs | ${mb(after - before)} MB, ${((after - before) / 1024 / sockets.length).toFixed(1)} kB je Socket |`,
    );
    log(`| Verhältnis zur Baseline | ${(after / before).toFixed(2)} |`);

    // 2. Conversations of the pairs.
    const conversations: { from: Member; to: Member; id: string }[] = [];
    for (let pair = 0; pair < options.pairs; pair++) {
      const a = pairMembers[2 * pair] as Member;
      const b = pairMembers[2 * pair + 1] as Member;
      const res = await fetch(`${http}/api/chat/conversations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: b.id }),
      });
      if (res.status >= 300) throw new Error(`conversation: ${res.status} ${await res.text()}`);
      const { id } = (await res.json()) as { id: string };
      conversations.push({ from: a, to: b, id }, { from: b, to: a, id });
    }

    // 3. Baseline: ping → pong round trips on the pairs' sockets at the same rate.
    const total = options.pairs * 2 * options.rounds;
    const pingSent = new Map<number, number>();
    await paced(total, options.rate, async (i) => {
      const socket = sockets[i % (options.pairs * 2)] as WebSocket;
      pingSent.set(i, performance.now());
      socket.send(JSON.stringify({ type: 'ping', timestamp: i }));
    });
    await until(() => pongs.size >= total, 30_000, 'every pong');
    const roundTrips = [...pingSent]
      .map(([i, sent]) => (pongs.get(i) as number) - sent)
      .sort((x, y) => x - y);

    // 4. Messages: send call → `new_message` at the recipient's socket.
    const sent = new Map<string, number>();
    const sendStarted = performance.now();
    let failed = 0;
    await paced(total, options.rate, async (i) => {
      const conversation = conversations[i % conversations.length] as (typeof conversations)[number];
      const text = `Bench-Nachricht ${i}`;
      sent.set(text, performance.now());
      try {
        const res = await fetch(`${http}/api/chat/conversations/${conversation.id}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${conversation.from.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ client_id: crypto.randomUUID(), content: text }),
        });
        await res.arrayBuffer();
        if (res.status !== 201) throw new Error(`HTTP ${res.status}`);
      } catch {
        // A refused or reset call counts as an error; its message is not waited for.
        failed += 1;
        sent.delete(text);
      }
    });
    await until(() => [...sent.keys()].every((text) => arrivals.has(text)), 30_000, 'every new_message');
    const latencies = [...sent]
      .filter(([text]) => arrivals.has(text))
      .map(([text, at]) => (arrivals.get(text) as number) - at)
      .sort((x, y) => x - y);

    log('');
    log(
      `${options.pairs} Paare schreiben sich ${total} Nachrichten, ${options.rate} je Sekunde, neben ${sockets.length} offenen Sockets:`,
    );
    log('');
    log('| Szenario | Median ms | p95 ms | p99 ms | p99 / Baseline | Fehler |');
    log('| --- | ---: | ---: | ---: | ---: | ---: |');
    const baselineP99 = percentile(roundTrips, 99);
    log(
      `| Baseline: ping → pong | ${ms(percentile(roundTrips, 50))} | ${ms(percentile(roundTrips, 95))} | ${ms(baselineP99)} | 1.0 | 0 |`,
    );
    const p99 = percentile(latencies, 99);
    const seconds = (performance.now() - sendStarted) / 1000;
    log(
      `| Nachricht: Senden → new_message beim Empfänger (Ziel p99 < 50 ms) | ${ms(percentile(latencies, 50))} | ${ms(percentile(latencies, 95))} | ${ms(p99)} | ${(p99 / baselineP99).toFixed(1)} | ${failed} |`,
    );
    fromEvent.sort((x, y) => x - y);
    const eventP99 = percentile(fromEvent, 99);
    log(
      `| davon Zustellung: gespeicherte Nachricht → Socket | ${ms(percentile(fromEvent, 50))} | ${ms(percentile(fromEvent, 95))} | ${ms(eventP99)} | ${(eventP99 / baselineP99).toFixed(1)} | – |`,
    );
    log('');
    log(
      `Durchsatz: ${(latencies.length / seconds).toFixed(0)} zugestellte Nachrichten je Sekunde (angefragt: ${options.rate}).`,
    );
  } finally {
    for (const socket of sockets) socket.terminate();
    server.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: number) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? Number(args[index + 1]) : fallback;
  };
  await socketBench({
    databaseUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    sockets: option('sockets', 5000),
    pairs: option('pairs', 200),
    rate: option('rate', 20),
    rounds: option('rounds', 1),
    log: (line) => process.stdout.write(`${line}\n`),
  });
}
