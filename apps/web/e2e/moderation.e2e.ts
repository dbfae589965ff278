import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DESKTOP, MOBILE, STEP_MS, screenshot } from './helpers/browser.ts';
import { logIn as logInAs, PASSWORD, postBikeAd } from './helpers/members.ts';

/**
 * Notice and action in the browser (DSA Art. 16, 17, 20; docs/decisions/0009-reports-queue.md):
 * B reports A's ad, an admin removes it with a ground in the queue 'Meldungen', A reads the
 * statement of reasons and appeals, a second admin reverses the removal and the ad is back in
 * search. A reported forum post lands in the same queue and is removed there.
 */
const ADMIN_EMAIL = 'moderation-admin@example.org';
const TITLE = 'Retro Spielkonsole mit zwei Controllern';

test.use({ serverEnv: { ADMIN_EMAIL, ADMIN_PASSWORD: PASSWORD } });

/** Logs in and waits for the text `ready` (the admin account may be asked for the AGB first). */
const logIn = (page: Page, email: string, next: string, ready: string) =>
  logInAs(page, email, next, page.getByText(ready, { exact: true }).first());

/** Whether the public search for the ad's title finds it. */
async function inSearch(api: <T>(method: string, apiPath: string) => Promise<T>): Promise<boolean> {
  const found = await api<{ listings: { title: string }[] }>(
    'GET',
    `/api/listings?q=${encodeURIComponent(TITLE)}`,
  );
  return found.listings.some((listing) => listing.title === TITLE);
}

test.describe('moderation', () => {
  test('B reports A’s ad, an admin removes it with a ground, A appeals, a second admin reverses it and the ad is back in search', async ({
    newPage,
    member,
    api,
    server,
  }) => {
    test.setTimeout(30 * STEP_MS);
    const { token: annaToken } = await member('anna-moderation@example.org', 'Anna');
    await member('bernd-moderation@example.org', 'Bernd');
    const { token: claraToken } = await member('clara-moderation@example.org', 'Clara');
    const admin = await api<{ access_token: string }>('POST', '/api/auth/login', {
      email: ADMIN_EMAIL,
      password: PASSWORD,
    });
    const clara = await api<{ id: string }>('GET', '/api/me', undefined, claraToken);
    await api(
      'PATCH',
      `/api/admin/members/${clara.id}/role`,
      { role: 'ADMIN', reason: 'Zweite Person im Moderationsteam' },
      admin.access_token,
    );
    const adId = await postBikeAd(server, annaToken, {
      title: TITLE,
      description: 'Funktioniert einwandfrei, mit Kabeln und Originalkarton.',
      price: 80,
    });

    // B reports the ad on its page.
    const b = await newPage(MOBILE);
    await logIn(b.page, 'bernd-moderation@example.org', `/listing/${adId}`, TITLE);
    await b.page.getByRole('button', { name: 'Melden', exact: true }).click({ timeout: STEP_MS });
    const reportDialog = b.page.getByRole('dialog', { name: 'Anzeige melden' });
    await reportDialog.getByLabel('Betrug oder Fake').check();
    await reportDialog.getByLabel('Hinweis (optional)').fill('Verlangt Vorkasse über einen Link.');
    await reportDialog.getByRole('button', { name: 'Melden' }).click();
    await b.page.getByText('Danke! Wir prüfen die Anzeige.').first().waitFor({ timeout: STEP_MS });
    await b.context.close();

    // The admin finds the report in 'Meldungen' and removes the ad with a ground and the facts.
    const first = await newPage(DESKTOP);
    await logIn(first.page, ADMIN_EMAIL, '/admin', 'Admin-Dashboard');
    const queue = first.page.getByRole('region', { name: 'Meldungen' });
    const item = queue.getByRole('listitem', { name: TITLE });
    await item.getByText('Verlangt Vorkasse über einen Link.').waitFor({ timeout: STEP_MS });
    await item.getByRole('button', { name: 'Entscheiden' }).click();
    const decision = first.page.getByRole('dialog', { name: /Entscheidung zur Anzeige/ });
    await decision.getByRole('combobox', { name: 'Rechtsgrundlage (AGB-Regel oder Gesetz)' }).click();
    await first.page.getByRole('option', { name: 'AGB: Betrügerisches oder irreführendes Angebot' }).click();
    await decision
      .getByRole('textbox', { name: 'Sachverhalt und Begründung' })
      .fill('Die Anzeige verlangt Vorkasse über einen fremden Zahlungslink.');
    await screenshot(first.page, 'moderation-decision-desktop');
    await decision.getByRole('button', { name: 'Entscheidung speichern' }).click();
    await decision.waitFor({ state: 'detached', timeout: STEP_MS });
    await queue.getByText('Keine offenen Meldungen.').waitFor({ timeout: STEP_MS });
    await expect.poll(() => inSearch(api), { timeout: STEP_MS, intervals: [250] }).toBe(false);

    // A reads the statement of reasons (linked from the notification) and appeals.
    const notes = await api<{ notifications: { title: string; link: string | null }[] }>(
      'GET',
      '/api/notifications?limit=20',
      undefined,
      annaToken,
    );
    const link = notes.notifications.find((n) => n.title === 'Deine Anzeige wurde entfernt')?.link ?? '';
    expect(link).toMatch(/^\/moderation\/decisions\//);
    const a = await newPage(MOBILE);
    await logIn(a.page, 'anna-moderation@example.org', link, 'Begründung der Entscheidung');
    await a.page.getByText('AGB: Betrügerisches oder irreführendes Angebot').waitFor({ timeout: STEP_MS });
    await a.page
      .getByText('Diese Entscheidung hat ein Mensch aus unserem Moderationsteam getroffen.')
      .waitFor();
    await a.page
      .getByRole('textbox', { name: 'Begründung deines Widerspruchs' })
      .fill('Ich verlange keine Vorkasse; Zahlung bei Abholung ist möglich.');
    await screenshot(a.page, 'moderation-statement-mobile');
    await a.page.getByRole('button', { name: 'Widerspruch einlegen' }).click();
    await a.page.getByText('Dein Widerspruch wird geprüft.').waitFor({ timeout: STEP_MS });
    await a.context.close();

    // The first admin may not decide the appeal; the second one reverses the removal.
    await first.page.reload();
    await first.page
      .getByText('Du hast die erste Entscheidung getroffen', { exact: false })
      .waitFor({ timeout: STEP_MS });
    await first.context.close();
    const second = await newPage(DESKTOP);
    await logIn(second.page, 'clara-moderation@example.org', '/admin', 'Admin-Dashboard');
    const secondQueue = second.page.getByRole('region', { name: 'Meldungen' });
    await secondQueue.getByText(`Widerspruch zu „${TITLE}“`).waitFor({ timeout: STEP_MS });
    await secondQueue.getByRole('button', { name: 'Entscheiden' }).click();
    const appeal = second.page.getByRole('dialog', { name: 'Über den Widerspruch entscheiden' });
    await appeal
      .getByRole('textbox', { name: 'Sachverhalt und Begründung' })
      .fill('Die Verkäuferin bietet Zahlung bei Abholung an; kein Betrug erkennbar.');
    await appeal.getByRole('button', { name: 'Entscheidung speichern' }).click();
    await appeal.waitFor({ state: 'detached', timeout: STEP_MS });
    await secondQueue.getByText('Keine offenen Widersprüche.').waitFor({ timeout: STEP_MS });
    await screenshot(second.page, 'moderation-queue-desktop');
    await second.context.close();

    // The ad is back in search.
    await expect.poll(() => inSearch(api), { timeout: STEP_MS, intervals: [250] }).toBe(true);
    const visitor = await newPage(MOBILE);
    await visitor.page.goto(`/search?q=${encodeURIComponent(TITLE)}`);
    await visitor.page.getByText(TITLE).first().waitFor({ timeout: STEP_MS });
    await visitor.context.close();
  });

  test('a reported forum post lands in the same queue (390 and 1280 px) and is removed there through the forum', async ({
    newPage,
    member,
    api,
  }) => {
    test.setTimeout(30 * STEP_MS);
    const THREAD = 'Erfahrungen mit Kinderwagen-Marken';
    const { token: doraToken } = await member('dora-moderation@example.org', 'Dora');
    const { token: emilToken } = await member('emil-moderation@example.org', 'Emil');
    const thread = await api<{ id: string }>(
      'POST',
      '/api/forum/threads',
      {
        category_id: 'business/gruendung',
        title: THREAD,
        body: 'Welche Marken halten bei euch am längsten durch?',
      },
      doraToken,
    );
    const reply = await api<{ id: string }>(
      'POST',
      `/api/forum/threads/${thread.id}/posts`,
      { body: 'Günstige Kinderwagen nur bei mir, zahlt per Vorkasse an mein Privatkonto!' },
      doraToken,
    );
    await api('POST', `/api/forum/posts/${reply.id}/report`, { reason: 'Werbung mit Vorkasse' }, emilToken);

    // The queue on a phone: the post with its kind, its beginning and the reporter's words.
    const phone = await newPage(MOBILE);
    await logIn(phone.page, ADMIN_EMAIL, '/admin', 'Admin-Dashboard');
    const phoneQueue = phone.page.getByRole('region', { name: 'Meldungen' });
    const phoneItem = phoneQueue.getByRole('listitem', { name: THREAD });
    await phoneItem.getByText('Werbung mit Vorkasse (1)').waitFor({ timeout: STEP_MS });
    await phoneItem.getByText('Forenbeitrag', { exact: true }).waitFor();
    await phoneItem.scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'moderation-queue-forum-mobile');
    await phone.context.close();

    // On a desktop the admin removes it with a ground and the facts.
    const desk = await newPage(DESKTOP);
    await logIn(desk.page, ADMIN_EMAIL, '/admin', 'Admin-Dashboard');
    const queue = desk.page.getByRole('region', { name: 'Meldungen' });
    const item = queue.getByRole('listitem', { name: THREAD });
    await item.getByText('Verfasst von Dora', { exact: false }).waitFor({ timeout: STEP_MS });
    await item.scrollIntoViewIfNeeded();
    await screenshot(desk.page, 'moderation-queue-forum-desktop');
    await item.getByRole('button', { name: 'Entscheiden' }).click();
    const decision = desk.page.getByRole('dialog', { name: /Entscheidung zum Beitrag/ });
    await decision.getByRole('combobox', { name: 'Rechtsgrundlage (AGB-Regel oder Gesetz)' }).click();
    await desk.page.getByRole('option', { name: 'AGB: Betrügerisches oder irreführendes Angebot' }).click();
    await decision
      .getByRole('textbox', { name: 'Sachverhalt und Begründung' })
      .fill('Der Beitrag wirbt für Verkäufe gegen Vorkasse auf ein Privatkonto.');
    await decision.getByRole('button', { name: 'Entscheidung speichern' }).click();
    await decision.waitFor({ state: 'detached', timeout: STEP_MS });
    await item.waitFor({ state: 'detached', timeout: STEP_MS });
    await desk.context.close();

    // The forum shows the post removed; its author reads the reason there.
    const page = await api<{ posts: { id: string; deleted: boolean; deleted_reason: string | null }[] }>(
      'GET',
      `/api/forum/threads/${thread.id}`,
      undefined,
      doraToken,
    );
    const removed = page.posts.find((post) => post.id === reply.id);
    expect(removed?.deleted).toBe(true);
    expect(removed?.deleted_reason).toContain('Von der Moderation entfernt');
  });
});
