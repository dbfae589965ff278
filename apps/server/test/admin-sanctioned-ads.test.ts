import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CategoriesResponse, ListingList } from '@marketplace/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp } from './helpers/app.ts';
import { createAd, makeAdmin, verifiedMember } from './helpers/marketplace.ts';

/**
 * A suspended or banned member's ads are hidden while the sanction holds and back when it is
 * lifted (docs/decisions/0009-reports-queue.md, "Sanctioned members' ads"): out of search, the
 * category counts and the ad page (404 as for a removed ad, except for ADMINs) at once, although
 * the public answers are cached; out of the sitemap when it is next drawn.
 */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-dist-'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
const t = await startTestApp({ PUBLIC_URL: 'https://kleinanzeigen.example' }, { webDistDir: dist });
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const seller = await verifiedMember(t, { nickname: 'Gesperrte Gabi' });
const admin = await verifiedMember(t, { nickname: 'Admin Armin' });
await makeAdmin(t, admin.user.id);
const TITLE = 'Werkbank aus Buchenholz massiv';
const ad = await createAd(t, seller.access_token, { title: TITLE });
// A member banned before the sitemap is first drawn (it is kept for minutes, as crawlers need).
const banned = await verifiedMember(t, { nickname: 'Gebannter Bodo' });
const bannedAd = await createAd(t, banned.access_token, { title: 'Gebannte Stichsäge' });

function call(member: RegisteredMember | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: member ? bearer(member.access_token) : {}, payload });
}

async function inSearch(): Promise<boolean> {
  const res = await call(null, 'GET', `/api/listings?q=${encodeURIComponent(TITLE)}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as ListingList).listings.some((listing) => listing.id === ad.id);
}

async function categoryCount(): Promise<number> {
  const res = await call(null, 'GET', '/api/categories/all');
  expect(res.statusCode).toBe(200);
  return (res.json() as CategoriesResponse).categories.reduce((sum, c) => sum + c.listing_count, 0);
}

async function sitemapHas(id: string): Promise<boolean> {
  const res = await call(null, 'GET', '/sitemaps/listings-1.xml');
  expect(res.statusCode).toBe(200);
  return res.body.includes(id);
}

describe("a sanctioned member's ads", () => {
  it('are public before the sanction (and the answers are cached); a banned member’s are not', async () => {
    const ban = await call(admin, 'POST', `/api/admin/members/${banned.user.id}/sanctions`, {
      kind: 'ban',
      reason: 'Wiederholter Betrug',
    });
    expect(ban.statusCode, ban.body).toBe(201);
    expect(await inSearch()).toBe(true);
    expect(await sitemapHas(ad.id)).toBe(true);
    expect(await sitemapHas(bannedAd.id)).toBe(false);
    expect((await call(null, 'GET', `/api/listings/${bannedAd.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/listings/${ad.id}`)).statusCode).toBe(200);
  });

  it('leave search, category counts and the ad page at once while suspended', async () => {
    const before = await categoryCount();
    const res = await call(admin, 'POST', `/api/admin/members/${seller.user.id}/sanctions`, {
      kind: 'suspension',
      ends_at: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
      reason: 'Betrugsversuche in mehreren Unterhaltungen',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await inSearch()).toBe(false);
    expect(await categoryCount()).toBe(before - 1);
    const page = await call(null, 'GET', `/api/listings/${ad.id}`);
    expect(page.statusCode).toBe(404);
    expect(page.json().detail).toBe('Anzeige nicht gefunden');
    // ADMINs still see it, to review it.
    expect((await call(admin, 'GET', `/api/listings/${ad.id}`)).statusCode).toBe(200);
  });

  it('are back when the sanction is lifted', async () => {
    const res = await call(admin, 'POST', `/api/admin/members/${seller.user.id}/sanctions/lift`, {
      reason: 'Missverständnis aufgeklärt',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await inSearch()).toBe(true);
    expect((await call(null, 'GET', `/api/listings/${ad.id}`)).statusCode).toBe(200);
  });
});
