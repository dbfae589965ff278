import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Listing } from '@marketplace/contract';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { bearer, type RegisteredMember } from './accounts.ts';
import type { TestApp } from './app.ts';
import { createAd, reactionsDone, uploadPhoto, verifiedMember } from './marketplace.ts';

/**
 * The PostgreSQL server the backup and move tests create their databases on: the server of
 * `TEST_DATABASE_URL`, else postgres://postgres@127.0.0.1:5432; `null` when none answers.
 */
export async function postgresServer(): Promise<string | null> {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.href, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
    return url.href;
  } catch {
    return null;
  }
}

/** A new, empty database on `server` (CREATE DATABASE), and how to drop it again. */
export async function freshDatabase(server: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ops_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A new, empty temporary folder for a DATA_DIR. */
export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-ops-'));
}

/**
 * Starts the real application as the server would on `env` (DATA_DIR, DATABASE_URL, S3_*), opening
 * its own database; `close()` stops it and closes the database, leaving the data in place.
 */
export async function openApp(env: Record<string, string>): Promise<TestApp> {
  const config: Config = loadConfig({ SEED_DEMO: '0', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp(config, { logger: false });
  await app.ready();
  return {
    app,
    config,
    db: { handle: app.database, dataDir: config.dataDir, destroy: async () => {} },
    close: () => app.close(),
  };
}

/** What `fillMarketplace` created. */
export interface Filled {
  seller: RegisteredMember;
  buyer: RegisteredMember;
  listing: Listing;
  photoUrl: string;
}

/**
 * Members, an ad with a photo, a chat conversation with a message and a favourite, created
 * through the API as people would; returns once the reactions to their events have run, so
 * that the tables hold still while a running server is backed up.
 */
export async function fillMarketplace(t: TestApp): Promise<Filled> {
  const seller = await verifiedMember(t, { nickname: 'Verkäuferin' });
  const buyer = await verifiedMember(t, { nickname: 'Käufer' });
  const photoUrl = await uploadPhoto(t, seller.access_token);
  const listing = await createAd(t, seller.access_token, { images: [photoUrl] });
  const conversation = await t.app.inject({
    method: 'POST',
    url: '/api/chat/conversations',
    headers: bearer(buyer.access_token),
    payload: { listing_id: listing.id },
  });
  if (conversation.statusCode !== 201)
    throw new Error(`conversation: ${conversation.statusCode} ${conversation.body}`);
  const message = await t.app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${(conversation.json() as { id: string }).id}/messages`,
    headers: bearer(buyer.access_token),
    payload: { client_id: randomUUID(), content: 'Ist das Fahrrad noch zu haben?' },
  });
  if (message.statusCode !== 201) throw new Error(`message: ${message.statusCode} ${message.body}`);
  const favorite = await t.app.inject({
    method: 'POST',
    url: `/api/favorites/${listing.id}`,
    headers: bearer(buyer.access_token),
  });
  if (favorite.statusCode >= 300) throw new Error(`favorite: ${favorite.statusCode} ${favorite.body}`);
  await reactionsDone(t);
  return { seller, buyer, listing, photoUrl };
}

/** Relative path and bytes of every file below `root`, for comparing two folders. */
export function folderContents(root: string): Record<string, string> {
  if (!fs.existsSync(root)) return {};
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[]) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(root, file)] = fs.readFileSync(file).toString('base64');
  }
  return files;
}
