import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { DESKTOP, MOBILE, openApp, STEP_MS, screenshot } from './helpers/browser.ts';
import { logIn, postBikeAd } from './helpers/members.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** A real H.264 MP4 of 2 s (the server tests use it too). */
const VIDEO = path.resolve(here, '../../server/test/fixtures/story-video.mp4');

test.use({ serverEnv: {} });

/** A folder for the files the test uploads, removed after the file's tests. */
let files: string;

test.beforeAll(() => {
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'stories-e2e-'));
});
test.afterAll(() => {
  if (files) fs.rmSync(files, { recursive: true, force: true });
});

test.describe('stories', () => {
  test('A posts a photo and a video, B watches, reacts and replies, A reads the insights and the reply and deletes', async ({
    newPage,
    member,
    api,
    server,
  }) => {
    // Two members, two uploads and the stories' own playing time: about 50 s on a busy machine.
    test.setTimeout(180_000);
    const { token: tokenA } = await member('anna.story@beispiel.de', 'Anna');
    await member('bernd.story@beispiel.de', 'Bernd');
    const adId = await postBikeAd(server, tokenA, {
      title: 'Kajak mit Paddel',
      description: 'Zweisitzer, kaum benutzt, mit zwei Paddeln und Schwimmwesten.',
      price: 450,
    });
    const photo = path.join(files, 'see.jpg');
    await sharp({ create: { width: 1080, height: 1920, channels: 3, background: '#2e7d32' } })
      .jpeg()
      .toFile(photo);
    const pdf = path.join(files, 'vertrag.mp4');
    fs.writeFileSync(
      pdf,
      Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), Buffer.alloc(4000, 32)]),
    );
    const huge = path.join(files, 'riesig.mp4');
    fs.writeFileSync(huge, Buffer.alloc(51 * 1024 * 1024));

    // A posts a photo story with a caption, after two refused files.
    const a = await newPage(DESKTOP);
    await logIn(a.page, 'anna.story@beispiel.de', '/');
    await a.page.getByRole('button', { name: 'Deine Story hinzufügen' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Story erstellen' });
    await dialog.getByText('Medien hinzufügen').waitFor({ timeout: STEP_MS });
    const alerts: string[] = [];
    a.page.on('dialog', (box) => {
      alerts.push(box.message());
      void box.accept();
    });
    await dialog.getByTestId('story-video-input').setInputFiles(huge);
    await expect.poll(() => alerts).toContain('Datei ist zu groß. Maximum: 50MB');
    await dialog.getByTestId('story-video-input').setInputFiles(pdf);
    await dialog.getByRole('button', { name: 'Teilen' }).click();
    await dialog.getByText('Nur Bild- und Videodateien sind erlaubt').waitFor({ timeout: STEP_MS });
    expect(
      (await api<{ stories: unknown[] }>('GET', '/api/stories/feed', undefined, tokenA)).stories,
    ).toHaveLength(0);

    await dialog.getByTestId('story-photo-input').setInputFiles(photo);
    await dialog.getByPlaceholder('Füge eine Beschreibung hinzu...').fill('  Abends am See  ');
    await dialog.getByLabel('Anzeige verknüpfen (optional)').click();
    await a.page.getByRole('option', { name: 'Kajak mit Paddel' }).click();
    await screenshot(a.page, 'stories-create-1280');
    await dialog.getByRole('button', { name: 'Teilen' }).click();
    await a.page.getByText('Deine Story ist online.').waitFor({ timeout: STEP_MS });
    await a.page.getByRole('button', { name: 'Neue Story hinzufügen' }).click();
    await dialog.getByTestId('story-video-input').setInputFiles(VIDEO);
    await dialog.getByRole('button', { name: 'Teilen' }).click();
    await dialog.waitFor({ state: 'detached', timeout: STEP_MS });

    // B sees A's ring on home and watches both stories: the photo advances by itself.
    const b = await newPage(MOBILE);
    await logIn(b.page, 'bernd.story@beispiel.de', '/');
    await b.page.getByRole('button', { name: 'Stories von Anna ansehen' }).click();
    const viewer = b.page.getByRole('dialog', { name: 'Story-Ansicht' });
    await viewer.getByText('Abends am See').waitFor({ timeout: STEP_MS });
    await expect
      .poll(() =>
        b.page.locator('.MuiDialog-container').evaluate((element) => getComputedStyle(element).opacity),
      )
      .toBe('1');
    await screenshot(b.page, 'stories-viewer-390');
    // The story that sells: the linked ad as a card that opens it.
    await expect(viewer.getByRole('link', { name: 'Zur Anzeige: Kajak mit Paddel' })).toHaveAttribute(
      'href',
      `/listing/${adId}`,
    );
    await viewer.getByRole('button', { name: 'Gefällt mir' }).click();
    await b.page.getByText('Reaktion gesendet').waitFor({ timeout: STEP_MS });
    const send = viewer.getByRole('button', { name: 'Senden' });
    await expect(send).toBeDisabled();
    const reply = viewer.getByLabel('Antwort auf die Story');
    await reply.fill('   ');
    await expect(send).toBeDisabled();
    await reply.fill('Wie schön!');
    await reply.press('Enter');
    await b.page.getByText('Antwort gesendet').waitFor({ timeout: STEP_MS });
    await reply.blur();
    // The photo advances by itself to the video, which plays muted.
    await viewer.getByTestId('story-video').waitFor({ timeout: STEP_MS });
    expect(
      await viewer.getByTestId('story-video').evaluate((video) => (video as HTMLVideoElement).muted),
    ).toBe(true);
    // Its poster, the first frame A's browser made on upload, shows before it plays.
    await expect(viewer.getByTestId('story-video')).toHaveAttribute(
      'poster',
      /^\/api\/images\/[0-9a-f]{32}-card\.webp$/,
    );
    // The video ends (or fails to load): after the last story the viewer closes.
    await viewer.waitFor({ state: 'detached', timeout: STEP_MS });

    // A sees B among the viewers, and the reply in /chat.
    await openApp(a.page, '/stories');
    await a.page.getByRole('button', { name: 'Deine Story ansehen' }).click();
    const own = a.page.getByRole('dialog', { name: 'Story-Ansicht' });
    await own.getByRole('button', { name: 'Insights öffnen' }).click();
    await own.getByRole('tab', { name: 'Viewer (1)' }).click();
    await own.getByText('Bernd').first().waitFor({ timeout: STEP_MS });
    await screenshot(a.page, 'stories-insights-1280');

    // A deletes the photo story after confirming.
    await own.getByRole('button', { name: 'Story löschen' }).click();
    const storiesOfA = async () =>
      (await api<{ stories: { stories: unknown[] }[] }>('GET', '/api/stories/feed', undefined, tokenA))
        .stories[0]?.stories.length;
    await expect.poll(storiesOfA, { timeout: STEP_MS }).toBe(1);
    expect(alerts).toContain('Möchtest du diese Story wirklich löschen?');
    await own
      .getByRole('button', { name: 'Schließen' })
      .first()
      .click()
      .catch(() => {});

    await openApp(a.page, '/chat');
    await a.page.getByText('Bernd').first().click();
    await a.page.getByText('Wie schön!').first().waitFor({ timeout: STEP_MS });
    // The reply shows the photo story's picture.
    const picture = a.page.getByRole('img', { name: 'Foto im Chat' }).first();
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((image) => (image as HTMLImageElement).naturalWidth), { timeout: STEP_MS })
      .toBeGreaterThan(0);
    await screenshot(a.page, 'stories-reply-in-chat-1280');
  });
});
