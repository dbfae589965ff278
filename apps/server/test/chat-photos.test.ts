import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_VARIANTS, imageVariantUrl } from '@marketplace/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sweepUnattachedUploads } from '../src/modules/media/index.ts';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { adBody, countRows, createAd, postAd, uploadPhoto, verifiedMember } from './helpers/marketplace.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** Files in the photo folder of the media storage. */
const mediaFiles = () => {
  const dir = path.join(t.config.dataDir, 'media', 'listings');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

/** Whether every size of an uploaded photo is still served. */
async function served(url: string): Promise<boolean> {
  const answers = await Promise.all(
    (Object.keys(IMAGE_VARIANTS) as (keyof typeof IMAGE_VARIANTS)[]).map((variant) =>
      t.app.inject({ url: imageVariantUrl(url, variant) }),
    ),
  );
  const codes = new Set(answers.map((res) => res.statusCode));
  if (codes.size !== 1) throw new Error(`some sizes are missing: ${[...codes].join(', ')}`);
  return codes.has(200);
}

/** Runs the media module's upload sweep as it would run a day and an hour from now. */
async function sweepADayLater(): Promise<number> {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
    return await sweepUnattachedUploads({ db: t.app.database.db, storage: t.app.mediaStorage });
  } finally {
    vi.useRealTimers();
  }
}

function send(member: RegisteredMember, conversationId: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${conversationId}/messages`,
    headers: bearer(member.access_token),
    payload: { client_id: randomUUID(), ...body },
  });
}

/** A seller with an ad and a buyer in a conversation about it. */
async function scene() {
  const seller = await verifiedMember(t, { nickname: 'Verkäuferin' });
  const buyer = await verifiedMember(t, { nickname: 'Käufer' });
  const ad = await createAd(t, seller.access_token);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chat/conversations',
    headers: bearer(buyer.access_token),
    payload: { listing_id: ad.id },
  });
  expect(res.statusCode).toBe(201);
  return { seller, buyer, conversationId: (res.json() as { id: string }).id };
}

describe('chat photos (contract chat.ts, SPEC.md §2 /chat)', () => {
  it('a sent photo survives the upload sweep; an upload nobody used is removed by it', async () => {
    const { buyer, seller, conversationId } = await scene();
    const photo = await uploadPhoto(t, buyer.access_token);
    const unused = await uploadPhoto(t, buyer.access_token);
    const sent = await send(buyer, conversationId, { image: photo, content: 'So sieht es aus' });
    expect(sent.statusCode, sent.body).toBe(201);

    expect(await sweepADayLater()).toBeGreaterThanOrEqual(1);

    expect(await served(photo)).toBe(true);
    expect(await served(unused)).toBe(false);
    const list = await t.app.inject({
      url: `/api/chat/conversations/${conversationId}/messages`,
      headers: bearer(seller.access_token),
    });
    expect(list.json().messages).toMatchObject([{ kind: 'image', image: photo }]);
  });

  it('a photo another member uploaded is refused (403, German detail) and nothing is stored', async () => {
    const { buyer, seller, conversationId } = await scene();
    const othersPhoto = await uploadPhoto(t, seller.access_token);
    const messages = await countRows(t, 'chat_messages');
    const files = mediaFiles();

    const res = await send(buyer, conversationId, { image: othersPhoto });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'upload_not_own',
      detail: 'Du kannst nur Fotos senden, die du selbst hochgeladen hast.',
    });
    expect(await countRows(t, 'chat_messages')).toBe(messages);
    expect(mediaFiles()).toBe(files);
    const conversation = await t.app.inject({
      url: `/api/chat/conversations/${conversationId}`,
      headers: bearer(buyer.access_token),
    });
    expect(conversation.json().last_message).toBeNull();

    // The upload stays its owner's: the seller can still send it, and the sweep keeps it then.
    expect((await send(seller, conversationId, { image: othersPhoto })).statusCode).toBe(201);
    await sweepADayLater();
    expect(await served(othersPhoto)).toBe(true);
  });

  it('an unknown upload or one an ad or another message uses is refused (422) and stores nothing', async () => {
    const { buyer, conversationId } = await scene();
    const sent = await uploadPhoto(t, buyer.access_token);
    expect((await send(buyer, conversationId, { image: sent })).statusCode).toBe(201);
    const adPhoto = await uploadPhoto(t, buyer.access_token);
    expect((await postAd(t, buyer.access_token, adBody({ images: [adPhoto] }))).statusCode).toBe(201);
    const messages = await countRows(t, 'chat_messages');

    for (const [image, detail] of [
      ['/api/images/0123456789abcdef0123456789abcdef-detail.webp', 'gibt es nicht'],
      [sent, 'schon verwendet'],
      [adPhoto, 'schon verwendet'],
    ] as const) {
      const res = await send(buyer, conversationId, { image });
      expect(res.statusCode, image).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation', detail: expect.stringContaining(detail) });
      expect(res.json().detail).toContain("Feld 'image'");
    }
    expect(await countRows(t, 'chat_messages')).toBe(messages);
  });

  it('an ad cannot take a photo a chat message uses (422)', async () => {
    const { buyer, conversationId } = await scene();
    const photo = await uploadPhoto(t, buyer.access_token);
    expect((await send(buyer, conversationId, { image: photo })).statusCode).toBe(201);
    const res = await postAd(t, buyer.access_token, adBody({ images: [photo] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain("Feld 'images'");
  });

  it('a retry with the same client_id answers the stored photo message (200) and stores nothing new', async () => {
    const { buyer, conversationId } = await scene();
    const photo = await uploadPhoto(t, buyer.access_token);
    const clientId = randomUUID();
    const first = await send(buyer, conversationId, { client_id: clientId, image: photo });
    expect(first.statusCode).toBe(201);
    const messages = await countRows(t, 'chat_messages');

    const retries = await Promise.all(
      Array.from({ length: 5 }, () => send(buyer, conversationId, { client_id: clientId, image: photo })),
    );
    for (const retry of retries) {
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(first.json());
    }
    expect(await countRows(t, 'chat_messages')).toBe(messages);
    await sweepADayLater();
    expect(await served(photo)).toBe(true);
  });

  it('the same upload sent in parallel under different client_ids is stored once', async () => {
    const { buyer, conversationId } = await scene();
    const photo = await uploadPhoto(t, buyer.access_token);
    const messages = await countRows(t, 'chat_messages');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send(buyer, conversationId, { image: photo })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
    expect(await countRows(t, 'chat_messages')).toBe(messages + 1);
  });
});
