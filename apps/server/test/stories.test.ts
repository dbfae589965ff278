import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  INVALID_CHARACTERS_MESSAGE,
  type Story,
  type StoryFeed,
  type StoryInsights,
  type StoryServerMessage,
  storyServerMessageSchema,
} from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { removeExpiredStories } from '../src/modules/stories/index.ts';
import { bearer, type RegisteredMember, registerMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { countRows, createAd, jpeg, multipart, verifiedMember } from './helpers/marketplace.ts';
import { listen } from './helpers/sockets.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** A real, short H.264 MP4 (2 s, 160 x 284), also used by the browser test. */
const VIDEO = fs.readFileSync(path.join(here, 'fixtures/story-video.mp4'));

let t: TestApp;
let socketBase: string | null = null;
let a: RegisteredMember;
let b: RegisteredMember;

beforeAll(async () => {
  t = await startTestApp();
  a = await verifiedMember(t, { nickname: 'Anna' });
  b = await verifiedMember(t, { nickname: 'Bernd' });
});
afterAll(async () => t?.close());

/** A multipart body with the file in `media` and optional text fields after it. */
function storyBody(data: Buffer, filename: string, type: string, fields: Record<string, string> = {}) {
  const body = multipart(data, filename, type, 'media');
  const boundary = (body.headers['content-type'] ?? '').split('boundary=')[1] as string;
  const extra = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const tail = `--${boundary}--\r\n`;
  const withoutTail = body.payload.subarray(0, body.payload.length - tail.length);
  return { headers: body.headers, payload: Buffer.concat([withoutTail, Buffer.from(extra + tail)]) };
}

function post(member: RegisteredMember, data: Buffer, filename: string, type: string, fields = {}) {
  const body = storyBody(data, filename, type, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/stories/',
    headers: { ...bearer(member.access_token), ...body.headers },
    payload: body.payload,
  });
}

const call = (member: RegisteredMember, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(member.access_token), ...(payload ? { payload } : {}) });

/** A noisy photo (random pixels compress badly), 3000 x 2000 px as a phone makes them. */
async function bigPhoto(): Promise<Buffer> {
  const width = 1500;
  const height = 1000;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .resize(3000, 2000)
    .withMetadata({ exif: { IFD0: { Copyright: 'GPS-Test' } } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe('posting stories', () => {
  it('stores a photo story with a caption through the image pipeline, under 200 kB', async () => {
    const res = await post(a, await bigPhoto(), 'urlaub.jpg', 'image/jpeg', { caption: '  Sommer am See  ' });
    expect(res.statusCode, res.body).toBe(201);
    const story = res.json() as Story;
    expect(story).toMatchObject({ media_type: 'image', caption: 'Sommer am See', user_name: 'Anna' });
    expect(Date.parse(story.expires_at) - Date.parse(story.created_at)).toBe(24 * 60 * 60 * 1000);
    const image = await t.app.inject({ url: story.media_url });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.length).toBeLessThan(200 * 1024);
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
  });

  it('omits an empty caption and stores a video, served with range requests', async () => {
    const res = await post(b, VIDEO, 'clip.mp4', 'video/mp4', { caption: '   ', duration: '2' });
    expect(res.statusCode, res.body).toBe(201);
    const story = res.json() as Story;
    expect(story).toMatchObject({ media_type: 'video', caption: null, duration: 2 });
    const whole = await t.app.inject({ url: story.media_url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    // Stored without its metadata (stories-video.test.ts): a little smaller than the upload.
    const stored = whole.rawPayload;
    expect(stored.length).toBeGreaterThan(VIDEO.length / 2);
    expect(stored.length).toBeLessThanOrEqual(VIDEO.length);
    const part = await t.app.inject({ url: story.media_url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${stored.length}`);
    expect(part.rawPayload.equals(stored.subarray(100, 200))).toBe(true);
    // Seeking: an open range from the middle, the last bytes, and a range past the end.
    const middle = Math.floor(stored.length / 2);
    const tail = await t.app.inject({ url: story.media_url, headers: { range: `bytes=${middle}-` } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${middle}-${stored.length - 1}/${stored.length}`);
    expect(Number(tail.headers['content-length'])).toBe(stored.length - middle);
    expect(tail.rawPayload.equals(stored.subarray(middle))).toBe(true);
    const last = await t.app.inject({ url: story.media_url, headers: { range: 'bytes=-50' } });
    expect(last.statusCode).toBe(206);
    expect(last.rawPayload.equals(stored.subarray(stored.length - 50))).toBe(true);
    const past = await t.app.inject({
      url: story.media_url,
      headers: { range: `bytes=${stored.length + 10}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${stored.length}`);
    // The video lives in the media storage of the ad photos, folder `stories`.
    const name = story.media_url.split('/').pop() as string;
    expect(await t.app.mediaStorage.size('stories', name)).toBe(stored.length);
  });

  it("keeps a video's poster (its first frame, sent by the client) as its picture, without metadata, and removes it with the story", async () => {
    const frame = await sharp({ create: { width: 720, height: 1280, channels: 3, background: '#3366aa' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'GPS-Test' } } })
      .jpeg()
      .toBuffer();
    const boundary = '----story-poster';
    const filePart = (field: string, name: string, type: string, data: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        data,
        Buffer.from('\r\n'),
      ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stories/',
      headers: { ...bearer(b.access_token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        filePart('media', 'clip.mp4', 'video/mp4', VIDEO),
        filePart('poster', 'clip.jpg', 'image/jpeg', frame),
        Buffer.from(`--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const story = res.json() as Story;
    expect(story.media_type).toBe('video');
    expect(story.thumbnail_url).toMatch(/^\/api\/images\/[0-9a-f]{32}-card\.webp$/);
    const poster = await t.app.inject({ url: story.thumbnail_url });
    expect(poster.statusCode).toBe(200);
    expect((await sharp(poster.rawPayload).metadata()).exif).toBeUndefined();
    expect((await call(b, 'DELETE', `/api/stories/${story.id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ url: story.thumbnail_url })).statusCode).toBe(404);
  });

  it('refuses a PDF named .mp4 and a file over 50 MB with the specified texts, storing nothing', async () => {
    const before = await countRows(t, 'stories');
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
      Buffer.alloc(2000, 32),
    ]);
    const wrong = await post(a, pdf, 'video.mp4', 'video/mp4');
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().detail).toBe('Nur Bild- und Videodateien sind erlaubt');
    const huge = Buffer.concat([VIDEO, Buffer.alloc(51 * 1024 * 1024 - VIDEO.length)]);
    const big = await post(a, huge, 'gross.mp4', 'video/mp4');
    expect(big.statusCode).toBe(413);
    expect(big.json().detail).toBe('Datei ist zu groß. Maximum: 50MB');
    expect(await countRows(t, 'stories')).toBe(before);
    const tmp = path.join(t.config.dataDir, 'tmp');
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);
  });

  it("keeps a video's own length as its duration and refuses a picture's beyond a minute", async () => {
    const video = await post(b, VIDEO, 'clip.mp4', 'video/mp4', { duration: '45' });
    expect(video.statusCode, video.body).toBe(201);
    expect((video.json() as Story).duration).toBe(2);
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c84' } })
      .png()
      .toBuffer();
    const before = await t.app.inject({ url: '/api/stories/', headers: bearer(a.access_token) });
    for (const duration of ['600', '0', '61', 'lang']) {
      const picture = await post(a, photo, 'bild.png', 'image/png', { duration });
      expect(picture.statusCode, duration).toBe(422);
      expect(picture.json()).toMatchObject({ detail: 'duration: eine Zahl von Sekunden zwischen 1 und 60.' });
    }
    const after = await t.app.inject({ url: '/api/stories/', headers: bearer(a.access_token) });
    expect(after.json()).toEqual(before.json());
    const shown = await post(a, photo, 'bild.png', 'image/png', { duration: '7' });
    expect((shown.json() as Story).duration).toBe(7);
  });

  it("refuses a caption beyond 500 characters or with control characters with the contract's German text, storing nothing", async () => {
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#48c' } })
      .png()
      .toBuffer();
    const before = await t.app.inject({ url: '/api/stories/', headers: bearer(a.access_token) });
    const long = await post(a, photo, 'bild.png', 'image/png', { caption: 'x'.repeat(501) });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({
      detail: 'caption: Die Beschreibung darf höchstens 500 Zeichen lang sein.',
    });
    const control = await post(a, photo, 'bild.png', 'image/png', { caption: 'Sommer\u0007' });
    expect(control.statusCode).toBe(422);
    expect(control.json()).toMatchObject({ detail: `caption: ${INVALID_CHARACTERS_MESSAGE}` });
    const after = await t.app.inject({ url: '/api/stories/', headers: bearer(a.access_token) });
    expect(after.json()).toEqual(before.json());
  });

  it('links only an own active ad', async () => {
    const ownAd = await createAd(t, a.access_token, { title: 'Kajak mit Paddel' });
    const foreignAd = await createAd(t, b.access_token, { title: 'Fremdes Zelt' });
    const refused = await post(a, await jpeg(), 'a.jpg', 'image/jpeg', { listing_id: foreignAd.id });
    expect(refused.statusCode).toBe(422);
    const res = await post(a, await jpeg(), 'a.jpg', 'image/jpeg', { listing_id: ownAd.id });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as Story).listing).toMatchObject({ id: ownAd.id, title: 'Kajak mit Paddel' });
  });
});

describe('feed, views, reactions, replies', () => {
  it('orders groups with unviewed stories first and stories oldest first', async () => {
    const feed = (await call(b, 'GET', '/api/stories/feed?limit=50')).json() as StoryFeed;
    const anna = feed.stories.find((group) => group.user_id === a.user.id);
    expect(anna?.has_unviewed_stories).toBe(true);
    expect(feed.stories[0]?.user_id).toBe(a.user.id);
    const times = anna?.stories.map((story) => Date.parse(story.created_at)) ?? [];
    expect(times).toEqual([...times].sort((x, y) => x - y));
    // Bernd's own group counts as seen by him.
    expect(feed.stories.find((group) => group.user_id === b.user.id)?.has_unviewed_stories).toBe(false);
  });

  it('counts a view once, notifies a reaction, turns a reply into a chat message; insights are the owner’s', async () => {
    const [story] = ((await call(b, 'GET', `/api/stories/user/${a.user.id}`)).json() as { stories: Story[] })
      .stories;
    if (!story) throw new Error('no story of Anna');
    await Promise.all(Array.from({ length: 5 }, () => call(b, 'POST', `/api/stories/${story.id}/view`)));
    expect(
      (await call(b, 'POST', `/api/stories/${story.id}/reaction`, { reaction_type: 'heart' })).statusCode,
    ).toBe(200);
    const empty = await call(b, 'POST', `/api/stories/${story.id}/reply`, { text: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toBe('Die Antwort darf nicht leer sein.');
    const sent = await call(b, 'POST', `/api/stories/${story.id}/reply`, { text: ' Wie schön! ' });
    expect(sent.statusCode, sent.body).toBe(200);
    const conversationId = sent.json().conversation_id as string;

    const forbidden = await call(b, 'GET', `/api/stories/${story.id}/insights`);
    expect(forbidden.statusCode).toBe(403);
    const insights = (await call(a, 'GET', `/api/stories/${story.id}/insights`)).json() as StoryInsights;
    expect(insights).toMatchObject({ total_views: 1, reactions_count: 1, replies_count: 1 });
    expect(insights.viewers.map((viewer) => viewer.username)).toEqual(['Bernd']);

    const messages = await call(a, 'GET', `/api/chat/conversations/${conversationId}/messages`);
    expect(messages.statusCode).toBe(200);
    const reply = (
      messages.json() as { messages: { content: string; image: string | null }[] }
    ).messages.find((message) => message.content.includes('Wie schön!'));
    // The message shows the story's picture, a copy that outlives the story.
    expect(reply?.image).toMatch(/^\/api\/images\/[0-9a-f]{32}-detail\.webp$/);
    expect(reply?.image).not.toBe(story.media_url);
    expect((await t.app.inject({ url: reply?.image ?? '' })).statusCode).toBe(200);
    const notes = (await call(a, 'GET', '/api/notifications?limit=20')).json() as {
      notifications: { type: string }[];
    };
    expect(notes.notifications.some((note) => note.type === 'story_reaction')).toBe(true);
  });

  it("refuses another member's delete and keeps the story; the owner deletes it with its files", async () => {
    const res = await post(a, await jpeg(), 'weg.jpg', 'image/jpeg');
    const story = res.json() as Story;
    const denied = await call(b, 'DELETE', `/api/stories/${story.id}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().detail).toBe('Keine Berechtigung zum Löschen dieser Story');
    expect((await call(b, 'GET', `/api/stories/${story.id}`)).statusCode).toBe(200);
    expect((await call(a, 'DELETE', `/api/stories/${story.id}`)).statusCode).toBe(204);
    const gone = await call(b, 'GET', `/api/stories/${story.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().detail).toBe('Story nicht gefunden');
    expect((await t.app.inject({ url: story.media_url })).statusCode).toBe(404);
  });

  it('lets expired stories leave every list; the clean-up removes them and their files', async () => {
    const video = (await post(a, VIDEO, 'alt.mp4', 'video/mp4')).json() as Story;
    await t.db.handle.db.execute(
      sql`update stories set expires_at = now() - interval '1 minute' where id = ${video.id}::uuid`,
    );
    expect((await call(b, 'GET', `/api/stories/${video.id}`)).statusCode).toBe(404);
    const feed = (await call(b, 'GET', '/api/stories/feed')).json() as StoryFeed;
    expect(feed.stories.flatMap((group) => group.stories).some((story) => story.id === video.id)).toBe(false);
    expect((await t.app.inject({ url: video.media_url })).statusCode).toBe(200);
    expect(await removeExpiredStories(t.app.storiesDeps)).toBeGreaterThanOrEqual(1);
    expect((await t.app.inject({ url: video.media_url })).statusCode).toBe(404);
    expect(await t.app.mediaStorage.size('stories', video.media_url.split('/').pop() as string)).toBeNull();
  });
});

/** The app's `ws://` address; it starts listening on the first call. */
async function wsBase(): Promise<string> {
  socketBase ??= await listen(t.app);
  return socketBase;
}

/** A `/ws/stories` client that records messages and waits for them. */
async function openStorySocket(base: string, token: string) {
  const ws = new WebSocket(`${base}/ws/stories?token=${encodeURIComponent(token)}`);
  const messages: StoryServerMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    messages.push(storyServerMessageSchema.parse(JSON.parse(data.toString())));
    for (const wake of waiters) wake();
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const waitFor = (test: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      if (test()) return resolve();
      const timer = setTimeout(() => reject(new Error(`timeout; got ${JSON.stringify(messages)}`)), 5000);
      const check = () => {
        if (!test()) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
    });
  return { ws, messages, waitFor };
}

describe('a story reply continues the conversation the two members already have', () => {
  /** A fresh photo story of `owner`. */
  async function storyOf(owner: RegisteredMember): Promise<Story> {
    const res = await post(owner, await jpeg(), 'story.jpg', 'image/jpeg', { caption: 'Neu im Laden' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Story;
  }
  async function write(member: RegisteredMember, start: object, content: string): Promise<string> {
    const opened = await call(member, 'POST', '/api/chat/conversations', start);
    const id = (opened.json() as { id: string }).id;
    const sent = await call(member, 'POST', `/api/chat/conversations/${id}/messages`, {
      content,
      client_id: randomUUID(),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    return id;
  }
  async function reply(member: RegisteredMember, story: Story, text: string): Promise<string> {
    const res = await call(member, 'POST', `/api/stories/${story.id}/reply`, { text });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().conversation_id as string;
  }
  const conversationsOf = async (member: RegisteredMember) =>
    ((await call(member, 'GET', '/api/chat/conversations')).json() as { conversations: { id: string }[] })
      .conversations;
  const messagesIn = async (member: RegisteredMember, id: string) =>
    (
      (await call(member, 'GET', `/api/chat/conversations/${id}/messages`)).json() as {
        messages: { content: string; image: string | null }[];
      }
    ).messages;

  it('about an ad of the story’s owner: the reply, with the story’s picture above it, goes into that conversation', async () => {
    const owner = await verifiedMember(t, { nickname: 'Lena' });
    const member = await verifiedMember(t, { nickname: 'Max' });
    const ad = await createAd(t, owner.access_token);
    const about = await write(member, { listing_id: ad.id }, 'Ist das Rad noch da?');
    const story = await storyOf(owner);

    expect(await reply(member, story, 'Schöne Story!')).toBe(about);
    expect((await conversationsOf(member)).map((c) => c.id)).toEqual([about]);
    expect((await conversationsOf(owner)).map((c) => c.id)).toEqual([about]);
    const last = (await messagesIn(owner, about)).at(-1);
    expect(last?.content).toBe('Antwort auf deine Story („Neu im Laden“):\nSchöne Story!');
    expect(last?.image).toMatch(/^\/api\/images\//);
  });

  it('about an ad of the replying member, or a direct one the owner started: the reply continues it', async () => {
    const owner = await verifiedMember(t, { nickname: 'Olga' });
    const seller = await verifiedMember(t, { nickname: 'Sven' });
    const ad = await createAd(t, seller.access_token);
    const aboutSellersAd = await write(owner, { listing_id: ad.id }, 'Geht noch was am Preis?');
    expect(await reply(seller, await storyOf(owner), 'Tolles Foto!')).toBe(aboutSellersAd);
    expect(await conversationsOf(seller)).toHaveLength(1);

    // Direct conversations are one per pair of members (pair_key u:<smaller>:<larger>), whoever started.
    const friend = await verifiedMember(t, { nickname: 'Frida' });
    const direct = await write(owner, { user_id: friend.user.id }, 'Hallo Frida!');
    expect(await reply(friend, await storyOf(owner), 'Hallo zurück!')).toBe(direct);
    expect(await conversationsOf(friend)).toHaveLength(1);
  });

  it('with several conversations: the one with the newest message; with none a direct one is started', async () => {
    const owner = await verifiedMember(t, { nickname: 'Paula' });
    const member = await verifiedMember(t, { nickname: 'Quirin' });
    const direct = await write(member, { user_id: owner.user.id }, 'Hallo Paula!');
    const ad = await createAd(t, owner.access_token);
    const about = await write(member, { listing_id: ad.id }, 'Noch zu haben?');
    const story = await storyOf(owner);
    expect(await reply(member, story, 'Erste Antwort')).toBe(about);
    const answered = await call(owner, 'POST', `/api/chat/conversations/${direct}/messages`, {
      content: 'Hallo Quirin!',
      client_id: randomUUID(),
    });
    expect(answered.statusCode).toBe(201);
    expect(await reply(member, story, 'Zweite Antwort')).toBe(direct);
    expect(await conversationsOf(member)).toHaveLength(2);

    const stranger = await verifiedMember(t, { nickname: 'Rieke' });
    const started = await reply(stranger, story, 'Hallo!');
    expect((await call(stranger, 'GET', `/api/chat/conversations/${started}`)).json()).toMatchObject({
      listing: null,
      other_member: { id: owner.user.id },
    });
  });
});

describe('/ws/stories', () => {
  it('answers pings, tells the owner of views, limits each socket to 30 messages in 10 s and closes a flood', async () => {
    const base = await wsBase();
    const owner = await openStorySocket(base, a.access_token);
    const viewer = await openStorySocket(base, b.access_token);
    await owner.waitFor(() => owner.messages.some((m) => m.type === 'connected'));
    const story = (await post(a, await jpeg(), 'neu.jpg', 'image/jpeg')).json() as Story;
    viewer.ws.send(JSON.stringify({ type: 'story_view', story_id: story.id }));
    await owner.waitFor(() =>
      owner.messages.some((m) => m.type === 'story_viewed' && m.story_id === story.id),
    );

    const flooded = new Promise<number>((resolve) => viewer.ws.on('close', (c) => resolve(c)));
    for (let i = 0; i < 200; i++) viewer.ws.send(JSON.stringify({ type: 'ping', timestamp: i }));
    // 200 messages at once: one `story_view` and 29 pings passed; the first beyond 30 was
    // answered once, and 30 more beyond the limit are a flood that closes the socket.
    expect(await flooded).toBe(4008);
    expect(viewer.messages.filter((m) => m.type === 'pong')).toHaveLength(29);
    expect(viewer.messages.filter((m) => m.type === 'rate_limit_exceeded')).toHaveLength(1);

    const bad = new WebSocket(`${base}/ws/stories?token=kaputt`);
    const code = await new Promise<number>((resolve) => bad.on('close', (c) => resolve(c)));
    expect(code).toBe(1008);

    // Logging out ends the session; its story socket closes with 1008.
    const closed = new Promise<number>((resolve) => owner.ws.on('close', (c) => resolve(c)));
    expect((await call(a, 'POST', '/api/auth/logout')).statusCode).toBeLessThan(300);
    expect(await closed).toBe(1008);
    viewer.ws.close();
  });
});

describe('/ws/stories under the rules of the HTTP calls', () => {
  it('refuses reactions and replies of an unverified member, empty and too long replies, and shares the chat limit with HTTP', async () => {
    const base = await wsBase();
    const owner = await verifiedMember(t, { nickname: 'Olga' });
    const story = (await post(owner, await jpeg(), 'regeln.jpg', 'image/jpeg')).json() as Story;
    const before = {
      reactions: await countRows(t, 'story_reactions'),
      replies: await countRows(t, 'story_replies'),
    };

    // Unverified: the same 403 text over HTTP and over the socket, nothing stored.
    const unverified = await registerMember(t.app, { nickname: 'Udo' });
    const http = await call(unverified, 'POST', `/api/stories/${story.id}/reaction`, {
      reaction_type: 'heart',
    });
    expect(http.statusCode).toBe(403);
    const notVerified = http.json().detail as string;
    const u = await openStorySocket(base, unverified.access_token);
    u.ws.send(JSON.stringify({ type: 'story_reaction', story_id: story.id, reaction: 'heart' }));
    u.ws.send(JSON.stringify({ type: 'story_reply', story_id: story.id, text: 'Hallo' }));
    await u.waitFor(
      () => u.messages.filter((m) => m.type === 'error' && m.detail === notVerified).length === 2,
    );
    expect(await countRows(t, 'story_reactions')).toBe(before.reactions);
    expect(await countRows(t, 'story_replies')).toBe(before.replies);
    // Verified while the socket is open: the next reaction counts (the check is made per message).
    await t.db.handle.db.execute(
      sql`update users set email_verified_at = now() where id = ${unverified.user.id}::uuid`,
    );
    u.ws.send(JSON.stringify({ type: 'story_reaction', story_id: story.id, reaction: 'heart' }));
    await expect.poll(() => countRows(t, 'story_reactions'), { timeout: 10_000 }).toBe(before.reactions + 1);
    u.ws.close();

    // Empty and too long replies: the HTTP texts.
    const d = await verifiedMember(t, { nickname: 'Dora' });
    const s = await openStorySocket(base, d.access_token);
    s.ws.send(JSON.stringify({ type: 'story_reply', story_id: story.id, text: '   ' }));
    s.ws.send(JSON.stringify({ type: 'story_reply', story_id: story.id, text: 'x'.repeat(1001) }));
    await s.waitFor(() => s.messages.filter((m) => m.type === 'error').length === 2);
    expect(s.messages.flatMap((m) => (m.type === 'error' ? [m.detail] : []))).toEqual(
      expect.arrayContaining([
        'Die Antwort darf nicht leer sein.',
        'Die Antwort darf höchstens 1000 Zeichen lang sein.',
      ]),
    );

    s.ws.close();

    // The chat's limit of 30 messages a minute counts socket and HTTP replies together (a
    // second socket: 29 messages stay within the socket's own limit of 30 in 10 s).
    const q = await openStorySocket(base, d.access_token);
    for (let i = 0; i < 28; i++) {
      q.ws.send(JSON.stringify({ type: 'story_reply', story_id: story.id, text: `Antwort ${i}` }));
    }
    await expect.poll(() => countRows(t, 'story_replies'), { timeout: 30_000 }).toBe(before.replies + 28);
    expect((await call(d, 'POST', `/api/stories/${story.id}/reply`, { text: 'Nummer 29' })).statusCode).toBe(
      200,
    );
    expect((await call(d, 'POST', `/api/stories/${story.id}/reply`, { text: 'Nummer 30' })).statusCode).toBe(
      200,
    );
    const over = await call(d, 'POST', `/api/stories/${story.id}/reply`, { text: 'Nummer 31' });
    expect(over.statusCode).toBe(429);
    const tooMany = 'Du hast in kurzer Zeit sehr viele Nachrichten gesendet.';
    expect(over.json().detail).toMatch(new RegExp(`^${tooMany}`));
    q.ws.send(JSON.stringify({ type: 'story_reply', story_id: story.id, text: 'Nummer 32' }));
    await q.waitFor(() => q.messages.some((m) => m.type === 'error' && m.detail.startsWith(tooMany)));
    expect(await countRows(t, 'story_replies')).toBe(before.replies + 30);
    q.ws.close();
  });
});

describe('feed order (SPEC.md §4 "Story viewer")', () => {
  it('puts groups with unviewed stories first, each part by its newest story, stories oldest first', async () => {
    const viewer = await verifiedMember(t, { nickname: 'Vera' });
    const first = await verifiedMember(t, { nickname: 'Erste' });
    const second = await verifiedMember(t, { nickname: 'Zweite' });
    const one = (await post(first, await jpeg(), '1.jpg', 'image/jpeg')).json() as Story;
    await post(second, await jpeg(), '2.jpg', 'image/jpeg');
    await post(first, await jpeg(), '3.jpg', 'image/jpeg');
    // Erste's newest story is newer than Zweite's: Erste first; once seen, Erste after Zweite.
    const order = async () => {
      const feed = (await call(viewer, 'GET', '/api/stories/feed?limit=100')).json() as StoryFeed;
      return feed.stories;
    };
    const isSorted = (groups: StoryFeed['stories']) => {
      const newest = groups.map((g) => Math.max(...g.stories.map((s) => Date.parse(s.created_at))));
      return newest.every((value, i) => i === 0 || value <= (newest[i - 1] as number));
    };
    const check = (groups: StoryFeed['stories']) => {
      const unviewed = groups.filter((g) => g.has_unviewed_stories);
      expect(groups.slice(0, unviewed.length)).toEqual(unviewed);
      expect(isSorted(unviewed)).toBe(true);
      expect(isSorted(groups.slice(unviewed.length))).toBe(true);
      for (const g of groups) {
        const times = g.stories.map((s) => Date.parse(s.created_at));
        expect(times).toEqual([...times].sort((x, y) => x - y));
      }
    };
    const before = await order();
    check(before);
    const ids = before.map((g) => g.user_id);
    expect(ids.indexOf(first.user.id)).toBeLessThan(ids.indexOf(second.user.id));
    expect(before.find((g) => g.user_id === first.user.id)?.stories[0]?.id).toBe(one.id);
    for (const story of before.find((g) => g.user_id === first.user.id)?.stories ?? []) {
      expect((await call(viewer, 'POST', `/api/stories/${story.id}/view`)).statusCode).toBe(200);
    }
    const after = await order();
    check(after);
    const idsAfter = after.map((g) => g.user_id);
    expect(idsAfter.indexOf(first.user.id)).toBeGreaterThan(idsAfter.indexOf(second.user.id));
  });
});

describe('new stories over /ws/stories', () => {
  it('tells followers of a new story at once, and nobody else', async () => {
    const base = await wsBase();
    const author = await verifiedMember(t, { nickname: 'Paula' });
    const follower = await verifiedMember(t, { nickname: 'Fritz' });
    const stranger = await verifiedMember(t, { nickname: 'Sven' });
    expect((await call(follower, 'POST', `/api/follow/${author.user.id}`)).statusCode).toBeLessThan(300);
    const f = await openStorySocket(base, follower.access_token);
    const s = await openStorySocket(base, stranger.access_token);
    await f.waitFor(() => f.messages.some((m) => m.type === 'connected'));
    await s.waitFor(() => s.messages.some((m) => m.type === 'connected'));
    const story = (
      await post(author, await jpeg(), 'neu.jpg', 'image/jpeg', { caption: 'Frisch' })
    ).json() as Story;
    await f.waitFor(() => f.messages.some((m) => m.type === 'new_story' && m.story.id === story.id));
    const pushed = f.messages.find((m) => m.type === 'new_story');
    expect(pushed?.type === 'new_story' && pushed.story).toMatchObject({
      caption: 'Frisch',
      user_name: 'Paula',
      has_viewed: false,
      // A follower is another member: what the story policy lets them do, not the author's `can`.
      can: { delete: false, insights: false, report: true, reply: true, react: true },
    });
    // The stranger's socket got nothing: one round trip after the push, still no new_story.
    s.ws.send(JSON.stringify({ type: 'ping', timestamp: 1 }));
    await s.waitFor(() => s.messages.some((m) => m.type === 'pong'));
    expect(s.messages.some((m) => m.type === 'new_story')).toBe(false);
    f.ws.close();
    s.ws.close();
  });
});
