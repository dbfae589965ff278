import { randomUUID } from 'node:crypto';
import type { ChatConversation, ChatMessage, ChatMessageList, ModerationQueue } from '@marketplace/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createAd, expectNotification, makeAdmin, verifiedMember } from './helpers/marketplace.ts';
import { listen, TestSocket } from './helpers/sockets.ts';

/**
 * The scam shield in chat (docs/decisions/0031-scam-shield-in-chat.md): a message that asks to
 * leave the chat, links to another site or asks for payment in advance carries a `warning` for
 * its recipient, over the API and the socket; the sender is never told.
 */

const PUBLIC_URL = 'https://kleinanzeigen.example';

let t: TestApp;
let base: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL });
  base = await listen(t.app);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => t?.close());

function call(method: 'GET' | 'POST', url: string, member: RegisteredMember, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(member.access_token), ...(payload ? { payload } : {}) });
}

async function connect(member: RegisteredMember): Promise<TestSocket> {
  const socket = await TestSocket.connect(base, member.access_token);
  sockets.push(socket);
  return socket;
}

/** A seller with an ad and a buyer in a conversation about it. */
async function scene() {
  const seller = await verifiedMember(t, { nickname: 'Verkäuferin' });
  const buyer = await verifiedMember(t, { nickname: 'Käufer' });
  const ad = await createAd(t, seller.access_token);
  const started = await call('POST', '/api/chat/conversations', buyer, { listing_id: ad.id });
  expect(started.statusCode).toBe(201);
  return { seller, buyer, conversation: started.json() as ChatConversation };
}

async function say(member: RegisteredMember, conversationId: string, content: string): Promise<ChatMessage> {
  const res = await call('POST', `/api/chat/conversations/${conversationId}/messages`, member, {
    client_id: randomUUID(),
    content,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as ChatMessage;
}

async function messagesOf(member: RegisteredMember, conversationId: string): Promise<ChatMessage[]> {
  const res = await call('GET', `/api/chat/conversations/${conversationId}/messages`, member);
  expect(res.statusCode).toBe(200);
  return (res.json() as ChatMessageList).messages;
}

describe('chat: the scam shield', () => {
  it('the recipient sees the warning in the message list, the sender never does', async () => {
    const { seller, buyer, conversation } = await scene();
    const scam = await say(buyer, conversation.id, 'Zahlung bitte über PayPal Freunde, dann versende ich');
    const lure = await say(buyer, conversation.id, 'Schreib mir lieber auf WhatsApp 0176 1234567');
    const link = await say(seller, conversation.id, 'Sendungsverfolgung: dhl-paket-zustellung.info/track');
    const ordinary = await say(
      buyer,
      conversation.id,
      'Ist der Kinderwagen noch da? Ich könnte Samstag abholen.',
    );
    const own = await say(buyer, conversation.id, `Meine andere Anzeige: ${PUBLIC_URL}/listing/1`);

    // The sender's own answer and list say nothing.
    for (const sent of [scam, lure, ordinary, own]) expect(sent.warning).toBeNull();
    expect(link.warning).toBeNull();
    const warningsFor = async (member: RegisteredMember) =>
      Object.fromEntries((await messagesOf(member, conversation.id)).map((m) => [m.id, m.warning]));

    expect(await warningsFor(seller)).toEqual({
      [scam.id]: 'advance_payment',
      [lure.id]: 'off_platform',
      [link.id]: null, // the seller sent it
      [ordinary.id]: null,
      [own.id]: null,
    });
    expect(await warningsFor(buyer)).toEqual({
      [scam.id]: null,
      [lure.id]: null,
      [link.id]: 'foreign_link',
      [ordinary.id]: null,
      [own.id]: null,
    });
  });

  it("the recipient's 'new_message' carries the warning; the sender's tabs hear nothing of it", async () => {
    const { seller, buyer, conversation } = await scene();
    const [sellerTab, buyerTab] = [await connect(seller), await connect(buyer)];

    const scam = await say(buyer, conversation.id, 'Überweise bitte vorab 450 €, dann geht es morgen raus.');
    expect(await sellerTab.next('new_message', (m) => m.message_id === scam.id)).toMatchObject({
      conversation_id: conversation.id,
      sender_id: buyer.user.id,
      warning: 'advance_payment',
    });
    const ordinary = await say(buyer, conversation.id, 'Würdest du 45 € nehmen?');
    expect(await sellerTab.next('new_message', (m) => m.message_id === ordinary.id)).toMatchObject({
      warning: null,
    });

    // The buyer's tab gets the seller's messages only, so it heard nothing of its own two.
    const answer = await say(seller, conversation.id, 'Ja, gern. Bis Samstag!');
    expect(await buyerTab.next('new_message', (m) => m.message_id === answer.id)).toMatchObject({
      warning: null,
    });
    expect(buyerTab.messages.filter((m) => m.type === 'new_message')).toEqual([]);
  });

  it("the recipient reports with one click as 'fraud'; moderators read the flagged message from the server", async () => {
    const { seller, buyer, conversation } = await scene();
    await say(buyer, conversation.id, 'Schreib mir auf w h a t s a p p, hier bin ich selten');
    await say(buyer, conversation.id, 'Hallo, ist das noch zu haben?');
    const res = await call('POST', `/api/chat/conversations/${conversation.id}/report`, seller, {
      reason: 'fraud',
    });
    expect(res.statusCode).toBe(201);
    const after = await call('GET', `/api/chat/conversations/${conversation.id}`, seller);
    expect((after.json() as ChatConversation).reported).toBe(true);
    const admin = await verifiedMember(t, { nickname: 'Moderatorin' });
    await makeAdmin(t, admin.user.id);
    const queue = await t.app.inject({
      url: '/api/admin/moderation/queue',
      headers: bearer(admin.access_token),
    });
    expect(queue.statusCode).toBe(200);
    const group = (queue.json() as ModerationQueue).reports.find((g) => g.target_id === conversation.id);
    // The newest message the shield flagged, not the ordinary one after it.
    expect(group?.excerpt).toBe('Schreib mir auf w h a t s a p p, hier bin ich selten');
  });

  it("a flagged message's notification does not repeat its lure", async () => {
    const { seller, buyer, conversation } = await scene();
    await say(buyer, conversation.id, 'Zahlung bitte über PayPal Freunde: paypal.me/schnell');
    await expectNotification(t, seller, {
      title: 'Neue Nachricht',
      message: 'Käufer: Nachricht mit Warnhinweis – im Chat ansehen',
    });
  });
});
