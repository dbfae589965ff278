import type { AdminJobPosition } from '@marketplace/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer } from './helpers/accounts.ts';
import { builtWebDist, startTestApp } from './helpers/app.ts';
import { makeAdmin, verifiedMember } from './helpers/marketplace.ts';
import { attr, expectValidHtml, locs, readPage, text } from './helpers/pages.ts';

/*
 * The career pages /karriere and /karriere/{slug} arrive rendered by the server with the app's own
 * components and their head (canonical, description, JSON-LD `JobPosting`); closed positions
 * answer 410, unknown ones 404, and the sitemap lists the open positions only. Needs the web
 * build (`npm run build`).
 */
const PUBLIC_URL = 'https://www.kleinanzeigen-test.de';
const t = await startTestApp({ PUBLIC_URL, PUBLIC_READ_LIMIT: '0' }, { webDistDir: builtWebDist() });
afterAll(async () => {
  await t?.close();
});

const admin = await verifiedMember(t, { nickname: 'Adam Admin' });
await makeAdmin(t, admin.user.id);

const create = async (overrides: object) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/career/positions',
      headers: bearer(admin.access_token),
      payload: {
        title: 'Senior Backend-Entwickler:in (TypeScript)',
        team: 'engineering',
        location: 'Berlin',
        remote: true,
        employment_type: 'full_time',
        summary: 'Du entwickelst mit uns die Server hinter dem Marktplatz, in Berlin oder remote.',
        body: '## Deine Aufgaben\n\n- APIs mit **TypeScript** bauen\n- Tests schreiben, die etwas prüfen',
        ...overrides,
      },
    })
  ).json() as AdminJobPosition;

const backend = await create({});
const community = await create({
  title: 'Community-Manager:in',
  team: 'community',
  location: 'Karlsruhe',
  remote: false,
  employment_type: 'part_time',
  summary: 'Du betreust unser Forum und hilfst Käufern und Verkäufern weiter, in Teilzeit.',
});
const closed = await create({ title: 'Werkstudent:in Kundenservice', team: 'support' });
await t.app.inject({
  method: 'PATCH',
  url: `/api/admin/career/positions/${closed.id}`,
  headers: bearer(admin.access_token),
  payload: { status: 'closed' },
});

describe('/karriere', () => {
  it('kommt vom Server gerendert, mit den offenen Stellen und ItemList', async () => {
    const res = await t.app.inject({ url: '/karriere' });
    expect(res.statusCode).toBe(200);
    await expectValidHtml(res.body);
    const page = readPage(res.body);
    expect(attr(page.root, 'data-server-rendered')).toBe('');
    expect(page.h1).toEqual(['Karriere']);
    expect(page.canonical).toEqual([`${PUBLIC_URL}/karriere`]);
    const content = text(page.root);
    expect(content).toContain('Wie wir arbeiten');
    expect(content).toContain('Senior Backend-Entwickler:in (TypeScript)');
    expect(content).toContain('Community-Manager:in');
    expect(content).not.toContain('Werkstudent:in Kundenservice');
    const list = page.jsonLd.find((entry) => entry['@type'] === 'ItemList') as {
      itemListElement: { url: string }[];
    };
    expect(list.itemListElement.map((item) => item.url).sort()).toEqual(
      [`${PUBLIC_URL}/karriere/${backend.slug}`, `${PUBLIC_URL}/karriere/${community.slug}`].sort(),
    );
  });

  it('zeigt eine Stelle mit JobPosting-JSON-LD, Beschreibung und Bewerbungsformular', async () => {
    const res = await t.app.inject({ url: `/karriere/${backend.slug}` });
    expect(res.statusCode).toBe(200);
    const page = readPage(res.body);
    expect(page.h1).toEqual(['Senior Backend-Entwickler:in (TypeScript)']);
    expect(page.title).toEqual([
      'Senior Backend-Entwickler:in (TypeScript) (Vollzeit, Berlin oder remote) | Marktplatz',
    ]);
    expect(page.description).toEqual([backend.summary]);
    expect(page.canonical).toEqual([`${PUBLIC_URL}/karriere/${backend.slug}`]);
    const posting = page.jsonLd.find((entry) => entry['@type'] === 'JobPosting');
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      title: 'Senior Backend-Entwickler:in (TypeScript)',
      datePosted: backend.posted_at,
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Marktplatz' },
      jobLocation: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Berlin', addressCountry: 'DE' },
      },
      jobLocationType: 'TELECOMMUTE',
      url: `${PUBLIC_URL}/karriere/${backend.slug}`,
    });
    expect(String(posting?.description)).toContain('<strong>TypeScript</strong>');
    const form = page.inRoot.find((e) => e.tagName === 'form' && attr(e, 'aria-label') === 'Jetzt bewerben');
    expect(form).toBeDefined();
    const names = page.inRoot
      .filter((e) => e.tagName === 'input' || e.tagName === 'textarea')
      .map((e) => attr(e, 'name'));
    for (const name of ['name', 'email', 'phone', 'message', 'cv']) expect(names, name).toContain(name);
    const privacy = page.inRoot.find((e) => e.tagName === 'a' && attr(e, 'href') === '/legal/datenschutz');
    expect(privacy && text(privacy)).toBe('Datenschutzerklärung');
    const part = (await t.app.inject({ url: `/karriere/${community.slug}` })).body;
    expect(readPage(part).jsonLd.find((entry) => entry['@type'] === 'JobPosting')).toMatchObject({
      employmentType: 'PART_TIME',
    });
  });

  it('antwortet 410 für eine geschlossene und 404 für eine unbekannte Stelle, ohne JobPosting', async () => {
    const gone = await t.app.inject({ url: `/karriere/${closed.slug}` });
    expect(gone.statusCode).toBe(410);
    const page = readPage(gone.body);
    expect(page.robots).toEqual(['noindex, follow']);
    expect(page.jsonLd).toEqual([]);
    expect(text(page.root)).toContain('Stelle nicht mehr ausgeschrieben');
    const unknown = await t.app.inject({ url: '/karriere/gibt-es-nicht' });
    expect(unknown.statusCode).toBe(404);
    expect(text(readPage(unknown.body).root)).toContain('Stelle nicht gefunden');
  });

  it('listet in der Sitemap nur /karriere und die offenen Stellen', async () => {
    const index = await t.app.inject({ url: '/sitemap.xml' });
    expect(locs(index.body, 'sitemapindex')).toContain(`${PUBLIC_URL}/sitemaps/karriere.xml`);
    const file = await t.app.inject({ url: '/sitemaps/karriere.xml' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(locs(file.body, 'urlset').sort()).toEqual(
      [
        `${PUBLIC_URL}/karriere`,
        `${PUBLIC_URL}/karriere/${backend.slug}`,
        `${PUBLIC_URL}/karriere/${community.slug}`,
      ].sort(),
    );
    expect(file.body).not.toContain(closed.slug);
  });
});
