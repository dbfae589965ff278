import { expect, test } from './fixtures.ts';
import {
  letterByLetter,
  lineBreaks,
  MOBILE,
  openApp,
  STEP_MS,
  screenshot,
  settle,
} from './helpers/browser.ts';
import { callApi, type Member, registerMember, signedIn } from './helpers/members.ts';

/**
 * What a member reads on a phone: the notification list's buttons beside the text, not on it, and
 * headings whose long German words break at a syllable with a hyphen, never between two letters.
 */

test.use({ serverEnv: {} });

/** The narrowest phone the app is made for (CSS px). */
const SMALL_PHONE = { width: 320, height: 640 } as const;

let member: Member;

/** A member whom a neighbour follows and writes a long message: two unread notifications. */
test.beforeAll(async ({ server }) => {
  member = await registerMember(server, `telefon.${Date.now()}@example.org`, 'Telefonia');
  const neighbour = await registerMember(server, `nachbar.${Date.now()}@example.org`, 'Nachbar');
  await callApi(server, 'POST', `/api/follow/${member.id}`, undefined, neighbour.token);
  const conversation = await callApi<{ id: string }>(
    server,
    'POST',
    '/api/chat/conversations',
    { user_id: member.id },
    neighbour.token,
  );
  await callApi(
    server,
    'POST',
    `/api/chat/conversations/${conversation.id}/messages`,
    {
      client_id: crypto.randomUUID(),
      content: 'Hallo, ist das Schlauchboot noch zu haben? Ich könnte am Wochenende vorbeikommen.',
    },
    neighbour.token,
  );
});

test('the notification list keeps its ✓ and delete buttons beside the text at 390 px', async ({
  newPage,
}) => {
  const { page } = await newPage(MOBILE, { storage: signedIn(member) });
  await openApp(page, '/notifications');
  const markRead = page.getByRole('button', { name: 'Als gelesen markieren', exact: true });
  await expect(markRead).toHaveCount(2, { timeout: STEP_MS });
  const overlaps = await page.locator('main li').evaluateAll((items) =>
    items.flatMap((item) => {
      const text = item.querySelector('.MuiListItemText-root')?.getBoundingClientRect();
      if (!text) return [];
      return Array.from(item.querySelectorAll('button'))
        .map((button) => button.getBoundingClientRect())
        .filter((button) => button.left < text.right && button.right > text.left)
        .map(
          (button) =>
            `text ends at ${Math.round(text.right)} px, a button starts at ${Math.round(button.left)} px`,
        );
    }),
  );
  await markRead.first().scrollIntoViewIfNeeded();
  await screenshot(page, 'phone-notifications-390');
  expect(overlaps).toEqual([]);
});

/** Each heading with its German syllables: a line may break only between two of them. */
for (const [path, heading, syllables] of [
  ['/notifications/settings', 'Benachrichtigungseinstellungen', 'Be-nach-rich-ti-gungs-ein-stel-lun-gen'],
  ['/verification-status', 'Verifizierungsstatus', 'Ve-ri-fi-zie-rungs-sta-tus'],
] as const) {
  test(`the heading '${heading}' on ${path} breaks at a syllable with a hyphen at 320 px`, async ({
    newPage,
  }) => {
    const { page } = await newPage(SMALL_PHONE, { storage: signedIn(member) });
    await openApp(page, path);
    await settle(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    const h1 = page.getByRole('heading', { level: 1 });
    await expect
      .poll(() => h1.evaluate((element) => (element.textContent ?? '').replaceAll('\u00ad', '')), {
        timeout: STEP_MS,
      })
      .toBe(heading);
    // This page is rendered in the browser: where it has no German dictionary, the soft hyphens
    // come once the patterns are loaded.
    await expect
      .poll(async () => letterByLetter(await lineBreaks(page, 'h1', heading.slice(0, 2))), {
        timeout: STEP_MS,
      })
      .toEqual([]);
    const breaks = await lineBreaks(page, 'h1', heading.slice(0, 2));
    await screenshot(page, `phone-heading-320${path.replace(/\//g, '-')}`);
    expect(breaks.length, 'the heading is wider than the phone, so it breaks').toBeGreaterThan(0);
    expect(letterByLetter(breaks)).toEqual([]);
    const boundaries = syllables
      .split('-')
      .map((_, index, parts) => parts.slice(0, index + 1).join('').length);
    const misplaced = breaks
      .map(({ text }) => text.slice(0, text.indexOf('|')).replaceAll('·', ''))
      .filter((before) => !boundaries.includes(before.length));
    expect(misplaced, `breaks inside a syllable of ${syllables}`).toEqual([]);
    expect(
      await h1.evaluate((element) => getComputedStyle(element).hyphens),
      'browsers with a German dictionary hyphenate the words themselves',
    ).toBe('auto');
  });
}
