import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memberCode } from '../src/modules/users/index.ts';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createAd, verifiedMember } from './helpers/marketplace.ts';

/** The home page as `npm run build` writes it, with the markers the server fills. */
const INDEX_HTML = `<!doctype html><html><body><div id="root"><div class="first-paint"><!--home-preview--><p>Seite wird geladen...</p><!--/home-preview--></div></div></body></html>`;

/**
 * A member without nickname and first name is 'Mitglied' with a short code for everyone else:
 * no answer another person gets carries any part of the e-mail address.
 */
describe('public names never show an e-mail address', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-dist-'));
  let t: TestApp;
  let nameless: RegisteredMember;
  let other: RegisteredMember;
  let localPart: string;
  let expected: string;

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    t = await startTestApp({}, { webDistDir: dist });
    nameless = await verifiedMember(t);
    other = await verifiedMember(t, { nickname: 'Gegenüber' });
    localPart = nameless.email.split('@')[0] as string;
    expected = `Mitglied ${memberCode(nameless.user.id)}`;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const leaks = (text: string) => text.includes(localPart) || text.includes(nameless.email);

  it("ads, the ad page, the profile, follow lists, chat, notifications and the home page's HTML", async () => {
    const ad = await createAd(t, nameless.access_token, {
      title: 'Namenloses Fahrrad',
      price_type: 'negotiable',
    });
    const answers: Record<string, string> = {};
    const get = async (label: string, url: string, token?: string) => {
      const res = await t.app.inject({ url, headers: token ? bearer(token) : {} });
      expect(res.statusCode, label).toBe(200);
      answers[label] = res.body;
      return res;
    };
    const feed = await get('feed', '/api/listings');
    expect(feed.json().listings[0].seller.name).toBe(expected);
    expect((await get('ad page', `/api/listings/${ad.id}`)).json().seller.name).toBe(expected);
    expect((await get('profile', `/api/users/${nameless.user.id}`)).json().display_name).toBe(expected);

    await t.app.inject({
      method: 'POST',
      url: `/api/follow/${other.user.id}`,
      headers: bearer(nameless.access_token),
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/follow/${nameless.user.id}`,
      headers: bearer(other.access_token),
    });
    const followers = await get('followers of the other member', '/api/follow/followers', other.access_token);
    expect(followers.json().followers[0].display_name).toBe(expected);
    await get('following of the other member', '/api/follow/following', other.access_token);

    const started = await t.app.inject({
      method: 'POST',
      url: '/api/chat/conversations',
      headers: bearer(other.access_token),
      payload: { listing_id: ad.id },
    });
    const conversationId = started.json().id as string;
    await t.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversationId}/messages`,
      headers: bearer(nameless.access_token),
      payload: { client_id: crypto.randomUUID(), content: 'Hallo!' },
    });
    const conversations = await get(
      'conversations of the other member',
      '/api/chat/conversations',
      other.access_token,
    );
    expect(conversations.json().conversations[0].other_member.name).toBe(expected);
    await get('conversation', `/api/chat/conversations/${conversationId}`, other.access_token);

    // The follow and the message reach the other member as notifications.
    answers.notifications = await vi.waitFor(
      async () => {
        const notifications = (
          await t.app.inject({ url: '/api/notifications', headers: bearer(other.access_token) })
        ).body;
        expect(notifications).toContain(expected);
        return notifications;
      },
      { timeout: 5_000, interval: 50 },
    );

    const home = await t.app.inject({ url: '/' });
    expect(home.statusCode).toBe(200);
    answers.home = home.body;
    expect(home.body).toContain('Namenloses Fahrrad');

    for (const [label, body] of Object.entries(answers)) expect(leaks(body), label).toBe(false);
  });
});
