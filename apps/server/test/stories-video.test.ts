import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import ffprobe from '@ffprobe-installer/ffprobe';
import type { Story } from '@marketplace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { multipart, verifiedMember } from './helpers/marketplace.ts';

/**
 * Story videos as they are stored and served (SPEC.md §5): without the metadata of the
 * uploaded file. The videos are made here with the ffmpeg binary the server uses.
 */

const run = promisify(execFile);

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
});
