import { randomUUID } from 'node:crypto';
import type {
  ChatConversation,
  ChatConversationList,
  ChatMessage,
  ChatMessageList,
  ChatOfferResult,
  Listing,
} from '@marketplace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type RegisteredMember, registerMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { countRows, createAd, uploadPhoto, verifiedMember } from './helpers/marketplace.ts';

let t: TestApp;
/** `message.created` events as published, in order. */
const published: { messageId: string; senderId: string; recipientId: string; preview: string }[] = [];

beforeAll(async () => {
  t = await startTestApp();
  t.app.events.on('message.created', (event) => {
    published.push(event);
  });
});
afterAll(async () => t?.close());

type Json = Record<string, unknown>;

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  member?: RegisteredMember,
  payload?: Json,
) {
  return t.app.inject({
    method,
    url,
    headers: member ? bearer(member.access_token) : {},
    ...(payload !== undefined ? { payload } : {}),
  });
}

/** Opens (or reopens) the conversation of `buyer` about `ad`. */
async function open(buyer: RegisteredMember, body: Json): Promise<ChatConversation> {
  const res = await call('POST', '/api/chat/conversations', buyer, body);
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`start failed: ${res.body}`);
  return res.json() as ChatConversation;
}

function send(member: RegisteredMember, conversationId: string, body: Json) {
  return call('POST', `/api/chat/conversations/${conversationId}/messages`, member, {
    client_id: randomUUID(),
    ...body,
  });
}

async function say(member: RegisteredMember, conversationId: string, content: string): Promise<ChatMessage> {
  const res = await send(member, conversationId, { content });
  if (res.statusCode !== 201) throw new Error(`send failed: ${res.statusCode} ${res.body}`);
  return res.json() as ChatMessage;
}

async function messagesOf(member: RegisteredMember, conversationId: string, query = '') {
  const res = await call('GET', `/api/chat/conversations/${conversationId}/messages${query}`, member);
  expect(res.statusCode).toBe(200);
  return res.json() as ChatMessageList;
}

async function conversationOf(member: RegisteredMember, conversationId: string) {
  const res = await call('GET', `/api/chat/conversations/${conversationId}`, member);
  expect(res.statusCode).toBe(200);
  return res.json() as ChatConversation;
}

const unread = async (member: RegisteredMember) =>
  ((await call('GET', '/api/chat/unread-count', member)).json() as { unread_count: number }).unread_count;

/** A seller with an ad (VB unless overridden) and a buyer in a conversation about it. */
async function scene(overrides: Parameters<typeof createAd>[2] = {}) {
  const seller = await verifiedMember(t, { nickname: 'Verkäuferin' });
  const buyer = await verifiedMember(t, { nickname: 'Käufer' });
  const ad = await createAd(t, seller.access_token, overrides);
  const conversation = await open(buyer, { listing_id: ad.id });
  return { seller, buyer, ad, conversation };
}

describe('chat: access (contract chat.ts)', () => {
  it('every call needs a token: 401', async () => {
    const id = randomUUID();
    const calls = [
      call('GET', '/api/chat/conversations'),
      call('POST', '/api/chat/conversations', undefined, { user_id: id }),
      call('GET', `/api/chat/conversations/${id}`),
      call('GET', `/api/chat/conversations/${id}/messages`),
      call('POST', `/api/chat/conversations/${id}/messages`, undefined, { client_id: id, content: 'Hallo' }),
      call('POST', `/api/chat/conversations/${id}/read`),
      call('GET', '/api/chat/unread-count'),
      call('POST', `/api/chat/conversations/${id}/block`),
      call('DELETE', `/api/chat/conversations/${id}/block`),
      call('POST', `/api/chat/conversations/${id}/report`, undefined, { reason: 'spam' }),
      call('POST', `/api/chat/conversations/${id}/rating`, undefined, { stars: 5 }),
      call('POST', `/api/chat/conversations/${id}/offers`, undefined, { amount: 10 }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('outsiders get 403 with a German detail on every call of a conversation', async () => {
    const { buyer, conversation } = await scene();
    await say(buyer, conversation.id, 'Ist das Rad noch da?');
    const outsider = await verifiedMember(t);
    const base = `/api/chat/conversations/${conversation.id}`;
    const calls = [
      call('GET', base, outsider),
      call('GET', `${base}/messages`, outsider),
      send(outsider, conversation.id, { content: 'Ich mische mich ein' }),
      call('POST', `${base}/read`, outsider),
      call('POST', `${base}/block`, outsider),
      call('DELETE', `${base}/block`, outsider),
      call('POST', `${base}/report`, outsider, { reason: 'spam' }),
      call('POST', `${base}/rating`, outsider, { stars: 1 }),
      call('POST', `${base}/offers`, outsider, { amount: 10 }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        detail: 'Du bist nicht Teil dieser Unterhaltung.',
        code: 'conversation_forbidden',
      });
    }
    expect((await messagesOf(buyer, conversation.id)).messages).toHaveLength(1);
    expect((await call('GET', '/api/chat/conversations', outsider)).json()).toEqual({
      conversations: [],
      next_cursor: null,
    });
  });

  it('an unknown or malformed conversation id is 404', async () => {
    const member = await verifiedMember(t);
    for (const id of [randomUUID(), 'kein-chat']) {
      const res = await call('GET', `/api/chat/conversations/${id}`, member);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        detail: 'Diese Unterhaltung gibt es nicht.',
        code: 'conversation_not_found',
      });
    }
  });
});

describe('chat: OpenAPI', () => {
  it('documents every chat call with its statuses', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = (
      res.json() as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }
    ).paths;
    const chatPaths = Object.keys(paths).filter((path) => path.startsWith('/api/chat/'));
    expect(chatPaths.sort()).toEqual([
      '/api/chat/conversations',
      '/api/chat/conversations/{id}',
      '/api/chat/conversations/{id}/appointments',
      '/api/chat/conversations/{id}/appointments/{appointmentId}/accept',
      '/api/chat/conversations/{id}/appointments/{appointmentId}/cancel',
      '/api/chat/conversations/{id}/appointments/{appointmentId}/counter',
      '/api/chat/conversations/{id}/appointments/{appointmentId}/decline',
      '/api/chat/conversations/{id}/block',
      '/api/chat/conversations/{id}/messages',
      '/api/chat/conversations/{id}/offers',
      '/api/chat/conversations/{id}/offers/{messageId}/accept',
      '/api/chat/conversations/{id}/offers/{messageId}/counter',
      '/api/chat/conversations/{id}/offers/{messageId}/decline',
      '/api/chat/conversations/{id}/rating',
      '/api/chat/conversations/{id}/read',
      '/api/chat/conversations/{id}/report',
      '/api/chat/conversations/{id}/reserve',
      '/api/chat/unread-count',
    ]);
    expect(Object.keys(paths['/api/chat/conversations/{id}/messages']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '201', '401', '403', '404', '422', '429']),
    );
  });
});

describe('chat: starting a conversation', () => {
  it('about an ad: 201 once, then 200 with the same conversation; the ad and the seller are shown', async () => {
    const seller = await verifiedMember(t, { nickname: 'Anna' });
    const buyer = await verifiedMember(t);
    const ad = await createAd(t, seller.access_token, { title: 'Kinderwagen', price: 80 });
    const first = await call('POST', '/api/chat/conversations', buyer, { listing_id: ad.id });
    expect(first.statusCode).toBe(201);
    const again = await call('POST', '/api/chat/conversations', buyer, { listing_id: ad.id });
    expect(again.statusCode).toBe(200);
    const conversation = first.json() as ChatConversation;
    expect((again.json() as ChatConversation).id).toBe(conversation.id);
    expect(conversation).toMatchObject({
      listing: { id: ad.id, title: 'Kinderwagen', price: 80, price_type: 'negotiable', status: 'active' },
      my_role: 'buyer',
      other_member: { id: seller.user.id, name: 'Anna' },
      last_message: null,
      unread_count: 0,
      blocked_by_me: false,
      blocked_me: false,
      can_send: true,
      can_offer: true,
      can_rate: false,
      my_rating: null,
    });
    expect(conversation.listing?.thumbnail).toBe('/placeholder.svg');
  });

  it('10 parallel starts by the same buyer about the same ad make one conversation', async () => {
    const seller = await verifiedMember(t);
    const buyer = await verifiedMember(t);
    const ad = await createAd(t, seller.access_token);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', '/api/chat/conversations', buyer, { listing_id: ad.id })),
    );
    const ids = new Set(answers.map((res) => (res.json() as ChatConversation).id));
    expect(ids.size).toBe(1);
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
  });

  it('with a member without an ad ({ user_id }): the same pair gets the same conversation from either side', async () => {
    const a = await verifiedMember(t);
    const b = await verifiedMember(t);
    const fromA = await open(a, { user_id: b.user.id });
    const fromB = await open(b, { user_id: a.user.id });
    expect(fromB.id).toBe(fromA.id);
    expect(fromA.listing).toBeNull();
    expect(fromA.can_offer).toBe(false);
  });

  it('no chat with oneself or about one’s own ad (400), unknown ads and members 404, bad bodies 422', async () => {
    const seller = await verifiedMember(t);
    const ad = await createAd(t, seller.access_token);
    const before = await countRows(t, 'chat_conversations');
    const own = await call('POST', '/api/chat/conversations', seller, { listing_id: ad.id });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({
      detail: 'Das ist deine eigene Anzeige – du kannst dir dazu nicht selbst schreiben.',
      code: 'chat_with_self',
    });
    const self = await call('POST', '/api/chat/conversations', seller, { user_id: seller.user.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ detail: 'Du kannst dir nicht selbst schreiben.' });
    expect(
      (await call('POST', '/api/chat/conversations', seller, { listing_id: randomUUID() })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/chat/conversations', seller, { user_id: randomUUID() })).statusCode,
    ).toBe(404);
    for (const body of [{}, { listing_id: ad.id, user_id: seller.user.id }, { listing_id: 5 }]) {
      const res = await call('POST', '/api/chat/conversations', seller, body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'validation' });
    }
    expect(await countRows(t, 'chat_conversations')).toBe(before);
  });
});

describe('chat: messages', () => {
  it('a text is trimmed, stored before the answer (201) and announced once as message.created', async () => {
    const { buyer, seller, conversation } = await scene();
    const res = await send(buyer, conversation.id, { content: '  Hallo, ist das Rad noch da?  ' });
    expect(res.statusCode).toBe(201);
    const message = res.json() as ChatMessage;
    expect(message).toMatchObject({
      conversation_id: conversation.id,
      sender_id: buyer.user.id,
      kind: 'text',
      content: 'Hallo, ist das Rad noch da?',
      image: null,
      amount: null,
      read_at: null,
    });
    const stored = await messagesOf(seller, conversation.id);
    expect(stored.messages.map((m) => m.id)).toEqual([message.id]);
    expect(published.filter((event) => event.messageId === message.id)).toEqual([
      expect.objectContaining({
        senderId: buyer.user.id,
        recipientId: seller.user.id,
        preview: 'Hallo, ist das Rad noch da?',
      }),
    ]);
  });

  it('empty, blank or over-long texts are 422 with a German detail and store nothing', async () => {
    const { buyer, conversation } = await scene();
    const before = await countRows(t, 'chat_messages');
    const cases: [Json, string][] = [
      [{ content: '' }, "Feld 'content': Bitte gib eine Nachricht ein."],
      [{ content: '   \n ' }, "Feld 'content': Bitte gib eine Nachricht ein."],
      [{ content: 'x'.repeat(2001) }, "Feld 'content': Die Nachricht darf höchstens 2000 Zeichen lang sein."],
      [{ content: 'Hallo', client_id: 'keine-uuid' }, "Feld 'client_id': Die client_id muss eine UUID sein."],
      [{ content: 'Hallo', amount: 5 }, "Feld 'amount': Ein Betrag gehört nur zu einem Preisvorschlag."],
    ];
    for (const [body, detail] of cases) {
      const res = await send(buyer, conversation.id, body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ detail, code: 'validation' });
    }
    const noClientId = await call('POST', `/api/chat/conversations/${conversation.id}/messages`, buyer, {
      content: 'Hallo',
    });
    expect(noClientId.statusCode).toBe(422);
    expect(await countRows(t, 'chat_messages')).toBe(before);
    const longest = await send(buyer, conversation.id, { content: `  ${'x'.repeat(2000)}  ` });
    expect(longest.statusCode).toBe(201);
  });

  it('sending needs a verified e-mail address (403)', async () => {
    const seller = await verifiedMember(t);
    const ad = await createAd(t, seller.access_token);
    const unverified = await registerMember(t.app);
    const conversation = await open(unverified, { listing_id: ad.id });
    const res = await send(unverified, conversation.id, { content: 'Hallo' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'email_not_verified' });
  });

  it('photos: only URLs of our upload (/api/images/…) are taken; the caption is optional', async () => {
    const { buyer, conversation } = await scene();
    const url = await uploadPhoto(t, buyer.access_token);
    const photo = await send(buyer, conversation.id, { image: url });
    expect(photo.statusCode).toBe(201);
    expect(photo.json()).toMatchObject({ kind: 'image', image: url, content: '' });
    const before = await countRows(t, 'chat_messages');
    for (const image of [
      'https://example.com/x.jpg',
      '/api/images/../../etc/passwd',
      'data:image/png;base64,AAAA',
    ]) {
      const res = await send(buyer, conversation.id, { image, content: 'Schau mal' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ detail: expect.stringContaining("Feld 'image'") });
    }
    expect(await countRows(t, 'chat_messages')).toBe(before);
    expect((await conversationOf(buyer, conversation.id)).last_message).toMatchObject({
      preview: '📷 Foto',
      kind: 'image',
    });
  });

  it('a retry with the same client_id answers the stored message with 200 and stores nothing new', async () => {
    const { buyer, conversation } = await scene();
    const clientId = randomUUID();
    const first = await send(buyer, conversation.id, { client_id: clientId, content: 'Einmal bitte' });
    expect(first.statusCode).toBe(201);
    const events = published.length;
    const retry = await send(buyer, conversation.id, { client_id: clientId, content: 'Einmal bitte' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(published.length).toBe(events);
    expect((await messagesOf(buyer, conversation.id)).messages).toHaveLength(1);
  });

  it('20 parallel retries with the same client_id store exactly one message', async () => {
    const { buyer, conversation } = await scene();
    const clientId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(buyer, conversation.id, { client_id: clientId, content: 'Doppelt?' }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(19);
    expect(new Set(answers.map((res) => (res.json() as ChatMessage).id)).size).toBe(1);
    expect((await messagesOf(buyer, conversation.id)).messages).toHaveLength(1);
  });

  it('keeps the order they were sent in and pages: newest first, older with before, missed ones with after', async () => {
    const { buyer, seller, conversation } = await scene();
    const sent: ChatMessage[] = [];
    for (let i = 1; i <= 12; i++)
      sent.push(await say(i % 2 ? buyer : seller, conversation.id, `Nachricht ${i}`));
    const texts = (page: ChatMessageList) => page.messages.map((m) => m.content);

    const newest = await messagesOf(buyer, conversation.id, '?limit=5');
    expect(texts(newest)).toEqual([
      'Nachricht 8',
      'Nachricht 9',
      'Nachricht 10',
      'Nachricht 11',
      'Nachricht 12',
    ]);
    expect(newest.has_more).toBe(true);
    const older = await messagesOf(buyer, conversation.id, `?limit=5&before=${newest.messages[0]?.id}`);
    expect(texts(older)).toEqual(['Nachricht 3', 'Nachricht 4', 'Nachricht 5', 'Nachricht 6', 'Nachricht 7']);
    expect(older.has_more).toBe(true);
    const oldest = await messagesOf(buyer, conversation.id, `?limit=5&before=${older.messages[0]?.id}`);
    expect(texts(oldest)).toEqual(['Nachricht 1', 'Nachricht 2']);
    expect(oldest.has_more).toBe(false);

    const missed = await messagesOf(seller, conversation.id, `?limit=3&after=${sent[6]?.id}`);
    expect(texts(missed)).toEqual(['Nachricht 8', 'Nachricht 9', 'Nachricht 10']);
    expect(missed.has_more).toBe(true);
    const rest = await messagesOf(seller, conversation.id, `?limit=3&after=${missed.messages[2]?.id}`);
    expect(texts(rest)).toEqual(['Nachricht 11', 'Nachricht 12']);
    expect(rest.has_more).toBe(false);

    for (const query of [
      `?before=${randomUUID()}`,
      '?after=kaputt',
      `?before=${sent[0]?.id}&after=${sent[1]?.id}`,
    ]) {
      const res = await call('GET', `/api/chat/conversations/${conversation.id}/messages${query}`, buyer);
      expect(res.statusCode).toBe(422);
    }
    expect(
      (await call('GET', `/api/chat/conversations/${conversation.id}/messages?limit=0`, buyer)).statusCode,
    ).toBe(422);
  });

  it('parallel messages of both members all arrive, in one strict order both see alike', async () => {
    const { buyer, seller, conversation } = await scene();
    await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => say(buyer, conversation.id, `K${i}`)),
      ...Array.from({ length: 8 }, (_, i) => say(seller, conversation.id, `V${i}`)),
    ]);
    const forBuyer = await messagesOf(buyer, conversation.id, '?limit=100');
    const forSeller = await messagesOf(seller, conversation.id, '?limit=100');
    expect(forBuyer.messages).toHaveLength(16);
    expect(forBuyer.messages.map((m) => m.id)).toEqual(forSeller.messages.map((m) => m.id));
    const times = forBuyer.messages.map((m) => m.created_at);
    expect([...times].sort()).toEqual(times);
  });
});

describe('chat: list, unread count and read marks', () => {
  it('lists conversations with messages, newest activity first, with the other member’s unread messages', async () => {
    const seller = await verifiedMember(t);
    const [b1, b2] = [await verifiedMember(t), await verifiedMember(t)];
    const [ad1, ad2] = [await createAd(t, seller.access_token), await createAd(t, seller.access_token)];
    const c1 = await open(b1, { listing_id: ad1.id });
    const c2 = await open(b2, { listing_id: ad2.id });
    await open(b2, { listing_id: ad1.id }); // no message: not listed
    await say(b1, c1.id, 'Erste');
    await say(b2, c2.id, 'Zweite');
    await say(b2, c2.id, 'Dritte');
    let list = (await call('GET', '/api/chat/conversations', seller)).json() as ChatConversationList;
    expect(list.conversations.map((c) => [c.id, c.unread_count, c.my_role])).toEqual([
      [c2.id, 2, 'seller'],
      [c1.id, 1, 'seller'],
    ]);
    expect(list.conversations[0]?.last_message).toMatchObject({ preview: 'Dritte', sender_id: b2.user.id });
    await say(seller, c1.id, 'Antwort');
    list = (await call('GET', '/api/chat/conversations?limit=1', seller)).json() as ChatConversationList;
    expect(list.conversations.map((c) => c.id)).toEqual([c1.id]);
    const next = (
      await call('GET', `/api/chat/conversations?limit=1&cursor=${list.next_cursor}`, seller)
    ).json() as ChatConversationList;
    expect(next.conversations.map((c) => c.id)).toEqual([c2.id]);
    expect(next.next_cursor).toBeNull();
    expect((await call('GET', '/api/chat/conversations?cursor=kaputt', seller)).statusCode).toBe(422);
  });

  it('reading marks the other member’s messages read and lowers the badge count', async () => {
    const { buyer, seller, conversation } = await scene();
    await say(buyer, conversation.id, 'Eins');
    await say(buyer, conversation.id, 'Zwei');
    await say(seller, conversation.id, 'Drei');
    expect(await unread(seller)).toBe(2);
    expect(await unread(buyer)).toBe(1);
    const res = await call('POST', `/api/chat/conversations/${conversation.id}/read`, seller);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ marked_read: 2, unread_count: 0 });
    expect(await unread(buyer)).toBe(1);
    const seen = await messagesOf(buyer, conversation.id);
    expect(seen.messages.map((m) => m.read_at !== null)).toEqual([true, true, false]);
    expect((await conversationOf(seller, conversation.id)).unread_count).toBe(0);
  });

  it('the unread count stops at 100 (SPEC.md §7)', async () => {
    const reader = await verifiedMember(t);
    const ad = await createAd(t, reader.access_token);
    const writers = await Promise.all(Array.from({ length: 4 }, () => verifiedMember(t)));
    for (const writer of writers) {
      const conversation = await open(writer, { listing_id: ad.id });
      await Promise.all(Array.from({ length: 26 }, (_, i) => say(writer, conversation.id, `Hallo ${i}`)));
    }
    expect(await countRows(t, `chat_messages where recipient_id = '${reader.user.id}'`)).toBe(104);
    expect(await unread(reader)).toBe(100);
    const asked = await call('GET', '/api/chat/unread-count?limit=100', reader);
    expect(asked.json()).toEqual({ unread_count: 100 });
    expect((await call('GET', '/api/chat/unread-count?limit=5', reader)).json()).toEqual({ unread_count: 5 });
    expect((await call('GET', '/api/chat/unread-count?limit=101', reader)).statusCode).toBe(422);
  });
});

describe('chat: blocking and reports', () => {
  it('after a block no messages go either way (403) until it is lifted', async () => {
    const { buyer, seller, conversation } = await scene();
    await say(buyer, conversation.id, 'Hallo');
    const made = await call('POST', `/api/chat/conversations/${conversation.id}/offers`, buyer, {
      amount: 70,
    });
    const open = (made.json() as ChatOfferResult).message;
    const blocked = await call('POST', `/api/chat/conversations/${conversation.id}/block`, seller);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ blocked_by_me: true, blocked_me: false, can_send: false });
    expect(await conversationOf(buyer, conversation.id)).toMatchObject({
      blocked_by_me: false,
      blocked_me: true,
      can_send: false,
      can_offer: false,
    });
    const before = await countRows(t, 'chat_messages');
    for (const member of [buyer, seller]) {
      const res = await send(member, conversation.id, { content: 'Noch da?' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        detail: 'Du kannst dieser Person keine Nachrichten mehr senden.',
        code: 'chat_blocked',
      });
    }
    const offer = await call('POST', `/api/chat/conversations/${conversation.id}/offers`, buyer, {
      amount: 50,
    });
    expect(offer.statusCode).toBe(403);
    const shown = (await messagesOf(seller, conversation.id)).messages.find((m) => m.id === open.id);
    expect(shown).toMatchObject({ offer_status: 'open', can_respond: false });
    const url = `/api/chat/conversations/${conversation.id}/offers/${open.id}/accept`;
    expect((await call('POST', url, seller, { reserve: true })).statusCode).toBe(403);
    expect(await countRows(t, 'chat_messages')).toBe(before);
    // The same two members cannot start another conversation either.
    const otherAd = await createAd(t, seller.access_token);
    expect(
      (await call('POST', '/api/chat/conversations', buyer, { listing_id: otherAd.id })).statusCode,
    ).toBe(403);

    const lifted = await call('DELETE', `/api/chat/conversations/${conversation.id}/block`, seller);
    expect(lifted.json()).toMatchObject({ blocked_by_me: false, can_send: true });
    expect((await send(buyer, conversation.id, { content: 'Wieder da' })).statusCode).toBe(201);
  });

  it('a report is stored once per member and conversation; reporting again replaces it', async () => {
    const { buyer, conversation } = await scene();
    const url = `/api/chat/conversations/${conversation.id}/report`;
    const first = await call('POST', url, buyer, { reason: 'spam', text: ' Werbung ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ detail: 'Danke! Wir prüfen die Unterhaltung.' });
    expect((await call('POST', url, buyer, { reason: 'fraud' })).statusCode).toBe(201);
    expect(
      await countRows(t, `reports where target_type = 'conversation' and target_id = '${conversation.id}'`),
    ).toBe(1);
    expect(
      await countRows(
        t,
        `reports where target_type = 'conversation' and target_id = '${conversation.id}' and reason = 'fraud'`,
      ),
    ).toBe(1);
    expect((await conversationOf(buyer, conversation.id)).reported).toBe(true);
    const bad = await call('POST', url, buyer, { reason: 'langweilig' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ detail: "Feld 'reason': Bitte wähle einen Grund für die Meldung." });
  });
});

describe('chat: ratings', () => {
  it('are allowed once, after both sides wrote two messages; they make the seller’s rating on the ad', async () => {
    const { buyer, seller, ad, conversation } = await scene();
    const url = `/api/chat/conversations/${conversation.id}/rating`;
    await say(buyer, conversation.id, 'Hallo');
    await say(seller, conversation.id, 'Hallo zurück');
    await say(buyer, conversation.id, 'Passt, ich hole es ab');
    const early = await call('POST', url, buyer, { stars: 5 });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({
      detail: 'Bewerten kannst du erst, wenn ihr beide mindestens zwei Nachrichten geschrieben habt.',
      code: 'rating_not_allowed',
    });
    expect((await conversationOf(buyer, conversation.id)).can_rate).toBe(false);
    await say(seller, conversation.id, 'Bis morgen');
    expect((await conversationOf(buyer, conversation.id)).can_rate).toBe(true);

    for (const body of [{ stars: 0 }, { stars: 6 }, { stars: 4.5 }, { stars: 4, text: 'x'.repeat(1001) }]) {
      const res = await call('POST', url, buyer, body);
      expect(res.statusCode).toBe(422);
      expect((res.json() as { detail: string }).detail).toMatch(/^Feld '(stars|text)': /);
    }
    expect(await countRows(t, `chat_ratings where conversation_id = '${conversation.id}'`)).toBe(0);

    const rated = await call('POST', url, buyer, { stars: 4, text: '  Netter Kontakt ' });
    expect(rated.statusCode).toBe(201);
    expect(rated.json()).toMatchObject({ stars: 4, text: 'Netter Kontakt' });
    const twice = await call('POST', url, buyer, { stars: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ detail: 'Du hast diese Unterhaltung schon bewertet.' });
    expect(await conversationOf(buyer, conversation.id)).toMatchObject({
      can_rate: false,
      my_rating: { stars: 4, text: 'Netter Kontakt' },
    });

    // A second buyer rates the same seller with 5 stars: average 4.5 of 2.
    const other = await verifiedMember(t);
    const second = await open(other, { listing_id: ad.id });
    for (let i = 0; i < 2; i++) {
      await say(other, second.id, `Frage ${i}`);
      await say(seller, second.id, `Antwort ${i}`);
    }
    expect(
      (await call('POST', `/api/chat/conversations/${second.id}/rating`, other, { stars: 5 })).statusCode,
    ).toBe(201);
    const page = (await call('GET', `/api/listings/${ad.id}`)).json() as Listing;
    expect(page.seller).toMatchObject({ rating: 4.5, reviewCount: 2 });
    const profile = (await call('GET', `/api/users/${seller.user.id}`)).json() as Json;
    expect(profile).toMatchObject({ rating: 4.5, review_count: 2 });
  });

  it('are not possible in a conversation without an ad', async () => {
    const a = await verifiedMember(t);
    const b = await verifiedMember(t);
    const conversation = await open(a, { user_id: b.user.id });
    for (let i = 0; i < 2; i++) {
      await say(a, conversation.id, `A${i}`);
      await say(b, conversation.id, `B${i}`);
    }
    const res = await call('POST', `/api/chat/conversations/${conversation.id}/rating`, a, { stars: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      detail: 'Bewerten kannst du nur nach einer Unterhaltung über eine Anzeige.',
    });
  });
});

describe("chat: price offers ('Preisvorschlag')", () => {
  const offer = (member: RegisteredMember, conversationId: string, body: Json) =>
    call('POST', `/api/chat/conversations/${conversationId}/offers`, member, body);
  const respond = (
    member: RegisteredMember,
    conversationId: string,
    messageId: string,
    action: 'accept' | 'decline' | 'counter',
    body?: Json,
  ) => call('POST', `/api/chat/conversations/${conversationId}/offers/${messageId}/${action}`, member, body);

  it('on a VB ad: the buyer offers, the seller counters, the buyer accepts; each step is a message', async () => {
    const { buyer, seller, conversation } = await scene({ price: 120, price_type: 'negotiable' });
    const made = await offer(buyer, conversation.id, { amount: 90.5 });
    expect(made.statusCode).toBe(201);
    const first = (made.json() as ChatOfferResult).message;
    expect(first).toMatchObject({ kind: 'offer', amount: 90.5, offer_status: 'open', can_respond: false });
    expect((await messagesOf(seller, conversation.id)).messages[0]).toMatchObject({ can_respond: true });

    const again = await offer(buyer, conversation.id, { amount: 95 });
    expect(again.statusCode).toBe(409);

    const countered = await respond(seller, conversation.id, first.id, 'counter', { amount: 110 });
    expect(countered.statusCode).toBe(201);
    const counter = (countered.json() as ChatOfferResult).message;
    expect(counter).toMatchObject({
      kind: 'offer_countered',
      amount: 110,
      offer_id: first.id,
      offer_status: 'open',
    });

    const counterOfCounter = await respond(buyer, conversation.id, counter.id, 'counter', { amount: 100 });
    expect(counterOfCounter.statusCode).toBe(400);
    expect(counterOfCounter.json()).toMatchObject({
      detail: 'Auf ein Gegenangebot kannst du nur zusagen oder absagen.',
    });
    const ownCounter = await respond(seller, conversation.id, counter.id, 'accept');
    expect(ownCounter.statusCode).toBe(400);

    const accepted = await respond(buyer, conversation.id, counter.id, 'accept', {});
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({
      message: { kind: 'offer_accepted', amount: 110, offer_id: counter.id },
      reserved: false,
    });
    const late = await respond(buyer, conversation.id, counter.id, 'decline');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ detail: 'Auf diesen Preisvorschlag wurde schon geantwortet.' });

    const kinds = (await messagesOf(buyer, conversation.id)).messages.map((m) => [m.kind, m.offer_status]);
    expect(kinds).toEqual([
      ['offer', 'countered'],
      ['offer_countered', 'accepted'],
      ['offer_accepted', null],
    ]);
    expect((await conversationOf(seller, conversation.id)).last_message?.preview).toBe(
      'Preisvorschlag angenommen: 110 €',
    );
  });

  it('the seller accepts with reserve: the ad is reserved', async () => {
    const { buyer, seller, ad, conversation } = await scene({ price_type: 'negotiable' });
    const first = ((await offer(buyer, conversation.id, { amount: 100 })).json() as ChatOfferResult).message;
    const clientId = randomUUID();
    const accepted = await respond(seller, conversation.id, first.id, 'accept', {
      reserve: true,
      client_id: clientId,
    });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({
      message: { kind: 'offer_accepted', amount: 100 },
      reserved: true,
    });
    const retried = await respond(seller, conversation.id, first.id, 'accept', {
      reserve: true,
      client_id: clientId,
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual(accepted.json());
    expect(((await call('GET', `/api/listings/${ad.id}`)).json() as Listing).status).toBe('reserved');
    expect((await conversationOf(buyer, conversation.id)).listing?.status).toBe('reserved');
  });

  it("after the buyer accepts a counter offer the seller marks the ad reserved in the chat ('Als reserviert markieren')", async () => {
    const { buyer, seller, ad, conversation } = await scene({ price: 120, price_type: 'negotiable' });
    const first = ((await offer(buyer, conversation.id, { amount: 90 })).json() as ChatOfferResult).message;
    const counter = (
      (await respond(seller, conversation.id, first.id, 'counter', { amount: 110 })).json() as ChatOfferResult
    ).message;
    expect((await respond(buyer, conversation.id, counter.id, 'accept', {})).statusCode).toBe(201);
    expect((await conversationOf(seller, conversation.id)).listing?.status).toBe('active');

    const reserve = (member: RegisteredMember) =>
      call('POST', `/api/chat/conversations/${conversation.id}/reserve`, member);
    const byBuyer = await reserve(buyer);
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json()).toMatchObject({
      detail: 'Nur wer die Anzeige eingestellt hat, kann sie reservieren.',
    });
    expect(((await call('GET', `/api/listings/${ad.id}`)).json() as Listing).status).toBe('active');

    const bySeller = await reserve(seller);
    expect(bySeller.statusCode).toBe(200);
    expect(bySeller.json()).toMatchObject({
      id: conversation.id,
      my_role: 'seller',
      listing: { status: 'reserved' },
    });
    expect(((await call('GET', `/api/listings/${ad.id}`)).json() as Listing).status).toBe('reserved');
    expect((await conversationOf(buyer, conversation.id)).listing?.status).toBe('reserved');
    // Again: still reserved, nothing else changes.
    expect((await reserve(seller)).statusCode).toBe(200);

    const outsider = await verifiedMember(t, { nickname: 'Zaungast' });
    expect((await reserve(outsider)).statusCode).toBe(403);
    const sold = await call('PATCH', `/api/listings/${ad.id}`, seller, { status: 'sold' });
    expect(sold.statusCode).toBe(200);
    const late = await reserve(seller);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ detail: 'Diese Anzeige ist nicht mehr verfügbar.' });
    expect(((await call('GET', `/api/listings/${ad.id}`)).json() as Listing).status).toBe('sold');
  });

  it('after the ad is deleted the conversation stays, without the ad and without offers', async () => {
    const { buyer, seller, ad, conversation } = await scene();
    await say(buyer, conversation.id, 'Noch zu haben?');
    expect((await call('DELETE', `/api/listings/${ad.id}`, seller)).statusCode).toBe(204);
    const after = await conversationOf(buyer, conversation.id);
    expect(after).toMatchObject({ listing: null, can_offer: false });
    expect(after.last_message?.preview).toBe('Noch zu haben?');
    const res = await offer(buyer, conversation.id, { amount: 10 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: 'Diese Anzeige gibt es nicht mehr.' });
    expect((await send(seller, conversation.id, { content: 'Leider schon weg' })).statusCode).toBe(201);
  });

  it('a declined offer is closed; the buyer may offer again', async () => {
    const { buyer, seller, conversation } = await scene();
    const first = ((await offer(buyer, conversation.id, { amount: 50 })).json() as ChatOfferResult).message;
    const declined = await respond(seller, conversation.id, first.id, 'decline');
    expect(declined.statusCode).toBe(201);
    expect(declined.json()).toMatchObject({ message: { kind: 'offer_declined', offer_id: first.id } });
    expect((await offer(buyer, conversation.id, { amount: 60 })).statusCode).toBe(201);
  });

  it('Festpreis and Zu verschenken ads take no offers (400); nor does the seller make one', async () => {
    for (const overrides of [
      { price: 100, price_type: 'fixed' as const },
      { price: 0, price_type: 'free' as const },
    ]) {
      const { buyer, conversation } = await scene(overrides);
      expect((await conversationOf(buyer, conversation.id)).can_offer).toBe(false);
      const res = await offer(buyer, conversation.id, { amount: 10 });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: 'Preisvorschläge sind nur bei Anzeigen mit „VB“ (Verhandlungsbasis) möglich.',
        code: 'offer_not_possible',
      });
      const viaMessage = await send(buyer, conversation.id, { kind: 'offer', amount: 10 });
      expect(viaMessage.statusCode).toBe(400);
    }
    const { seller, conversation } = await scene();
    const bySeller = await offer(seller, conversation.id, { amount: 10 });
    expect(bySeller.statusCode).toBe(400);
    expect(bySeller.json()).toMatchObject({
      detail: 'Nur Interessenten können einen Preisvorschlag machen.',
    });
    expect(await countRows(t, `chat_messages where conversation_id = '${conversation.id}'`)).toBe(0);
  });

  it('amounts must be above 0 €, at most the highest ad price, with two decimals at most (422)', async () => {
    const { buyer, conversation } = await scene();
    for (const [amount, detail] of [
      [0, "Feld 'amount': Der Betrag muss größer als 0 € sein."],
      [-5, "Feld 'amount': Der Betrag muss größer als 0 € sein."],
      [10_000_001, "Feld 'amount': Der Betrag ist zu hoch."],
      [1.234, "Feld 'amount': Der Betrag darf höchstens zwei Nachkommastellen haben."],
      // Below a cent: checked in cents, never stored as a 0 € offer.
      [1e-9, "Feld 'amount': Der Betrag darf höchstens zwei Nachkommastellen haben."],
      [0.001, "Feld 'amount': Der Betrag darf höchstens zwei Nachkommastellen haben."],
      [19.999_999_9, "Feld 'amount': Der Betrag darf höchstens zwei Nachkommastellen haben."],
    ] as const) {
      const res = await offer(buyer, conversation.id, { amount });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ detail, code: 'validation' });
    }
    expect(await countRows(t, `chat_messages where conversation_id = '${conversation.id}'`)).toBe(0);
  });

  it('a counter-offer below a cent is refused and the offer stays open', async () => {
    const { buyer, seller, conversation } = await scene({ price: 120, price_type: 'negotiable' });
    const made = await offer(buyer, conversation.id, { amount: 19.99 });
    expect(made.statusCode).toBe(201);
    const first = (made.json() as ChatOfferResult).message;
    expect(first).toMatchObject({ amount: 19.99 });
    const countered = await respond(seller, conversation.id, first.id, 'counter', { amount: 1e-9 });
    expect(countered.statusCode).toBe(422);
    expect(countered.json()).toEqual({
      detail: "Feld 'amount': Der Betrag darf höchstens zwei Nachkommastellen haben.",
      code: 'validation',
    });
    expect((await messagesOf(seller, conversation.id)).messages).toHaveLength(1);
    expect((await messagesOf(seller, conversation.id)).messages[0]).toMatchObject({ offer_status: 'open' });
  });
});

describe('chat: sending limit', () => {
  it('200 parallel messages of one member: exactly 30 stored, the rest 429 with Retry-After', async () => {
    const { buyer, conversation } = await scene();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => send(buyer, conversation.id, { content: `Nachricht ${i}` })),
    );
    const created = answers.filter((res) => res.statusCode === 201);
    const limited = answers.filter((res) => res.statusCode === 429);
    expect(created).toHaveLength(30);
    expect(limited).toHaveLength(170);
    expect(limited[0]?.json()).toMatchObject({
      code: 'rate_limited',
      detail: expect.stringMatching(
        /^Du hast in kurzer Zeit sehr viele Nachrichten gesendet\. Bitte versuche es in/,
      ),
    });
    expect(Number(limited[0]?.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countRows(t, `chat_messages where conversation_id = '${conversation.id}'`)).toBe(30);
  });
});
