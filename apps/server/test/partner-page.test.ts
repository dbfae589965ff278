import { afterAll, describe, expect, it } from 'vitest';
import { builtWebDist, startTestApp } from './helpers/app.ts';
import { attr, readPage, text } from './helpers/pages.ts';

/**
 * /partner-werden arrives rendered by the server with the app's own components
 * (docs/decisions/0030-one-layout-rendered-on-the-server.md): the offers, the enquiry form with
 * every field, and a title and meta description of its own, for visitors without scripts and
 * for search engines. Needs the web build (`npm run build`).
 */
const t = await startTestApp({}, { webDistDir: builtWebDist() });
afterAll(async () => {
  await t?.close();
});

describe('/partner-werden', () => {
  it('kommt vom Server gerendert, mit Formular, Titel und eigener Beschreibung', async () => {
    const res = await t.app.inject({ url: '/partner-werden' });
    expect(res.statusCode).toBe(200);
    const page = readPage(res.body);
    expect(attr(page.root, 'data-server-rendered')).toBe('');
    expect(page.h1).toEqual(['Partner werden']);
    expect(page.title).toEqual(['Partner werden – Marktplatz']);
    expect(page.description).toEqual([
      'Partner werden: Shops, Dienstleister und Werbepartner aus der Region schicken uns eine unverbindliche Anfrage und bekommen eine Antwort per E-Mail.',
    ]);
    const content = text(page.root);
    expect(content).toContain('Die Shop-Seiten bauen wir gerade auf.');
    expect(content).toContain('Wir prüfen deine Anfrage und antworten dir per E-Mail.');
    const form = page.inRoot.find((e) => e.tagName === 'form' && attr(e, 'aria-label') === 'Partneranfrage');
    expect(form).toBeDefined();
    const names = page.inRoot
      .filter((e) => e.tagName === 'input' || e.tagName === 'textarea')
      .map((e) => attr(e, 'name'));
    for (const name of ['company', 'contact_name', 'email', 'phone', 'partner_type', 'message'])
      expect(names, name).toContain(name);
    const privacy = page.inRoot.find((e) => e.tagName === 'a' && attr(e, 'href') === '/legal/datenschutz');
    expect(privacy && text(privacy)).toBe('Datenschutzerklärung');
  });

  it('lässt den anderen Seiten die Beschreibung der Website', async () => {
    const page = readPage((await t.app.inject({ url: '/hilfe' })).body);
    expect(page.description).toEqual([
      'Kleinanzeigen aus deiner Region: kaufen, verkaufen, verschenken und ins Gespräch kommen.',
    ]);
  });
});
