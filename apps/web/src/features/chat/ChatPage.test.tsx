import { CHAT_RATING_TEXT_MAX, type ChatConversation, type ChatMessage } from '@marketplace/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fieldError } from '../../test/fieldError.ts';
import { testUser } from '../../test/fixtures.ts';
import { logIn, renderWithSession } from '../../test/renderApp.tsx';
import { calls, stubRoutes } from '../../test/stubRoutes.ts';
import { ChatPage } from './ChatPage.tsx';

const me = testUser({ id: 'u1' });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const vbListing: NonNullable<ChatConversation['listing']> = {
  id: 'l1',
  title: 'Trekkingrad 28 Zoll',
  thumbnail: '/api/images/rad-card.webp',
  price: 250,
  price_type: 'negotiable',
  status: 'active',
};

function conversation(overrides: Partial<ChatConversation> = {}): ChatConversation {
  return {
    id: 'c1',
    listing: vbListing,
    my_role: 'buyer',
    other_member: { id: 'u2', name: 'Rad-Ria', avatar: null },
    last_message: {
      preview: 'Ist das Rad noch da?',
      created_at: minutesAgo(5),
      sender_id: 'u2',
      kind: 'text',
    },
    unread_count: 2,
    blocked_by_me: false,
    blocked_me: false,
    can_send: true,
    can_offer: true,
    can_rate: false,
    my_rating: null,
    reported: false,
    created_at: minutesAgo(60),
    last_activity_at: minutesAgo(5),
    ...overrides,
  };
}

function message(
  id: string,
  senderId: string,
  content: string,
  overrides: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    id,
    conversation_id: 'c1',
    sender_id: senderId,
    kind: 'text',
    content,
    image: null,
    amount: null,
    offer_id: null,
    offer_status: null,
    can_respond: false,
    client_id: null,
    created_at: minutesAgo(10),
    read_at: null,
    ...overrides,
  };
}

/**
 * A chat server with the conversations and messages given; stores sent messages, and puts the
 * bodies of reports into `reports` (the conversation is `reported` afterwards).
 */
function chatServer(conversations: ChatConversation[], messages: ChatMessage[], reports: unknown[] = []) {
  const stored = [...messages];
  const current = [...conversations];
  return stubRoutes((method, url, body) => {
    const path = url.pathname;
    if (path === '/api/me') return { body: me };
    if (path === '/api/realtime/ticket') return { status: 401, body: { detail: 'Nicht angemeldet' } };
    if (path === '/api/chat/conversations' && method === 'GET')
      return { body: { conversations: current, next_cursor: null } };
    if (path === '/api/chat/conversations' && method === 'POST') return { status: 201, body: current[0] };
    const match = path.match(/^\/api\/chat\/conversations\/([^/]+)(\/.*)?$/);
    const index = current.findIndex((item) => item.id === match?.[1]);
    const found = current[index];
    if (!match || !found) return undefined;
    if (!match[2] && method === 'GET') return { body: found };
    if (match[2] === '/messages' && method === 'GET') return { body: { messages: stored, has_more: false } };
    if (match[2] === '/read') return { body: { marked_read: 2, unread_count: 0 } };
    if (match[2] === '/report' && method === 'POST') {
      reports.push(body);
      current[index] = { ...found, reported: true };
      return { status: 201, body: { detail: 'Danke! Wir prüfen die Unterhaltung.' } };
    }
    const accept = match[2]?.match(/^\/offers\/([^/]+)\/accept$/);
    if (accept && method === 'POST') {
      const offer = stored.find((item) => item.id === accept[1]);
      const sent = body as { client_id: string; reserve: boolean };
      const created = message(`accepted${stored.length + 1}`, me.id, '', {
        kind: 'offer_accepted',
        amount: offer?.amount ?? null,
        offer_id: accept[1] ?? null,
        client_id: sent.client_id,
        created_at: new Date().toISOString(),
      });
      stored.push(created);
      return { status: 201, body: { message: created, reserved: sent.reserve } };
    }
    if (match[2] === '/messages' && method === 'POST') {
      const sent = body as { client_id: string; content: string };
      const created = message(`m${stored.length + 1}`, me.id, sent.content, {
        client_id: sent.client_id,
        created_at: new Date().toISOString(),
      });
      stored.push(created);
      return { status: 201, body: created };
    }
    return undefined;
  });
}

// Whole MUI conversations render slowly in jsdom on a busy machine.
describe('chat page (SPEC.md §2 "/chat")', { timeout: 20_000 }, () => {
  it('lists conversations with member, ad, last message, time and unread count', async () => {
    chatServer([conversation()], []);
    logIn(me);
    renderWithSession(<ChatPage />, '/chat');

    const list = await screen.findByRole('list', { name: 'Unterhaltungen' });
    const entry = within(list).getByRole('button');
    expect(entry.textContent).toContain('Rad-Ria');
    expect(entry.textContent).toContain('Trekkingrad 28 Zoll');
    expect(entry.textContent).toContain('Ist das Rad noch da?');
    expect(entry.textContent).toContain('vor 5 Min');
    expect(within(entry).getByText('2')).toBeTruthy();
  });

  it('opens a conversation with the newest message at the bottom, marks it read, and goes back', async () => {
    const fetchMock = chatServer(
      [conversation()],
      [
        message('m1', 'u2', 'Hallo, ist das Rad noch da?', { created_at: minutesAgo(10) }),
        message('m2', 'u1', 'Ja, noch da.', { created_at: minutesAgo(8), read_at: minutesAgo(7) }),
        message('m3', 'u2', 'Super, wann kann ich es ansehen?', { created_at: minutesAgo(5) }),
      ],
    );
    logIn(me);
    const { router } = renderWithSession(<ChatPage />, '/chat');

    await userEvent.click(await screen.findByRole('button', { name: /Rad-Ria/ }));
    const messages = await screen.findByRole('list', { name: 'Nachrichten' });
    const items = within(messages).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.replace(/vor.*$/, ''))).toEqual([
      'Hallo, ist das Rad noch da?',
      'Ja, noch da.',
      'Super, wann kann ich es ansehen?',
    ]);
    expect(within(items[1] as HTMLElement).getByTitle('Gelesen')).toBeTruthy();
    await expect.poll(() => calls(fetchMock)).toContain('POST /api/chat/conversations/c1/read');
    expect(router.state.location.search).toBe('?conversation=c1');

    // Below 900 px the conversation replaces the list; the back button returns to it.
    await userEvent.click(screen.getByRole('button', { name: 'Zurück zu den Unterhaltungen' }));
    expect(await screen.findByRole('list', { name: 'Unterhaltungen' })).toBeTruthy();
  });

  it('sends a message with a client id, counts characters, and shows it as sent', async () => {
    const fetchMock = chatServer([conversation({ unread_count: 0 })], []);
    logIn(me);
    renderWithSession(<ChatPage />, '/chat?conversation=c1');

    const input = await screen.findByRole('textbox', { name: 'Nachricht' });
    await userEvent.type(input, 'Hallo!');
    expect(screen.getByText('6/2000')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Senden' }));

    const messages = await screen.findByRole('list', { name: 'Nachrichten' });
    await expect.poll(() => within(messages).queryByTitle('Gesendet')).not.toBeNull();
    expect(within(messages).getByText('Hallo!')).toBeTruthy();
    const post = fetchMock.mock.calls.find(
      ([, init]) => init?.method === 'POST' && String(init.body).includes('Hallo'),
    );
    const body = JSON.parse(String(post?.[1]?.body));
    expect(body.content).toBe('Hallo!');
    expect(body.client_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(screen.getByText('0/2000')).toBeTruthy();
  });

  it("offers 'Preisvorschlag' only on VB ads (the server's can_offer)", async () => {
    chatServer(
      [
        conversation(),
        conversation({
          id: 'c2',
          other_member: { id: 'u3', name: 'Festpreis-Fritz', avatar: null },
          listing: { ...vbListing, id: 'l2', price_type: 'fixed' },
          can_offer: false,
        }),
      ],
      [],
    );
    logIn(me);
    const view = renderWithSession(<ChatPage />, '/chat?conversation=c1');
    expect(await screen.findByRole('button', { name: 'Preisvorschlag' })).toBeTruthy();

    view.unmount();
    renderWithSession(<ChatPage />, '/chat?conversation=c2');
    await screen.findByRole('textbox', { name: 'Nachricht' });
    expect(screen.queryByRole('button', { name: 'Preisvorschlag' })).toBeNull();
  });

  it("an offer with more than two decimals shows the contract's German error under the amount and sends nothing", async () => {
    const fetchMock = chatServer([conversation()], []);
    logIn(me);
    renderWithSession(<ChatPage />, '/chat?conversation=c1');
    await userEvent.click(await screen.findByRole('button', { name: 'Preisvorschlag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preisvorschlag machen' });
    const amount = within(dialog).getByRole('textbox', { name: 'Dein Preis in €' });
    await userEvent.type(amount, '12,345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vorschlag senden' }));
    await expect
      .poll(() => fieldError(amount))
      .toBe('Der Betrag darf höchstens zwei Nachkommastellen haben.');
    expect(calls(fetchMock).filter((call) => call.includes('/offers'))).toEqual([]);
  });

  it('shows Annehmen, Ablehnen and Gegenangebot on an offer the member may answer', async () => {
    chatServer(
      [conversation({ my_role: 'seller', can_offer: false })],
      [
        message('m1', 'u2', '', {
          kind: 'offer',
          amount: 200,
          offer_status: 'open',
          can_respond: true,
        }),
      ],
    );
    logIn(me);
    renderWithSession(<ChatPage />, '/chat?conversation=c1');

    const offer = await screen.findByRole('listitem', { name: 'Preisvorschlag: 200 €' });
    for (const name of ['Annehmen', 'Ablehnen', 'Gegenangebot']) {
      expect(within(offer).getByRole('button', { name })).toBeTruthy();
    }
  });

  it("the seller accepts with 'Anzeige für diese Person reservieren', ticked by default", async () => {
    const offer = message('m1', 'u2', '', {
      kind: 'offer',
      amount: 200,
      offer_status: 'open',
      can_respond: true,
    });
    const fetchMock = chatServer([conversation({ my_role: 'seller', can_offer: false })], [offer]);
    logIn(me);
    renderWithSession(<ChatPage />, '/chat?conversation=c1');

    const card = await screen.findByRole('listitem', { name: 'Preisvorschlag: 200 €' });
    await userEvent.click(within(card).getByRole('button', { name: 'Annehmen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preisvorschlag annehmen?' });
    expect(dialog.textContent).toContain('200 €');
    const reserve = within(dialog).getByRole('checkbox', { name: 'Anzeige für diese Person reservieren' });
    expect((reserve as HTMLInputElement).checked).toBe(true);
    expect(calls(fetchMock)).not.toContain('POST /api/chat/conversations/c1/offers/m1/accept');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Annehmen' }));
    expect(await screen.findByText('Die Anzeige ist jetzt reserviert.')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/offers/m1/accept'));
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ reserve: true });
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Preisvorschlag annehmen?' })).toBeNull();
  });

  it('the seller may accept without reserving; Abbrechen sends nothing', async () => {
    const offer = message('m1', 'u2', '', {
      kind: 'offer',
      amount: 200,
      offer_status: 'open',
      can_respond: true,
    });
    const fetchMock = chatServer([conversation({ my_role: 'seller', can_offer: false })], [offer]);
    logIn(me);
    renderWithSession(<ChatPage />, '/chat?conversation=c1');

    const card = await screen.findByRole('listitem', { name: 'Preisvorschlag: 200 €' });
    await userEvent.click(within(card).getByRole('button', { name: 'Annehmen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Preisvorschlag annehmen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Preisvorschlag annehmen?' })).toBeNull();
    expect(calls(fetchMock).some((call) => call.endsWith('/accept'))).toBe(false);

    await userEvent.click(within(card).getByRole('button', { name: 'Annehmen' }));
    dialog = await screen.findByRole('dialog', { name: 'Preisvorschlag annehmen?' });
    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Anzeige für diese Person reservieren' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annehmen' }));
    await expect.poll(() => calls(fetchMock)).toContain('POST /api/chat/conversations/c1/offers/m1/accept');
    const post = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/offers/m1/accept'));
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ reserve: false });
    expect(screen.queryByText('Die Anzeige ist jetzt reserviert.')).toBeNull();
  });

  it('a buyer accepting a counter offer confirms it without the reservation choice', async () => {
    const counter = message('m2', 'u2', '', {
      kind: 'offer_countered',
      amount: 230,
      offer_status: 'open',
      can_respond: true,
    });
    const fetchMock = chatServer([conversation()], [counter]);
    logIn(me);
    renderWithSession(<ChatPage />, '/chat?conversation=c1');

    const card = await screen.findByRole('listitem', { name: 'Gegenangebot: 230 €' });
    await userEvent.click(within(card).getByRole('button', { name: 'Annehmen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gegenangebot annehmen?' });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annehmen' }));
    await expect.poll(() => calls(fetchMock)).toContain('POST /api/chat/conversations/c1/offers/m2/accept');
    const post = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/offers/m2/accept'));
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ reserve: false });
  });

  it("after the buyer accepted the counter offer the seller marks the ad 'Als reserviert markieren' in the chat", async () => {
    let current = conversation({ my_role: 'seller', can_offer: false, unread_count: 0 });
    const messages = [
      message('m1', 'u2', '', { kind: 'offer', amount: 200, offer_status: 'countered' }),
      message('m2', me.id, '', { kind: 'offer_countered', amount: 230, offer_status: 'accepted' }),
      message('m3', 'u2', '', { kind: 'offer_accepted', amount: 230, offer_id: 'm2' }),
    ];
    const fetchMock = stubRoutes((method, url) => {
      if (url.pathname === '/api/me') return { body: me };
      if (url.pathname === '/api/chat/conversations')
        return { body: { conversations: [current], next_cursor: null } };
      if (url.pathname === '/api/chat/conversations/c1') return { body: current };
      if (url.pathname === '/api/chat/conversations/c1/messages')
        return { body: { messages, has_more: false } };
      if (url.pathname === '/api/chat/conversations/c1/reserve' && method === 'POST') {
        current = { ...current, listing: { ...vbListing, status: 'reserved' } };
        return { body: current };
      }
      return undefined;
    });
    logIn(me);
    renderWithSession(<ChatPage />, '/chat?conversation=c1');

    expect(
      await screen.findByText('Ihr habt euch auf einen Preis geeinigt. Die Anzeige ist aber noch aktiv.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Als reserviert markieren' }));
    expect(await screen.findByText('Die Anzeige ist jetzt reserviert.')).toBeTruthy();
    expect(calls(fetchMock)).toContain('POST /api/chat/conversations/c1/reserve');
    await expect.poll(() => screen.queryByRole('button', { name: 'Als reserviert markieren' })).toBeNull();
  });

  it("the buyer is not offered 'Als reserviert markieren', nor the seller before an offer was accepted", async () => {
    chatServer(
      [conversation({ unread_count: 0 }), conversation({ id: 'c2', my_role: 'seller', unread_count: 0 })],
      [message('m3', me.id, '', { kind: 'offer_accepted', amount: 230, offer_id: 'm2' })],
    );
    logIn(me);
    const view = renderWithSession(<ChatPage />, '/chat?conversation=c1');
    await screen.findByText('Preisvorschlag über 230 € angenommen');
    expect(screen.queryByRole('button', { name: 'Als reserviert markieren' })).toBeNull();
    view.unmount();

    chatServer([conversation({ my_role: 'seller', unread_count: 0 })], [message('m1', 'u2', 'Noch da?')]);
    renderWithSession(<ChatPage />, '/chat?conversation=c1');
    await screen.findByText('Noch da?');
    expect(screen.queryByRole('button', { name: 'Als reserviert markieren' })).toBeNull();
  });

  it("after 'Bewertung abgeben' the header shows the member's new rating instead of 'Noch keine Bewertungen'", async () => {
    let rated = false;
    const reputation = () => ({
      user_id: 'u2',
      rating: rated ? 5 : null,
      review_count: rated ? 1 : 0,
      forum_likes: 0,
      forum_posts: 0,
      member_since: '2024-03-01T00:00:00.000Z',
      verified: false,
      badge: null,
      email_verified: true,
      answer_rate: null,
    });
    stubRoutes((method, url) => {
      if (url.pathname === '/api/me') return { body: me };
      const current = conversation({ unread_count: 0, can_rate: !rated });
      if (url.pathname === '/api/chat/conversations')
        return { body: { conversations: [current], next_cursor: null } };
      if (url.pathname === '/api/chat/conversations/c1') return { body: current };
      if (url.pathname === '/api/chat/conversations/c1/messages')
        return { body: { messages: [], has_more: false } };
      if (url.pathname === '/api/users/u2/reputation') return { body: reputation() };
      if (url.pathname === '/api/chat/conversations/c1/rating' && method === 'POST') {
        rated = true;
        return { status: 201, body: { stars: 5, text: null, created_at: new Date().toISOString() } };
      }
      return undefined;
    });
    logIn(me);
    renderWithSession(<ChatPage />, '/chat?conversation=c1');

    const header = await screen.findByTestId('member-reputation');
    await within(header).findByText(/Noch keine Bewertungen/);
    await userEvent.click(screen.getByRole('button', { name: 'Bewerten' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: '5 Sterne' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bewertung abgeben' }));
    expect(await screen.findByText('Danke für deine Bewertung!')).toBeTruthy();
    await expect
      .poll(() => screen.getByTestId('member-reputation').textContent)
      .toContain('★ 5,0 (1 Bewertung)');
  });

  it("a rating whose text is too long shows the contract's German error under the text and sends nothing", async () => {
    const fetchMock = stubRoutes((_method, url) => {
      if (url.pathname === '/api/me') return { body: me };
      const current = conversation({ unread_count: 0, can_rate: true });
      if (url.pathname === '/api/chat/conversations')
        return { body: { conversations: [current], next_cursor: null } };
      if (url.pathname === '/api/chat/conversations/c1') return { body: current };
      if (url.pathname === '/api/chat/conversations/c1/messages')
        return { body: { messages: [], has_more: false } };
      return undefined;
    });
    logIn(me);
    renderWithSession(<ChatPage />, '/chat?conversation=c1');

    await userEvent.click(await screen.findByRole('button', { name: 'Bewerten' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: '5 Sterne' }));
    const text = within(dialog).getByRole('textbox', { name: 'Deine Erfahrung (optional)' });
    // The field stops typing at the limit; a pasted or scripted text can still be longer.
    fireEvent.change(text, { target: { value: 'x'.repeat(CHAT_RATING_TEXT_MAX + 1) } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bewertung abgeben' }));
    await expect
      .poll(() => fieldError(text))
      .toBe(`Die Bewertung darf höchstens ${CHAT_RATING_TEXT_MAX} Zeichen lang sein.`);
    expect(calls(fetchMock)).not.toContain('POST /api/chat/conversations/c1/rating');
  });

  it.each([
    ['/chat?listingId=l1', { listing_id: 'l1' }],
    ['/chat?sellerId=u2', { user_id: 'u2' }],
  ])('%s opens or starts the conversation about that ad or with that member', async (path, sent) => {
    const fetchMock = chatServer([conversation()], []);
    logIn(me);
    const { router } = renderWithSession(<ChatPage />, path);

    await expect.poll(() => router.state.location.search).toBe('?conversation=c1');
    const start = fetchMock.mock.calls.find(
      ([input, init]) => init?.method === 'POST' && String(input).endsWith('/conversations'),
    );
    expect(JSON.parse(String(start?.[1]?.body))).toEqual(sent);
    expect(await screen.findByRole('textbox', { name: 'Nachricht' })).toBeTruthy();
  });

  it('loads older messages when scrolled to the top and keeps them above', async () => {
    const older = [message('m1', 'u2', 'Erste Frage'), message('m2', 'u1', 'Erste Antwort')];
    const newest = [message('m3', 'u2', 'Zweite Frage'), message('m4', 'u1', 'Zweite Antwort')];
    const fetchMock = stubRoutes((_method, url) => {
      if (url.pathname === '/api/me') return { body: me };
      if (url.pathname === '/api/chat/conversations')
        return { body: { conversations: [conversation()], next_cursor: null } };
      if (url.pathname === '/api/chat/conversations/c1') return { body: conversation({ unread_count: 0 }) };
      if (url.pathname === '/api/chat/conversations/c1/messages') {
        return url.searchParams.get('before') === 'm3'
          ? { body: { messages: older, has_more: false } }
          : { body: { messages: newest, has_more: true } };
      }
      if (url.pathname === '/api/chat/conversations/c1/read')
        return { body: { marked_read: 0, unread_count: 0 } };
      return undefined;
    });
    logIn(me);
    renderWithSession(<ChatPage />, '/chat?conversation=c1');

    const list = await screen.findByRole('list', { name: 'Nachrichten' });
    expect(within(list).queryByText('Erste Frage')).toBeNull();
    fireEvent.scroll(screen.getByTestId('chat-messages'));
    await within(list).findByText('Erste Frage');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/vor.*$/, '')),
    ).toEqual(['Erste Frage', 'Erste Antwort', 'Zweite Frage', 'Zweite Antwort']);
    expect(calls(fetchMock)).toContain('GET /api/chat/conversations/c1/messages?before=m3');
  });

  it("keeps a failed message with 'Erneut senden', which sends it again with the same client id", async () => {
    const posts: { client_id: string; content: string }[] = [];
    stubRoutes((method, url, body) => {
      if (url.pathname === '/api/me') return { body: me };
      if (url.pathname === '/api/chat/conversations')
        return { body: { conversations: [conversation()], next_cursor: null } };
      if (url.pathname === '/api/chat/conversations/c1') return { body: conversation({ unread_count: 0 }) };
      if (url.pathname === '/api/chat/conversations/c1/messages' && method === 'GET') {
        return { body: { messages: [], has_more: false } };
      }
      if (url.pathname === '/api/chat/conversations/c1/messages' && method === 'POST') {
        const sent = body as { client_id: string; content: string };
        posts.push(sent);
        if (posts.length === 1) return { status: 503, body: { detail: 'Dienst gerade nicht erreichbar' } };
        return { status: 201, body: message('m1', me.id, sent.content, { client_id: sent.client_id }) };
      }
      return undefined;
    });
    logIn(me);
    renderWithSession(<ChatPage />, '/chat?conversation=c1');

    await userEvent.type(await screen.findByRole('textbox', { name: 'Nachricht' }), 'Noch da?');
    await userEvent.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByText('Dienst gerade nicht erreichbar')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Erneut senden' }));

    const list = screen.getByRole('list', { name: 'Nachrichten' });
    await expect.poll(() => within(list).queryByTitle('Gesendet')).not.toBeNull();
    expect(within(list).getAllByText('Noch da?')).toHaveLength(1);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.client_id).toBe(posts[0]?.client_id);
  });

  it("'Blockieren' blocks the member and replaces the input; 'Melden' sends the reason", async () => {
    let current = conversation({ unread_count: 0 });
    const sent: string[] = [];
    stubRoutes((method, url, body) => {
      if (url.pathname === '/api/me') return { body: me };
      if (url.pathname === '/api/chat/conversations')
        return { body: { conversations: [current], next_cursor: null } };
      if (url.pathname === '/api/chat/conversations/c1') return { body: current };
      if (url.pathname === '/api/chat/conversations/c1/messages')
        return { body: { messages: [], has_more: false } };
      if (url.pathname === '/api/chat/conversations/c1/block' && method === 'POST') {
        current = { ...current, blocked_by_me: true, can_send: false, can_offer: false };
        return { body: current };
      }
      if (url.pathname === '/api/chat/conversations/c1/report' && method === 'POST') {
        sent.push(JSON.stringify(body));
        current = { ...current, reported: true };
        return { status: 201, body: { detail: 'Danke' } };
      }
      return undefined;
    });
    logIn(me);
    renderWithSession(<ChatPage />, '/chat?conversation=c1');

    await screen.findByRole('textbox', { name: 'Nachricht' });
    await userEvent.click(screen.getByRole('button', { name: 'Weitere Aktionen' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Melden' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Grund' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Betrugsversuch' }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Hinweis (optional)' }),
      'Will Vorkasse',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Melden' }));
    await expect.poll(() => sent).toEqual([JSON.stringify({ reason: 'fraud', text: 'Will Vorkasse' })]);
    expect(await screen.findByText('Danke! Wir sehen uns die Unterhaltung an.')).toBeTruthy();
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Weitere Aktionen' }));
    expect(screen.getByRole('menuitem', { name: 'Gemeldet' }).getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Blockieren' }));
    expect(
      await screen.findByText(
        'Du hast dieses Mitglied blockiert. Ihr könnt euch keine Nachrichten schreiben.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Nachricht' })).toBeNull();
  });

  it('shows the recipient a warning for each kind under a flagged message, none on ordinary ones', async () => {
    chatServer(
      [conversation({ unread_count: 0 })],
      [
        message('m1', 'u2', 'Schreib mir bitte auf WhatsApp 0176 1234567', { warning: 'off_platform' }),
        message('m2', 'u2', 'Sendung: dhl-paket-zustellung.info/track', { warning: 'foreign_link' }),
        message('m3', 'u2', 'Zahlung bitte über PayPal Freunde', { warning: 'advance_payment' }),
        message('m4', 'u2', 'Ist der Kinderwagen noch da?', { warning: null }),
        // The server never tells the sender; were it to, the own message still shows nothing.
        message('m5', 'u1', 'Nur bar bei Abholung.', { warning: 'advance_payment' }),
      ],
    );
    logIn(me);
    renderWithSession(<ChatPage />, '/chat?conversation=c1');

    const list = await screen.findByRole('list', { name: 'Nachrichten' });
    const items = within(list).getAllByRole('listitem');
    const [lure, link, prepay, ordinary, own] = items as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(lure).getByText(/will dich aus dem Chat locken/)).toBeTruthy();
    expect(within(link).getByText(/Link zu einer fremden Seite/)).toBeTruthy();
    expect(within(prepay).getByText(/Geld im Voraus verlangt/)).toBeTruthy();
    for (const flagged of [lure, link, prepay]) {
      expect(within(flagged).getByText('Vorsicht, möglicher Betrug')).toBeTruthy();
      expect(within(flagged).getByRole('button', { name: /als Betrugsversuch melden/ })).toBeTruthy();
    }
    for (const plain of [ordinary, own]) {
      expect(within(plain).queryByText('Vorsicht, möglicher Betrug')).toBeNull();
      expect(within(plain).queryByRole('button', { name: /melden/i })).toBeNull();
    }
  });

  it("'Melden' under a warning reports the conversation as fraud with one click and confirms it", async () => {
    const sent: unknown[] = [];
    const flagged = message('m1', 'u2', 'Zahlung bitte über PayPal Freunde, dann versende ich', {
      warning: 'advance_payment',
    });
    chatServer([conversation({ unread_count: 0 })], [flagged], sent);
    logIn(me);
    renderWithSession(<ChatPage />, '/chat?conversation=c1');

    await userEvent.click(await screen.findByRole('button', { name: /als Betrugsversuch melden/ }));
    // No dialog: the reason is preset; the moderators read the flagged message from the server's
    // record, so the browser sends no quote of its own.
    expect(screen.queryByRole('dialog')).toBeNull();
    await expect.poll(() => sent).toEqual([{ reason: 'fraud' }]);
    expect(await screen.findByText('Danke! Wir sehen uns die Unterhaltung an.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /als Betrugsversuch melden/ })).toBeNull();
    // The menu says so too.
    await userEvent.click(screen.getByRole('button', { name: 'Weitere Aktionen' }));
    expect(screen.getByRole('menuitem', { name: 'Gemeldet' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('a new conversation without messages shows the three safety tips and the way to the FAQ', async () => {
    chatServer([conversation({ unread_count: 0, last_message: null })], []);
    logIn(me);
    renderWithSession(<ChatPage />, '/chat?conversation=c1');

    const tips = await screen.findByRole('complementary', { name: 'Sicher handeln' });
    expect(
      within(tips)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Triff dich zur Übergabe an einem belebten, öffentlichen Ort.',
      'Zahle nie im Voraus per Überweisung oder „PayPal Freunde“ an Unbekannte.',
      'Folge keinen Zahlungs- oder Versandlinks aus dem Chat.',
    ]);
    expect(
      within(tips).getByRole('link', { name: 'Mehr dazu in den häufigen Fragen' }).getAttribute('href'),
    ).toBe('/faq');
    expect(screen.getByText('Noch keine Nachrichten. Schreib die erste!')).toBeTruthy();
  });
});

describe('appointments in chat (contract calendar.ts)', () => {
  const appointment: NonNullable<ChatMessage['appointment']> = {
    id: 'a1',
    conversation_id: 'c1',
    listing_id: 'l1',
    proposer_id: 'u2',
    type: 'viewing',
    status: 'proposed',
    starts_at: '2027-10-31T01:30:00.000Z',
    ends_at: '2027-10-31T02:30:00.000Z',
    starts_at_local: '2027-10-31T02:30:00+01:00',
    place: 'Lindwurmstraße 5, München',
    note: 'Bitte bei Huber klingeln',
    replaces_id: null,
    can: { accept: true, decline: true, counter: true, cancel: false },
  };
  const proposal = message('m1', 'u2', 'Bitte bei Huber klingeln', { kind: 'appointment', appointment });

  it('shows a proposal in German time with the answers the server allows; another time needs a place', async () => {
    const fetchMock = stubRoutes((method, url) => {
      if (url.pathname === '/api/me') return { body: me };
      if (url.pathname === '/api/chat/conversations')
        return { body: { conversations: [conversation()], next_cursor: null } };
      if (url.pathname === '/api/chat/conversations/c1') return { body: conversation() };
      if (url.pathname === '/api/chat/conversations/c1/messages')
        return { body: { messages: [proposal], has_more: false } };
      if (url.pathname === '/api/chat/conversations/c1/appointments/a1/accept' && method === 'POST')
        return {
          status: 201,
          body: message('m2', me.id, '', {
            kind: 'appointment_accepted',
            appointment: {
              ...appointment,
              status: 'accepted',
              can: { accept: false, decline: false, counter: false, cancel: true },
            },
          }),
        };
      return undefined;
    });
    logIn(me);
    renderWithSession(<ChatPage />, '/chat?conversation=c1');

    const card = await screen.findByRole('listitem', { name: 'Terminvorschlag: Besichtigung' });
    // The hour that occurs twice when summer time ends: shown as the clock shows it.
    expect(within(card).getByText('So., 31.10.2027, 02:30 Uhr')).toBeTruthy();
    expect(within(card).getByText('Lindwurmstraße 5, München')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Termin absagen' })).toBeNull();

    await userEvent.click(within(card).getByRole('button', { name: 'Anderer Termin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anderen Termin vorschlagen' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vorschlag senden' }));
    expect(await within(dialog).findByText('Bitte gib einen Ort an.')).toBeTruthy();
    expect(calls(fetchMock).some((call) => call.includes('/counter'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));

    await userEvent.click(within(card).getByRole('button', { name: 'Zusagen' }));
    await expect
      .poll(() => calls(fetchMock))
      .toContain('POST /api/chat/conversations/c1/appointments/a1/accept');
    expect(await screen.findByText('Der Termin steht jetzt in deinem Kalender.')).toBeTruthy();
  });
});
