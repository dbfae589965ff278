import { randomUUID } from 'node:crypto';
import type { ChatConversation, NotificationList, NotificationStats } from '@marketplace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createAd, reactionsDone, verifiedMember } from './helpers/marketplace.ts';
import { listen, TestSocket } from './helpers/sockets.ts';

let t: TestApp;
let base: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  base = await listen(t.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

const call = (member: RegisteredMember, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(member.access_token), ...(payload ? { payload } : {}) });

async function stats(member: RegisteredMember): Promise<NotificationStats> {
  const res = await call(member, 'GET', '/api/notifications/stats');
  expect(res.statusCode).toBe(200);
  return res.json() as NotificationStats;
}

async function messageNotifications(member: RegisteredMember): Promise<NotificationList> {
  const res = await call(member, 'GET', '/api/notifications?type=message');
  expect(res.statusCode).toBe(200);
  return res.json() as NotificationList;
}

async function say(member: RegisteredMember, conversationId: string, content: string): Promise<void> {
  const res = await call(member, 'POST', `/api/chat/conversations/${conversationId}/messages`, {
    client_id: randomUUID(),
    content,
  });
  expect(res.statusCode).toBe(201);
  // Its notification is a reaction the job queue runs after the answer (decision 0022).
  await reactionsDone(t);
}

/** Reads a conversation and waits until its reaction has read the bell's notification too. */
async function readConversation(member: RegisteredMember, conversationId: string) {
  const res = await call(member, 'POST', `/api/chat/conversations/${conversationId}/read`);
  await reactionsDone(t);
  return res;
}

/** A seller with an ad and a buyer who opened a conversation about it. */
async function scene() {
  const seller = await verifiedMember(t, { nickname: 'Selma' });
  const buyer = await verifiedMember(t, { nickname: 'Bruno' });
  const ad = await createAd(t, seller.access_token);
  const res = await call(buyer, 'POST', '/api/chat/conversations', { listing_id: ad.id });
  expect([200, 201]).toContain(res.statusCode);
  return { seller, buyer, conversation: res.json() as ChatConversation };
}

describe('reading a conversation reads its message notification (SPEC.md §3, §7)', () => {
  it('the bell shows 0 unread once the recipient has read the conversation', async () => {
    const { seller, buyer, conversation } = await scene();
    await say(buyer, conversation.id, 'Ist der Tisch noch zu haben?');
    await say(buyer, conversation.id, 'Ich könnte ihn morgen abholen.');
    expect((await stats(seller)).unread_notifications).toBe(1);

    const read = await readConversation(seller, conversation.id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ marked_read: 2, unread_count: 0 });

    expect(await stats(seller)).toMatchObject({ unread_notifications: 0, read_notifications: 1 });
    const [notification] = (await messageNotifications(seller)).notifications;
    expect(notification).toMatchObject({ is_read: true, link: `/chat?conversation=${conversation.id}` });
    // The next message is news again.
    await say(buyer, conversation.id, 'Hallo?');
    expect((await stats(seller)).unread_notifications).toBe(1);
  });

  it("the reader's open tabs hear of the read notification; other notifications stay unread", async () => {
    const { seller, buyer, conversation } = await scene();
    // The same seller also has an unread message in another conversation.
    const thirdBuyer = await verifiedMember(t, { nickname: 'Dora' });
    const second = await call(thirdBuyer, 'POST', '/api/chat/conversations', { user_id: seller.user.id });
    expect([200, 201]).toContain(second.statusCode);
    const secondId = (second.json() as ChatConversation).id;
    await say(thirdBuyer, secondId, 'Verkaufst du auch Stühle?');
    await say(buyer, conversation.id, 'Steht der Preis noch?');
    expect((await stats(seller)).unread_notifications).toBe(2);

    const socket = await TestSocket.connect(base, seller.access_token);
    sockets.push(socket);
    expect((await readConversation(seller, conversation.id)).statusCode).toBe(200);
    const live = await socket.next('notification', (message) => message.notification.is_read);
    expect(live.notification).toMatchObject({
      type: 'message',
      is_read: true,
      link: `/chat?conversation=${conversation.id}`,
    });

    expect((await stats(seller)).unread_notifications).toBe(1);
    const stillUnread = (await messageNotifications(seller)).notifications.filter((n) => !n.is_read);
    expect(stillUnread.map((n) => n.link)).toEqual([`/chat?conversation=${secondId}`]);
    // Reading again marks nothing and changes nothing.
    const again = await readConversation(seller, conversation.id);
    expect(again.json()).toMatchObject({ marked_read: 0 });
    expect((await stats(seller)).unread_notifications).toBe(1);
  });

  it("reading only reads the reader's own notifications, not the sender's", async () => {
    const { seller, buyer, conversation } = await scene();
    await say(buyer, conversation.id, 'Guten Tag!');
    await say(seller, conversation.id, 'Hallo, ja gern.');
    expect((await stats(buyer)).unread_notifications).toBe(1);
    expect((await readConversation(seller, conversation.id)).statusCode).toBe(200);
    expect((await stats(seller)).unread_notifications).toBe(0);
    expect((await stats(buyer)).unread_notifications).toBe(1);
  });
});
