import type {
  ForumCategory,
  ForumPost,
  ForumPostPermissions,
  ForumThreadPage,
  ForumThreadPermissions,
  ForumThreadSummary,
} from '@marketplace/contract';
import { configure, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fieldError } from '../../test/fieldError.ts';
import { testUser } from '../../test/fixtures.ts';
import { logIn, renderApp } from '../../test/renderApp.tsx';
import { calls, stubRoutes } from '../../test/stubRoutes.ts';

// The pages load lazily; on a busy machine the first chunk takes longer than the default second.
configure({ asyncUtilTimeout: 10_000 });

const now = new Date().toISOString();

function category(id: string, name: string, parent: string | null, threads = 0): ForumCategory {
  return {
    id,
    parent_id: parent,
    slug: id.split('/').pop() ?? id,
    name,
    description: `${name} Beschreibung`,
    thread_count: threads,
    post_count: threads * 3,
    last_activity: threads
      ? { thread_id: 't1', thread_title: 'Erstes Thema', at: now, author_name: 'Bernd' }
      : null,
  };
}

const overview = {
  forums: [
    {
      ...category('business', 'Business Forum', null, 2),
      subforums: [category('business/gruendung', 'Gründung', 'business', 2)],
    },
    { ...category('games', 'Games Forum', null), subforums: [category('games/pc', 'PC', 'games')] },
    {
      ...category('sports', 'Sport Forum', null),
      subforums: [category('sports/laufen', 'Laufen', 'sports')],
    },
  ],
};

function summary(index: number, overrides: Partial<ForumThreadSummary> = {}): ForumThreadSummary {
  return {
    id: `t${index}`,
    category_id: 'business/gruendung',
    category_name: 'Gründung',
    title: `Thema ${index}`,
    author: { id: 'u2', name: 'Bernd', avatar: null },
    pinned: false,
    locked: false,
    reply_count: index,
    like_count: 0,
    view_count: 5,
    created_at: now,
    last_post_at: now,
    last_post_author: 'Bernd',
    ...overrides,
  };
}

/** What a member with a verified e-mail may do with another member's post (the server's policy). */
const OTHERS_POST: ForumPostPermissions = {
  reply: true,
  edit: false,
  delete: false,
  moderate: false,
  like: true,
  report: true,
};
const NO_POST: ForumPostPermissions = { ...OTHERS_POST, reply: false, like: false, report: false };
/** What such a member may do with another member's open thread. */
const OTHERS_THREAD: ForumThreadPermissions = { reply: true, watch: true, moderate: false, delete: false };

function post(number: number, overrides: Partial<ForumPost> = {}): ForumPost {
  return {
    id: `p${number}`,
    thread_id: 't1',
    number,
    author: {
      id: number === 1 ? 'u2' : 'u3',
      name: number === 1 ? 'Bernd' : 'Carla',
      avatar: null,
      member_since: now,
      email_verified: true,
      rating: number === 1 ? 4.5 : null,
      review_count: number === 1 ? 2 : 0,
      post_count: 4,
      likes_received: 2,
      is_admin: false,
    },
    body: `Text ${number}`,
    html: `<p>Text ${number}</p>`,
    like_count: 1,
    liked: false,
    created_at: now,
    edited_at: null,
    deleted: false,
    deleted_by_admin: false,
    deleted_reason: null,
    can_edit: false,
    can_delete: false,
    can: OTHERS_POST,
    ...overrides,
  };
}

function threadPage(overrides: Partial<ForumThreadPage> = {}): ForumThreadPage {
  return {
    thread: {
      ...summary(1, { title: 'Erstes Thema' }),
      deleted: false,
      deleted_reason: null,
      moderation_note: null,
      can: OTHERS_THREAD,
    },
    category: category('business/gruendung', 'Gründung', 'business'),
    parent: category('business', 'Business Forum', null),
    posts: [post(1), post(2, { edited_at: now })],
    total: 2,
    page: 1,
    page_size: 20,
    can_reply: true,
    can_moderate: false,
    subscription: null,
    ...overrides,
  };
}

function forumServer(options: { page?: ForumThreadPage; user?: ReturnType<typeof testUser> } = {}) {
  return stubRoutes((method, url, body) => {
    if (url.pathname === '/api/me' && options.user) return { body: options.user };
    if (url.pathname === '/api/forum/categories') return { body: overview };
    if (url.pathname === '/api/forum/threads' && method === 'GET') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const all = Array.from({ length: 23 }, (_, i) => summary(i + 1, { pinned: i === 0 }));
      return {
        body: {
          category: category('business/gruendung', 'Gründung', 'business', 23),
          parent: category('business', 'Business Forum', null),
          threads: all.slice((page - 1) * 20, page * 20),
          total: 23,
          page,
          page_size: 20,
        },
      };
    }
    if (url.pathname === '/api/forum/threads/t1' && method === 'GET')
      return { body: options.page ?? threadPage() };
    if (url.pathname === '/api/forum/threads/t1/posts' && method === 'POST')
      return { status: 201, body: post(3, { body: (body as { body: string }).body }) };
    if (url.pathname.startsWith('/api/forum/posts/') && method === 'DELETE') return { status: 204 };
    if (url.pathname.endsWith('/report') && method === 'POST') return { status: 204 };
    if (url.pathname === '/api/forum/threads/t1' && method === 'PATCH')
      return { body: summary(1, { locked: true }) };
    if (url.pathname === '/api/forum/preview')
      return {
        body: {
          html: '<p><strong>Fett</strong> <a href="https://example.com" rel="nofollow ugc">Link</a></p>',
        },
      };
    if (url.pathname === '/api/forum/threads' && method === 'POST')
      return { status: 201, body: { id: 't1' } };
    if (url.pathname.startsWith('/api/notifications'))
      return { body: { notifications: [], total: 0, unread: 0 } };
    return undefined;
  });
}

describe('forum pages', { timeout: 30_000 }, () => {
  it('/forum shows the three forums with subforums, counts and latest activity', async () => {
    forumServer();
    renderApp('/forum');
    const business = await screen.findByRole('region', { name: 'Business Forum' });
    expect(within(business).getByText('Gründung')).toBeTruthy();
    expect(within(business).getAllByText(/2 Themen/).length).toBeGreaterThan(0);
    expect(within(business).getByRole('link', { name: 'Erstes Thema' }).getAttribute('href')).toBe(
      '/forum/thread/t1',
    );
    expect(screen.getByRole('region', { name: 'Games Forum' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Sport Forum' })).toBeTruthy();
  });

  it('a thread list shows pinned threads marked and pages with Weiter', async () => {
    const fetchMock = forumServer();
    renderApp('/forum/business/gruendung');
    expect(await screen.findByRole('link', { name: 'Thema 1' })).toBeTruthy();
    expect(screen.getByText('Angeheftet')).toBeTruthy();
    expect(screen.getAllByTestId('forum-thread-row')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByRole('link', { name: 'Thema 23' })).toBeTruthy();
    expect(calls(fetchMock)).toContain(
      'GET /api/forum/threads?category=business%2Fgruendung&sort=activity&page=2',
    );
  });

  it('a thread shows posts with author cards and "bearbeitet"; quoting fills the reply, which is sent', async () => {
    const user = testUser({ id: 'u1', email_verified: true });
    logIn(user);
    const fetchMock = forumServer({ user });
    renderApp('/forum/thread/t1');
    const posts = await screen.findAllByTestId('forum-post');
    expect(posts).toHaveLength(2);
    expect(within(posts[1] as HTMLElement).getByText(/bearbeitet/)).toBeTruthy();
    expect(within(posts[0] as HTMLElement).getByText('4 Beiträge · 2 Likes erhalten')).toBeTruthy();
    expect(within(posts[0] as HTMLElement).getByText('★ 4,5 (2 Bewertungen)')).toBeTruthy();
    await userEvent.click(within(posts[1] as HTMLElement).getByRole('button', { name: 'Zitieren' }));
    const box = screen.getByRole('textbox', { name: 'Text' }) as HTMLTextAreaElement;
    expect(box.value).toContain('> @Carla schrieb:\n> Text 2');
    await userEvent.type(box, 'Danke @Carla');
    await userEvent.click(screen.getByRole('button', { name: 'Antwort senden' }));
    await expect.poll(() => calls(fetchMock)).toContain('POST /api/forum/threads/t1/posts');
    const sent = fetchMock.mock.calls.find(
      ([input, init]) => init?.method === 'POST' && String(input).endsWith('/posts'),
    );
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({ reply_to: 'p2' });
  });

  it("'Verifiziert' is an approved seller verification, as on every card; a confirmed e-mail reads 'E-Mail bestätigt'", async () => {
    const reputation = (userId: string, badge: 'private' | null) => ({
      user_id: userId,
      rating: null,
      review_count: 0,
      forum_likes: 2,
      forum_posts: 4,
      member_since: now,
      verified: badge !== null,
      badge,
      email_verified: true,
      answer_rate: null,
    });
    const [first, second] = [post(1), post(2)];
    forumServer({
      page: threadPage({
        posts: [
          { ...first, author: { ...first.author, reputation: reputation('u2', null) } },
          { ...second, author: { ...second.author, reputation: reputation('u3', 'private') } },
        ],
      }),
    });
    renderApp('/forum/thread/t1');
    const [fresh, verified] = (await screen.findAllByTestId('forum-post')) as HTMLElement[];
    if (!fresh || !verified) throw new Error('two posts expected');
    expect(within(fresh).getByText('E-Mail bestätigt')).toBeTruthy();
    expect(within(fresh).queryByText('Verifiziert')).toBeNull();
    expect(within(fresh).queryByTitle('Verifiziert')).toBeNull();
    expect(within(verified).getAllByText('Verifiziert')).toHaveLength(1);
    expect(within(verified).queryByTitle('Verifiziert')).toBeNull();
  });

  it("typing '@' in the reply offers the thread's other authors by their shown name and completes it", async () => {
    const user = testUser({ id: 'u3', email_verified: true });
    logIn(user);
    forumServer({ user });
    renderApp('/forum/thread/t1');
    const box = (await screen.findByRole('textbox', { name: 'Text' })) as HTMLTextAreaElement;
    await userEvent.type(box, 'Danke @');
    const offered = await screen.findByRole('group', { name: 'Erwähnen' });
    // Carla (u3) is the one writing: only Bernd is offered.
    expect(
      within(offered)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['@Bernd']);
    await userEvent.type(box, 'x');
    expect(screen.queryByRole('group', { name: 'Erwähnen' })).toBeNull();
    await userEvent.type(box, '{Backspace}b');
    await userEvent.click(
      within(await screen.findByRole('group', { name: 'Erwähnen' })).getByRole('button', { name: '@Bernd' }),
    );
    expect(box.value).toBe('Danke @Bernd ');
    expect(screen.queryByRole('group', { name: 'Erwähnen' })).toBeNull();
    await userEvent.type(box, 'für den Tipp.');
    expect(box.value).toBe('Danke @Bernd für den Tipp.');
  });

  it('a locked thread offers no reply; an ADMIN sees the moderation and locks', async () => {
    const admin = testUser({ id: 'u9', role: 'ADMIN', email_verified: true });
    logIn(admin);
    const fetchMock = forumServer({
      user: admin,
      page: threadPage({
        can_moderate: true,
        thread: { ...threadPage().thread, can: { ...OTHERS_THREAD, moderate: true, delete: true } },
      }),
    });
    renderApp('/forum/thread/t1');
    const moderation = await screen.findByRole('region', { name: 'Moderation' });
    await userEvent.click(within(moderation).getByRole('button', { name: 'Schließen' }));
    await expect.poll(() => calls(fetchMock)).toContain('PATCH /api/forum/threads/t1');
  });

  it('shows the lock notice instead of the reply box', async () => {
    const user = testUser({ id: 'u1', email_verified: true });
    logIn(user);
    forumServer({
      user,
      page: threadPage({
        can_reply: false,
        thread: { ...threadPage().thread, locked: true, can: { ...OTHERS_THREAD, reply: false } },
      }),
    });
    renderApp('/forum/thread/t1');
    expect(
      await screen.findByText('Dieses Thema ist geschlossen. Antworten sind nicht mehr möglich.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Antwort senden' })).toBeNull();
  });

  it("reporting a post asks why and sends it with 'Meldung senden', not with the reply's button", async () => {
    const user = testUser({ id: 'u1', email_verified: true });
    logIn(user);
    const fetchMock = forumServer({ user });
    renderApp('/forum/thread/t1');
    const posts = await screen.findAllByTestId('forum-post');
    await userEvent.click(within(posts[1] as HTMLElement).getByRole('button', { name: 'Melden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beitrag melden' });
    expect(within(dialog).queryByRole('button', { name: 'Antwort senden' })).toBeNull();
    await userEvent.type(within(dialog).getByRole('textbox'), 'Werbung für einen Shop.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Meldung senden' }));
    await expect.poll(() => calls(fetchMock)).toContain('POST /api/forum/posts/p2/report');
  });

  it('asks a visitor on the new-thread page to log in to write a thread, not to reply', async () => {
    forumServer();
    renderApp('/forum/business/gruendung/create');
    const link = await screen.findByRole('link', { name: 'Melde dich an, um ein Thema zu erstellen.' });
    expect(link.getAttribute('href')).toBe('/login');
    expect(screen.queryByText(/um zu antworten/)).toBeNull();
  });

  it('creating a thread validates in German and previews the server rendering', async () => {
    const user = testUser({ id: 'u1', email_verified: true });
    logIn(user);
    const fetchMock = forumServer({ user });
    renderApp('/forum/business/gruendung/create');
    await userEvent.click(await screen.findByRole('button', { name: 'Thema erstellen' }));
    expect(await screen.findByText('Der Titel muss mindestens 5 Zeichen lang sein.')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /Titel/ }), 'Meine Geschäftsidee');
    await userEvent.type(
      screen.getByRole('textbox', { name: /Text/ }),
      '**Fett** [Link](https://example.com)',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Vorschau' }));
    const preview = await screen.findByTestId('forum-preview');
    expect(await within(preview).findByText('Fett')).toBeTruthy();
    expect(within(preview).getByRole('link', { name: 'Link' }).getAttribute('rel')).toBe('nofollow ugc');
    await userEvent.click(screen.getByRole('button', { name: 'Thema erstellen' }));
    await expect.poll(() => calls(fetchMock)).toContain('POST /api/forum/threads');
  });

  it("a new thread without forum, with a short title and text shows the contract's errors under those fields and sends nothing", async () => {
    const user = testUser({ id: 'u1', email_verified: true });
    logIn(user);
    const fetchMock = forumServer({ user });
    renderApp('/forum/business/create');
    await userEvent.type(await screen.findByRole('textbox', { name: /Titel/ }), 'Idee');
    await userEvent.type(screen.getByRole('textbox', { name: /Text/ }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Thema erstellen' }));
    await expect
      .poll(() => fieldError(screen.getByRole('textbox', { name: /Titel/ })))
      .toBe('Der Titel muss mindestens 5 Zeichen lang sein.');
    expect(fieldError(screen.getByRole('textbox', { name: /Text/ }))).toBe(
      'Der Text muss mindestens 2 Zeichen lang sein.',
    );
    expect(fieldError(screen.getByRole('combobox', { name: /Forum/ }))).toBe('Bitte wähle ein Forum.');
    expect(calls(fetchMock)).not.toContain('POST /api/forum/threads');
  });
});

describe("a post shows its buttons from the server's can", { timeout: 30_000 }, () => {
  /** The buttons of the posts on the page, by their names; the like button as 'like' or 'like (gesperrt)'. */
  async function buttonsOfPosts(): Promise<string[][]> {
    const posts = await screen.findAllByTestId('forum-post');
    return posts.map((element) =>
      within(element)
        .getAllByRole('button')
        .map((button) => {
          const name = button.getAttribute('aria-label')?.startsWith(forumLike) ? 'like' : button.textContent;
          return (button as HTMLButtonElement).disabled ? `${name} (gesperrt)` : (name ?? '');
        }),
    );
  }
  const forumLike = 'Gefällt mir';

  it("offers edit and delete where can says so, also on a post whose author id is not the reader's", async () => {
    // The reader is u1; neither post is written by u1, yet the server allows the first.
    const user = testUser({ id: 'u1', email_verified: true });
    logIn(user);
    forumServer({
      user,
      page: threadPage({
        posts: [
          post(1, { can: { ...NO_POST, reply: true, edit: true, delete: true } }),
          post(2, { can: OTHERS_POST }),
        ],
      }),
    });
    renderApp('/forum/thread/t1');
    expect(await buttonsOfPosts()).toEqual([
      ['like (gesperrt)', 'Zitieren', 'Bearbeiten', 'Löschen'],
      ['like', 'Zitieren', 'Melden'],
    ]);
  });

  it("offers no edit, delete or report on the reader's own post when can says no", async () => {
    // The reader is u2, the author of the first post, but the server allows nothing there.
    const user = testUser({ id: 'u2', email_verified: true });
    logIn(user);
    forumServer({ user, page: threadPage({ posts: [post(1, { can: NO_POST }), post(2)] }) });
    renderApp('/forum/thread/t1');
    expect(await buttonsOfPosts()).toEqual([['like (gesperrt)'], ['like', 'Zitieren', 'Melden']]);
  });

  it('gives a visitor only the like counts, pressed by nobody', async () => {
    forumServer({
      page: threadPage({
        posts: [post(1, { can: NO_POST }), post(2, { can: NO_POST })],
        can_reply: false,
        thread: {
          ...threadPage().thread,
          can: { reply: false, watch: false, moderate: false, delete: false },
        },
      }),
    });
    renderApp('/forum/thread/t1');
    expect(await buttonsOfPosts()).toEqual([['like (gesperrt)'], ['like (gesperrt)']]);
    expect(screen.queryByRole('button', { name: 'Beobachten' })).toBeNull();
  });

  it('asks a moderator for the reason the author sees, and the author only to confirm', async () => {
    const admin = testUser({ id: 'u9', role: 'ADMIN', email_verified: true });
    logIn(admin);
    const fetchMock = forumServer({
      user: admin,
      page: threadPage({
        posts: [
          post(1, { can: { ...NO_POST, reply: true, edit: true, delete: true } }),
          post(2, { can: { ...OTHERS_POST, delete: true, moderate: true } }),
        ],
      }),
    });
    renderApp('/forum/thread/t1');
    const posts = await screen.findAllByTestId('forum-post');
    await userEvent.click(within(posts[1] as HTMLElement).getByRole('button', { name: 'Löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Löschen' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'Werbung ist hier nicht erlaubt.');
    expect(within(dialog).queryByRole('button', { name: 'Antwort senden' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    await expect.poll(() => calls(fetchMock)).toContain('DELETE /api/forum/posts/p2');
    const sent = fetchMock.mock.calls.find(
      ([input, init]) => init?.method === 'DELETE' && String(input).endsWith('/p2'),
    );
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ reason: 'Werbung ist hier nicht erlaubt.' });

    // The dialog has closed (while it fades out, the page behind it is hidden from the reader).
    await waitForElementToBeRemoved(dialog);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const [opening] = await screen.findAllByTestId('forum-post');
    await userEvent.click(within(opening as HTMLElement).getByRole('button', { name: 'Löschen' }));
    expect(confirm).toHaveBeenCalledWith('Diesen Beitrag wirklich löschen?');
    await expect.poll(() => calls(fetchMock)).toContain('DELETE /api/forum/posts/p1');
    confirm.mockRestore();
  });
});
