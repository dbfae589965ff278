import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import ffprobe from '@ffprobe-installer/ffprobe';
import type { Story } from '@marketplace/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { countRows, multipart, verifiedMember } from './helpers/marketplace.ts';

/**
 * Story videos as they are stored and served (SPEC.md §5): without the metadata of the
 * uploaded file. The videos are made here with the ffmpeg binary the server uses.
 */

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
/** A real, short H.264 MP4 (2 s, 160 x 284). */
const VIDEO = fs.readFileSync(path.join(here, 'fixtures/story-video.mp4'));
/** The first box of an MP4 file (`ftyp`, brand `mp42`): what the type check by bytes looks at. */
const MP4_HEADER = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42', 'latin1'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mp42isom', 'latin1'),
]);

let t: TestApp;
let a: RegisteredMember;
let b: RegisteredMember;
let work: string;

beforeAll(async () => {
  t = await startTestApp();
  a = await verifiedMember(t, { nickname: 'Anna' });
  b = await verifiedMember(t, { nickname: 'Bernd' });
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'story-video-'));
});
afterAll(async () => {
  await t?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

/** Makes `name` in the work folder with ffmpeg from `args` (inputs and options); its bytes. */
async function makeVideo(name: string, args: string[]): Promise<Buffer> {
  const file = path.join(work, name);
  await run(ffmpeg.path, ['-nostdin', '-v', 'error', '-y', ...args, file], { timeout: 60_000 });
  return fs.readFileSync(file);
}

/** What ffprobe reads from `data`: the container's and the streams' tags. */
async function probe(data: Buffer): Promise<{
  format: { tags?: Record<string, string> };
  streams: { codec_type: string; tags?: Record<string, string>; side_data_list?: { rotation?: number }[] }[];
}> {
  const file = path.join(work, `probe-${Math.random().toString(16).slice(2)}`);
  fs.writeFileSync(file, data);
  const { stdout } = await run(ffprobe.path, [
    '-v',
    'error',
    '-show_format',
    '-show_streams',
    '-of',
    'json',
    file,
  ]);
  return JSON.parse(stdout);
}

/** Every tag of the container and its streams, names and values, in lower case. */
async function tagsOf(data: Buffer): Promise<string> {
  const info = await probe(data);
  return JSON.stringify([
    info.format.tags ?? {},
    ...info.streams.map((stream) => stream.tags ?? {}),
  ]).toLowerCase();
}

function postVideo(member: RegisteredMember, data: Buffer, filename: string, type = 'video/mp4') {
  const body = multipart(data, filename, type, 'media');
  return t.app.inject({
    method: 'POST',
    url: '/api/stories/',
    headers: { ...bearer(member.access_token), ...body.headers },
    payload: body.payload,
  });
}

describe('story videos', () => {
  it.each([
    ['mp4', 'video/mp4'],
    ['mov', 'video/quicktime'],
  ])(
    'serves a .%s video without its title, GPS location and other tags, with picture, sound and rotation kept',
    async (extension, type) => {
      const clip = path.join(work, `clip.${extension}`);
      await makeVideo(`clip.${extension}`, [
        ...['-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=10'],
        ...['-f', 'lavfi', '-i', 'sine=duration=2'],
        ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
      ]);
      // As a phone stores it: where and when, a title, a comment, and the picture turned upright.
      const source = await makeVideo(`urlaub.${extension}`, [
        ...['-i', clip, '-map', '0', '-c', 'copy'],
        ...['-metadata', 'location=+48.1371+011.5754/', '-metadata', 'title=Geheim'],
        ...['-metadata', 'com.apple.quicktime.location.ISO6709=+48.1371+011.5754/'],
        ...['-metadata', 'comment=Privat', '-metadata:s:v', 'rotate=90'],
        ...['-movflags', 'use_metadata_tags'],
      ]);
      const before = await tagsOf(source);
      for (const secret of ['48.1371', 'geheim', 'location', 'privat', 'lavf'])
        expect(before).toContain(secret);

      const res = await postVideo(a, source, `urlaub.${extension}`, type);
      expect(res.statusCode, res.body).toBe(201);
      const story = res.json() as Story;
      expect(story.media_url).toMatch(new RegExp(`\\.${extension}$`));
      const served = await t.app.inject({ url: story.media_url, headers: bearer(b.access_token) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      const after = await tagsOf(served.rawPayload);
      for (const secret of [
        '48.1371',
        '011.5754',
        'geheim',
        'location',
        'iso6709',
        'privat',
        'lavf',
        'lavc',
      ]) {
        expect(after).not.toContain(secret);
      }
      expect(served.rawPayload.includes('Geheim')).toBe(false);
      expect(served.rawPayload.includes('48.1371')).toBe(false);
      const info = await probe(served.rawPayload);
      expect(info.streams.map((stream) => stream.codec_type)).toEqual(['video', 'audio']);
      const rotation = info.streams[0]?.side_data_list?.find((side) => side.rotation !== undefined)?.rotation;
      expect(Math.abs(rotation ?? 0)).toBe(90);
    },
  );

  it('refuses what is no short video with a picture, before anything is stored', async () => {
    const rows = await countRows(t, 'stories');
    const folder = path.join(t.config.dataDir, 'media', 'stories');
    const files = () => (fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []);
    const stored = files();

    // Not a video: a web page behind an MP4 header (62 bytes), zeros behind one (20 MB).
    const page = Buffer.concat([MP4_HEADER, Buffer.from('<html><script>alert(1)</script></html>')]);
    expect(page.length).toBe(62);
    const zeros = Buffer.concat([MP4_HEADER, Buffer.alloc(20 * 1024 * 1024)]);
    // MP4 files without a moving picture: sound only, and sound with a cover picture.
    const sound = await makeVideo('ton.mp4', ['-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'aac']);
    fs.writeFileSync(
      path.join(work, 'cover.png'),
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c62828' } })
        .png()
        .toBuffer(),
    );
    const cover = await makeVideo('titelbild.mp4', [
      ...['-f', 'lavfi', '-i', 'sine=duration=1', '-i', path.join(work, 'cover.png')],
      ...['-map', '0', '-map', '1', '-c:a', 'aac', '-c:v', 'png', '-disposition:v', 'attached_pic'],
    ]);
    for (const [name, data] of [
      ['seite.mp4', page],
      ['nullen.mp4', zeros],
      ['ton.mp4', sound],
      ['titelbild.mp4', cover],
    ] as const) {
      const res = await postVideo(a, data, name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(415);
      expect(res.json().detail).toBe('Nur Bild- und Videodateien sind erlaubt');
    }

    // Real videos, but longer than a minute or wider than 4096 pixels.
    const long = await makeVideo('lang.mp4', [
      ...['-f', 'lavfi', '-i', 'testsrc=duration=70:size=16x16:rate=1'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
    ]);
    const tooLong = await postVideo(a, long, 'lang.mp4');
    expect(tooLong.statusCode, tooLong.body).toBe(422);
    expect(tooLong.json().detail).toBe(
      'Das Video ist zu lang (70 Sekunden). Erlaubt sind höchstens 60 Sekunden.',
    );
    const wide = await makeVideo('breit.mp4', [
      ...['-f', 'lavfi', '-i', 'testsrc=duration=0.4:size=4112x16:rate=5'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
    ]);
    const tooWide = await postVideo(a, wide, 'breit.mp4');
    expect(tooWide.statusCode, tooWide.body).toBe(422);
    expect(tooWide.json().detail).toBe(
      'Das Video ist zu groß (4112 × 16 Pixel). Erlaubt sind höchstens 4096 Pixel je Seite.',
    );

    expect(await countRows(t, 'stories')).toBe(rows);
    expect(files()).toEqual(stored);
    const tmp = path.join(t.config.dataDir, 'tmp');
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : []).toEqual([]);

    // A real short video still goes through.
    const res = await postVideo(a, VIDEO, 'clip.mp4');
    expect(res.statusCode, res.body).toBe(201);
    expect(files()).toHaveLength(stored.length + 1);
  });
});
