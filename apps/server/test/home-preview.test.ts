import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { categoriesResponseSchema, type ListingList, listingListSchema } from '@marketplace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withHomePreview } from '../src/plugins/web-app.ts';
import type { RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { adBody, createAd, verifiedMember } from './helpers/marketplace.ts';

/** The home page as `npm run build` writes it: the loading text between the preview markers. */
const INDEX_HTML = `<!doctype html><html><body><div id="root"><div class="first-paint"><!--home-preview--><p>Seite wird geladen...</p><!--/home-preview--></div></div><script type="module" src="/assets/boot.js"></script>
  </body></html>`;

describe('the home page arrives with its categories and newest ads', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marketplace-dist-'));
  let t: TestApp;
  let seller: RegisteredMember;

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    t = await startTestApp({}, { webDistDir: dist });
    seller = await verifiedMember(t, { nickname: 'Vorschau' });
  });

  it('works on a marketplace without ads: the categories and an empty list', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<ul class="hp-grid"></ul>');
    expect(res.body.match(/class="hp-tile"/g)).toHaveLength(14);
    expect(servedData(res.body).feed).toEqual({
      listings: [],
      total: 0,
      next_cursor: null,
      corrected_q: null,
    });
    seller = await verifiedMember(t, { nickname: 'Vorschau' });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  /** The JSON the page carries for the app. */
  function servedData(html: string): { feed: ListingList; categories: unknown } {
    const match = /<script type="application\/json" id="home-data">(.*?)<\/script>/s.exec(html);
    expect(match).not.toBeNull();
    return JSON.parse(match?.[1] ?? 'null');
  }

  it('draws the newest ads as plain links and carries the API answers the app would ask for', async () => {
    const ad = await createAd(t, seller.access_token, adBody({ title: 'Waschmaschine Bosch', price: 1234 }));
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).not.toContain('Seite wird geladen...');
    expect(res.body).toContain('<h1 class="hp-h1">Neueste Kleinanzeigen</h1>');
    expect(res.body).toContain(`<a href="/listing/${ad.id}">`);
    expect(res.body).toContain('<span class="hp-price">1.234 € VB</span>');
    expect(res.body).toContain('<a class="hp-tile" href="/category/auto-rad-boot"');
    // The data sits before the app's script, which reads it.
    expect(res.body.indexOf('id="home-data"')).toBeLessThan(res.body.lastIndexOf('</body>'));

    const data = servedData(res.body);
    const feed = await t.app.inject({ url: '/api/listings?sort=newest&limit=20&t=1' });
    expect(data.feed).toEqual(feed.json());
    expect(listingListSchema.parse(data.feed).listings[0]?.title).toBe('Waschmaschine Bosch');
    const categories = await t.app.inject({ url: '/api/categories/all' });
    expect(data.categories).toEqual(categories.json());
    expect(categoriesResponseSchema.parse(data.categories).categories).toHaveLength(14);
  });

  it('keeps HTML and script typed into an ad inert, in the markup and in the data', async () => {
    const title = `</script><script>alert(1)</script> <b>fett</b> & "zitiert" $& $' $\``;
    await createAd(t, seller.access_token, adBody({ title }));
    const res = await t.app.inject({ url: '/' });
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).not.toContain('<b>fett</b>');
    expect(res.body).toContain(
      '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &lt;b&gt;fett&lt;/b&gt; &amp; &quot;zitiert&quot; $&amp; $&#39; $`',
    );
    // Only the app's own script elements: the data element is not closed early.
    expect(res.body.match(/<script/g)).toHaveLength(2);
    expect(servedData(res.body).feed.listings[0]?.title).toBe(title);
  });

  it('draws the page again only when the ads or the minute change', async () => {
    const homePreview = (at: Date) => t.app.homePreview(at);
    const now = new Date();
    const first = await homePreview(now);
    expect(await homePreview(now)).toBe(first);
    const nextMinute = await homePreview(new Date(now.getTime() + 60_000));
    expect(nextMinute).not.toBe(first);
    await createAd(t, seller.access_token, adBody({ title: 'Kühlschrank Liebherr' }));
    const afterPosting = await homePreview(new Date(now.getTime() + 60_000));
    expect(afterPosting).not.toBe(nextMinute);
    expect(afterPosting.html).toContain('Kühlschrank Liebherr');
  });

  it('answers other pages with the plain app', async () => {
    const res = await t.app.inject({ url: '/favorites' });
    expect(res.body).toContain('Seite wird geladen...');
    expect(res.body).not.toContain('home-data');
  });
});

describe('withHomePreview', () => {
  it('leaves a page without the markers as it is', () => {
    const page = '<!doctype html><div id="root"></div></body>';
    expect(withHomePreview(page, { html: '<p>x</p>', css: '', data: '{}' })).toBe(page);
  });
});
