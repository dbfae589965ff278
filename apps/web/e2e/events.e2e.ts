import fs from 'node:fs';
import { expect, test } from './fixtures.ts';
import { DESKTOP, MOBILE, openApp, STEP_MS, screenshot, unexpected } from './helpers/browser.ts';
import { logIn } from './helpers/members.ts';

/**
 * /events as members use it: one publishes an event through the form (time in German time, place,
 * price, a limit of participants) and lands on its page; another finds it in the list, takes
 * part ('Ich nehme teil', the count rises), and downloads the calendar file, whose times are the
 * event's. The organiser sees who takes part.
 */

test.use({ serverEnv: {} });

for (const [device, viewport] of [
  ['phone', MOBILE],
  ['desktop', DESKTOP],
] as const) {
  test(`${device}: a member publishes an event, another takes part and downloads the .ics`, async ({
    newPage,
    member,
  }) => {
    const stamp = `${device}-${Date.now().toString(36)}`;
    const organizerEmail = `veranstalterin-${stamp}@example.org`;
    const guestEmail = `gast-${stamp}@example.org`;
    await member(organizerEmail, `Vera ${device}`);
    await member(guestEmail, `Gustav ${device}`);
    const title = `Nachbarschaftsfest ${device}`;

    // The organiser publishes through the form.
    const organizer = await newPage(viewport);
    const form = organizer.page.getByRole('form', { name: 'Event veröffentlichen' });
    await logIn(organizer.page, organizerEmail, '/events/neu', form);
    await form.getByRole('textbox', { name: /^Titel/ }).fill(title);
    await form.getByRole('combobox', { name: /^Kategorie/ }).click();
    await organizer.page.getByRole('option', { name: 'Party' }).click();
    await form
      .getByRole('textbox', { name: /^Beschreibung/ })
      .fill('Grillen, Musik und **Kuchenbuffet** im Hof. Bringt gute Laune mit!');
    await form.getByLabel(/^Beginn/).fill('2027-10-31T02:30');
    await form.getByLabel(/^Ende/).fill('2027-10-31T06:00');
    await form.getByRole('textbox', { name: /^Postleitzahl/ }).fill('10115');
    await form.getByRole('textbox', { name: /^Adresse/ }).fill('Invalidenstraße 112');
    await form.getByRole('textbox', { name: /^Maximale Teilnehmerzahl/ }).fill('10');
    await screenshot(organizer.page, `events-form-${device}`);
    await form.getByRole('button', { name: 'Veröffentlichen' }).click();
    await organizer.page.waitForURL(/\/events\/[0-9a-f-]{36}$/, { timeout: STEP_MS });
    const eventPath = new URL(organizer.page.url()).pathname;
    await expect(organizer.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(organizer.page.getByText('So., 31.10.2027, 02:30 Uhr')).toBeVisible();
    await expect(organizer.page.getByText('Kuchenbuffet')).toBeVisible();
    await expect(organizer.page.getByText('0 von 10 Plätzen belegt')).toBeVisible();
    expect(unexpected(organizer.errors)).toEqual([]);

    // Another member finds it in the list, takes part and downloads the calendar file.
    const guest = await newPage(viewport);
    const card = guest.page.getByRole('article', { name: title });
    await logIn(guest.page, guestEmail, '/events?postal_code=10115&radius_km=10', card);
    await screenshot(guest.page, `events-list-${device}`);
    await card.getByRole('link').click();
    await guest.page.waitForURL((url) => url.pathname === eventPath, { timeout: STEP_MS });
    await guest.page.getByRole('button', { name: 'Ich nehme teil' }).click();
    await expect(guest.page.getByText('1 von 10 Plätzen belegt')).toBeVisible();
    await expect(guest.page.getByRole('button', { name: 'Du nimmst teil – absagen' })).toBeVisible();
    await screenshot(guest.page, `events-page-${device}`);

    const [download] = await Promise.all([
      guest.page.waitForEvent('download', { timeout: STEP_MS }),
      guest.page.getByRole('link', { name: 'Zum Kalender hinzufügen (.ics)' }).click(),
    ]);
    const file = await download.path();
    const ics = fs.readFileSync(file, 'utf8');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`SUMMARY:${title}`);
    // 02:30 on the day summer time ends, in standard time (+01:00): 01:30 UTC.
    expect(ics).toMatch(/DTSTART:20271031T013000Z/);
    expect(unexpected(guest.errors)).toEqual([]);

    // The organiser sees who takes part.
    await openApp(organizer.page, eventPath);
    const participants = organizer.page.getByRole('region', { name: 'Wer nimmt teil?' });
    await expect(participants.getByText(`Gustav ${device}`)).toBeVisible({ timeout: STEP_MS });
  });
}
