import fs from 'node:fs';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RENDER_SAVINGS_MS, RENDER_SHARE, RENDERS_AT_ONCE } from '../src/plugins/page-renderer.ts';
import { standInWebDist, startTestApp, type TestApp } from './helpers/app.ts';
import { attr, readPage, text } from './helpers/pages.ts';

/*
 * How the server sends the pages it renders (docs/decisions/0030-one-layout-rendered-on-the-server.md):
 * at most RENDERS_AT_ONCE renders at a time, a page that finds them busy goes out unrendered
 * with its head, and a rendered page is kept and sent again as the same bytes, each compressed
 * form made once. A server build stands in for the app's, so that the test decides when a
 * render ends and counts the renders.
 */

/** What the stand-in build reads: the addresses it was asked to render, and when they may end. */
interface RenderGate {
  started: string[];
  open: Promise<void>;
  /** How long the render of an address keeps the event loop busy (ms). */
  busy: Record<string, number>;
}
const GATE = '__renderGate';

function gate(busy: Record<string, number> = {}): { release: () => void; started: string[] } {
  let release = () => {};
  const open = new Promise<void>((resolve) => {
    release = resolve;
  });
  const value: RenderGate = { started: [], open, busy };
  Reflect.set(globalThis, GATE, value);
  return { release, started: value.started };
}

describe('rendered pages: at most two renders at once and half of the time, kept pages sent as they are', () => {
  const dist = standInWebDist(
    `export const RENDERED_PATHS = ['/faq', '/hilfe', '/legal/:page'];
export function setApiTransport() {}
export async function renderPage({ url }) {
  const gate = globalThis.${GATE};
  gate.started.push(url);
  await gate.open;
  const until = Date.now() + (gate.busy[url] ?? 0);
  while (Date.now() < until) {}
  return { html: '<main><h1>Gerendert ' + url + '</h1>' + 'Text '.repeat(2000) + '</main>', styles: '', title: 'Hilfe', status: 200, data: null };
}
`,
  );
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({}, { webDistDir: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
    Reflect.deleteProperty(globalThis, GATE);
  });

  const rendered = (html: string) => attr(readPage(html).root, 'data-server-rendered') !== undefined;
  const heading = (html: string) => text(readPage(html).root);

  it('a page asked for while both renders are busy goes out unrendered, and is rendered for the next visitor', async () => {
    expect(RENDERS_AT_ONCE).toBe(2);
    const { release, started } = gate();
    const first = t.app.inject({ url: '/faq' });
    const second = t.app.inject({ url: '/hilfe' });
    await vi.waitFor(() => expect(started).toEqual(['/faq', '/hilfe']));

    const meanwhile = await t.app.inject({ url: '/legal/impressum' });
    expect(meanwhile.statusCode).toBe(200);
    expect(rendered(meanwhile.body)).toBe(false);
    expect(heading(meanwhile.body)).toContain('Seite wird geladen...');
    expect(started).toEqual(['/faq', '/hilfe']);

    release();
    for (const [answer, url] of [
      [await first, '/faq'],
      [await second, '/hilfe'],
    ] as const) {
      expect(answer.statusCode).toBe(200);
      expect(rendered(answer.body)).toBe(true);
      expect(heading(answer.body)).toContain(`Gerendert ${url}`);
    }
    const later = await t.app.inject({ url: '/legal/impressum' });
    expect(rendered(later.body)).toBe(true);
    expect(heading(later.body)).toContain('Gerendert /legal/impressum');
    expect(started).toEqual(['/faq', '/hilfe', '/legal/impressum']);
  });

  it('sends a kept page again without rendering it, as the same bytes in brotli, gzip or plain', async () => {
    const { release, started } = gate();
    release();
    const br = await t.app.inject({ url: '/legal/datenschutz', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    const page = zlib.brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(heading(page)).toContain('Gerendert /legal/datenschutz');
    // Compressed: the page's repeated text shrinks to a fraction.
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(page) / 4);

    const brAgain = await t.app.inject({ url: '/legal/datenschutz', headers: { 'accept-encoding': 'br' } });
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);
    const gzip = await t.app.inject({ url: '/legal/datenschutz', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toBe(page);
    const plain = await t.app.inject({ url: '/legal/datenschutz' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
    expect(started).toEqual(['/legal/datenschutz']);
  });

  it('renders take at most half of the time while other page requests wait; a page asked for alone is rendered', async () => {
    expect([RENDER_SHARE, RENDER_SAVINGS_MS]).toEqual([0.5, 1000]);
    // One render that keeps the server busy for 3 s spends the savings and more.
    const long = gate({ '/legal/agb': 3000 });
    long.release();
    const spent = await t.app.inject({ url: '/legal/agb' });
    expect(rendered(spent.body)).toBe(true);

    // Alone, a page is rendered whatever was spent. While it renders, a second address goes out
    // unrendered though a render is free: renders have had their share.
    const { release, started } = gate();
    const alone = t.app.inject({ url: '/legal/cookies' });
    await vi.waitFor(() => expect(started).toEqual(['/legal/cookies']));
    const waiting = await t.app.inject({ url: '/hilfe?aus=1' });
    expect(waiting.statusCode).toBe(200);
    expect(rendered(waiting.body)).toBe(false);
    release();
    expect(rendered((await alone).body)).toBe(true);
    const later = await t.app.inject({ url: '/hilfe?aus=1' });
    expect(rendered(later.body)).toBe(true);
    expect(started).toEqual(['/legal/cookies', '/hilfe?aus=1']);
  });
});
