// The server process is killed (SIGKILL) right after it answered a chat message, a follow, a
// forum reply, a moderation decision and a new ad that a 'Sofort' saved search waits for, 10
// times in a row. Their reactions (notifications, their mails, the saved-search alert; the
// decision's audit row is part of the decision) were recorded with the change
// (docs/decisions/0022-durable-reactions.md, 0038): after the restarts each exists exactly once.
// Runs on the embedded database and on PostgreSQL.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withoutServerSettings } from '../src/config.ts';
import { openDatabase, rowCount, selectRows } from '../src/db/client.ts';
import { MAIL_QUEUE } from '../src/jobs/mail.ts';
import { REACTION_QUEUES } from '../src/jobs/reactions.ts';
import { mailsTo, type RegisteredMember } from './helpers/accounts.ts';
import { dbKind } from './helpers/app.ts';
import { establishAccounts } from './helpers/forum.ts';
import { adBody, createAd, makeAdmin, verifiedMember } from './helpers/marketplace.ts';
import { freshDatabase, openApp, postgresServer, tempDataDir } from './helpers/operations.ts';
import { freePort, waitUntil } from './helpers/own-services.ts';

const mainFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts');
const ROUNDS = 10;
/** pg-boss's schema: the server runs in the database's `public` schema here (decision 0014). */
const JOBS = sql.identifier('pgboss');

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let env: Record<string, string>;

/** The members and what the rounds act on, made before the first kill. */
interface Scene {
  seller: RegisteredMember;
  buyer: RegisteredMember;
  conversations: string[];
  followee: RegisteredMember;
  followers: RegisteredMember[];
  author: RegisteredMember;
  replier: RegisteredMember;
  threadId: string;
  admin: RegisteredMember;
  reporter: RegisteredMember;
  offender: RegisteredMember;
  reportedAds: string[];
  /** Posts an ad each round that `watcher`'s instant saved search matches. */
  poster: RegisteredMember;
  watcher: RegisteredMember;
}
let scene: Scene;

/** Per member: notifications by type, mails by subject, before the rounds. */
type Counts = Record<string, number>;
let before: Counts;
/** Mails in the dev outbox per member of the scene when the rounds begin. */
let outboxBefore: Record<string, number>;

/** Opens the database the server uses, while no server holds it. */
async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: path.join(dataDir, 'db') });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

/** What the rounds should add, read from the database (notifications, mails, audit rows). */
async function counts(): Promise<Counts> {
  return withDatabase(async (db) => {
    const result: Counts = {};
    const members: [string, RegisteredMember][] = [
      ['seller', scene.seller],
      ['followee', scene.followee],
      ['author', scene.author],
      ['reporter', scene.reporter],
      ['offender', scene.offender],
      ['watcher', scene.watcher],
    ];
    for (const [name, member] of members) {
      const rows = await selectRows(
        db,
        z.object({ type: z.string(), n: rowCount }),
        sql`select type, count(*)::int as n from notifications where user_id = ${member.user.id}::uuid group by type`,
      );
      for (const row of rows) result[`${name} notifications ${row.type}`] = row.n;
      const [mails] = await selectRows(
        db,
        z.object({ n: rowCount }),
        sql`select count(*)::int as n from ${JOBS}.job
             where name = ${MAIL_QUEUE} and data->>'to' = ${member.email}`,
      );
      result[`${name} mails`] = mails?.n ?? 0;
    }
    const [audit] = await selectRows(
      db,
      z.object({ n: rowCount }),
      sql`select count(*)::int as n from admin_audit_log where admin_id = ${scene.admin.user.id}::uuid`,
    );
    result['admin audit rows'] = audit?.n ?? 0;
    return result;
  });
}

/** Reaction jobs not yet done (waiting, running, due for a retry). */
function openReactions(): Promise<number> {
  return withDatabase(async (db) => {
    const [row] = await selectRows(
      db,
      z.object({ n: rowCount }),
      sql`select count(*)::int as n from ${JOBS}.job
           where name in (${sql.join(
             REACTION_QUEUES.map((queue) => sql`${queue}`),
             sql`, `,
           )}) and state in ('created', 'retry', 'active')`,
    );
    return row?.n ?? 0;
  });
}

/** Starts `src/main.ts` on the test's data and waits until it is ready. */
async function startServer(): Promise<{ child: ChildProcess; base: string; output: () => string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [mainFile], {
    env: { ...withoutServerSettings(process.env), ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    await waitUntil(
      'the server is ready',
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
        try {
          return (await fetch(`${base}/api/health/ready`)).status === 200;
        } catch {
          return false;
        }
      },
      180_000,
    );
  } catch (error) {
    await kill(child, 'SIGKILL');
    throw new Error(`${(error as Error).message}; its output:\n${output}`);
  }
  return { child, base, output: () => output };
}

async function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** A request as a member; throws unless the answer has `status`. */
async function act(base: string, member: RegisteredMember, url: string, body: object, status: number) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== status) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
}

beforeAll(async () => {
  dataDir = tempDataDir();
  if (dbKind === 'postgres') {
    const server = await postgresServer();
    if (!server) throw new Error('no PostgreSQL server answers');
    const database = await freshDatabase(server);
    databaseUrl = database.url;
    dropDatabase = database.drop;
  }
  env = {
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    REACTION_RETRY_DELAY_SECONDS: '1',
  };

  // The scene, built by the application in this process on the same data.
  const t = await openApp(env);
  try {
    const call = (member: RegisteredMember, method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${member.access_token}` }, payload });
    const [seller, buyer, followee, author, replier, admin, reporter, offender, poster, watcher] =
      await Promise.all(
        ['Selma', 'Bruno', 'Fiona', 'Anton', 'Rita', 'Admina', 'Paula', 'Otto', 'Petra', 'Wanda'].map(
          (nickname) => verifiedMember(t, { nickname }),
        ),
      );
    const followers = await Promise.all(Array.from({ length: ROUNDS }, () => verifiedMember(t)));
    await makeAdmin(t, (admin as RegisteredMember).user.id);
    await establishAccounts(t, [author, replier] as RegisteredMember[]);
    const conversations: string[] = [];
    const reportedAds: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const ad = await createAd(t, (seller as RegisteredMember).access_token, {
        title: `Fahrrad Nummer ${round + 1}`,
      });
      const opened = await call(buyer as RegisteredMember, 'POST', '/api/chat/conversations', {
        listing_id: ad.id,
      });
      expect([200, 201]).toContain(opened.statusCode);
      conversations.push((opened.json() as { id: string }).id);
      const reported = await createAd(t, (offender as RegisteredMember).access_token, {
        title: `Werkzeugkiste Nummer ${round + 1}`,
      });
      const report = await call(reporter as RegisteredMember, 'POST', `/api/listings/${reported.id}/report`, {
        reason: 'fraud',
      });
      expect(report.statusCode).toBe(201);
      reportedAds.push(reported.id);
    }
    const thread = await call(author as RegisteredMember, 'POST', '/api/forum/threads', {
      category_id: 'sports/laufen',
      title: 'Laufschuhe für den Winter',
      body: 'Welche Sohle greift bei Schnee?',
    });
    expect(thread.statusCode, thread.body).toBe(201);
    const search = await call(watcher as RegisteredMember, 'POST', '/api/saved-searches', {
      filters: { q: 'Kinderwagen', postal_code: '50667', radius_km: 20 },
      frequency: 'instant',
    });
    expect(search.statusCode, search.body).toBe(201);
    // E-mails for follows and replies on (for messages and saved searches they are on by default).
    for (const [member, type] of [
      [followee, 'follow'],
      [author, 'forum_reply'],
    ] as const) {
      const res = await call(member as RegisteredMember, 'PUT', '/api/notifications/preferences', {
        preferences: { [type]: { email: true } },
      });
      expect(res.statusCode).toBe(200);
    }
    scene = {
      seller: seller as RegisteredMember,
      buyer: buyer as RegisteredMember,
      conversations,
      followee: followee as RegisteredMember,
      followers,
      author: author as RegisteredMember,
      replier: replier as RegisteredMember,
      threadId: (thread.json() as { id: string }).id,
      admin: admin as RegisteredMember,
      reporter: reporter as RegisteredMember,
      offender: offender as RegisteredMember,
      reportedAds,
      poster: poster as RegisteredMember,
      watcher: watcher as RegisteredMember,
    };
  } finally {
    await t.close();
  }
  // Everyone who is notified has been away for an hour, so their notifications are mailed too.
  await withDatabase((db) =>
    db.execute(
      sql`insert into notification_settings (user_id, last_seen_at)
          select id, now() - interval '1 hour' from users
          on conflict (user_id) do update set last_seen_at = excluded.last_seen_at`,
    ),
  );
  // Reactions of the scene itself (report confirmations) are done before the rounds.
  const settle = await startServer();
  await waitUntil('the scene is settled', async () => {
    const res = await fetch(`${settle.base}/api/notifications?type=moderation`, {
      headers: { authorization: `Bearer ${scene.reporter.access_token}` },
    });
    return ((await res.json()) as { total: number }).total === ROUNDS;
  });
  await kill(settle.child, 'SIGTERM');
  expect(await openReactions()).toBe(0);
  before = await counts();
  outboxBefore = Object.fromEntries(
    (['seller', 'followee', 'author', 'reporter', 'offender', 'watcher'] as const).map((name) => [
      name,
      mailsTo(dataDir, scene[name].email).length,
    ]),
  );
}, 600_000);

afterAll(async () => {
  await dropDatabase?.();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('reactions survive the server being killed right after its answers', () => {
  it(`${ROUNDS} kills after a chat message, a follow, a forum reply, a decision and a new ad: each reaction once`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { child, base } = await startServer().catch((error: Error) => {
        throw new Error(`round ${round + 1}: ${error.message}`);
      });
      try {
        await Promise.all([
          act(
            base,
            scene.buyer,
            `/api/chat/conversations/${scene.conversations[round]}/messages`,
            { client_id: randomUUID(), content: `Ist Fahrrad ${round + 1} noch zu haben?` },
            201,
          ),
          act(
            base,
            scene.followers[round] as RegisteredMember,
            `/api/follow/${scene.followee.user.id}`,
            {},
            201,
          ),
          act(
            base,
            scene.replier,
            `/api/forum/threads/${scene.threadId}/posts`,
            { body: `Tipp ${round + 1}: Spikes.` },
            201,
          ),
          act(
            base,
            scene.admin,
            '/api/admin/moderation/decisions',
            {
              target_type: 'listing',
              target_id: scene.reportedAds[round],
              action: 'keep',
              ground: 'no_violation',
              text: 'Geprüft: Anzeige und Fotos entsprechen den Regeln.',
            },
            201,
          ),
          act(
            base,
            scene.poster,
            '/api/listings',
            adBody({ title: `Kinderwagen Nummer ${round + 1}`, postal_code: '50667' }),
            201,
          ),
        ]);
      } finally {
        // Right after the last answer: the reactions are recorded, most not yet run.
        await kill(child, 'SIGKILL');
      }
    }

    // One more start runs what is left, also the reactions a killed worker had begun (retried
    // once their heartbeat is missed). Progress is read from the dev outbox, not through the API:
    // a member's own request would count as being online, and their next mails would not be sent.
    const last = await startServer();
    const members: [string, RegisteredMember][] = [
      ['seller', scene.seller],
      ['followee', scene.followee],
      ['author', scene.author],
      ['reporter', scene.reporter],
      ['offender', scene.offender],
      ['watcher', scene.watcher],
    ];
    try {
      await waitUntil(
        'every mail of the rounds is delivered',
        () =>
          members.every(
            ([name, member]) => mailsTo(dataDir, member.email).length >= (outboxBefore[name] ?? 0) + ROUNDS,
          ),
        240_000,
      ).catch(() => {
        // A mail that never comes shows in the comparison below.
      });
    } finally {
      await kill(last.child, 'SIGTERM');
    }
    expect(await openReactions()).toBe(0);

    const after = await counts();
    const added = Object.fromEntries(
      Object.entries(after)
        .map(([key, value]) => [key, value - (before[key] ?? 0)] as const)
        .filter(([, value]) => value !== 0),
    );
    expect(added).toEqual({
      'seller notifications message': ROUNDS,
      'seller mails': ROUNDS,
      'followee notifications follow': ROUNDS,
      'followee mails': ROUNDS,
      'author notifications forum_reply': ROUNDS,
      'author mails': ROUNDS,
      'reporter notifications moderation': ROUNDS,
      'reporter mails': ROUNDS,
      'offender notifications moderation': ROUNDS,
      'offender mails': ROUNDS,
      'watcher notifications saved_search': ROUNDS,
      'watcher mails': ROUNDS,
      'admin audit rows': ROUNDS,
    });
  }, 1_200_000);
});
