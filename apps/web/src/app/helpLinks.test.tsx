import { screen, within } from '@testing-library/react';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/renderApp.tsx';
import { stubRouteTable } from '../test/stubRouteTable.ts';
import { resolveRedirect } from './redirects.ts';
import { builtPages } from './routes.tsx';

const SITE = {
  name: 'Marktplatz',
  terms_version: '2026-11-24',
  operator: {
    name: 'Kiezmarkt Nord GmbH',
    address: 'Hafenstraße 7, 20459 Hamburg',
    email: 'kontakt@kiezmarkt.example',
    phone: null,
    representative: null,
    register_court: null,
    register_number: null,
    vat_id: null,
    responsible: null,
  },
};

/** The page a link leads to: redirects followed, then the route table's entry, if any. */
function pageOf(href: string): { built: boolean; target: string } {
  const path = new URL(href, 'http://localhost').pathname;
  const target = resolveRedirect(path) ?? path;
  const matches = (entry: { path: string }) => matchPath({ path: entry.path, end: true }, target) !== null;
  return { built: builtPages.some(matches), target };
}

/** Same-origin links inside the page's main area (the shell's menus are checked elsewhere). */
async function linksOf(path: string, heading: string): Promise<string[]> {
  stubRouteTable({ '/api/site': { body: SITE } });
  renderApp(path);
  await screen.findByRole('heading', { level: 1, name: heading });
  const main = screen.getByRole('main');
  return (
    within(main)
      // Hidden too: the FAQ's answers are folded away until opened.
      .queryAllByRole('link', { hidden: true })
      .map((link) => link.getAttribute('href') ?? '')
      .filter((href) => href.startsWith('/'))
  );
}

describe('links of the help, FAQ, legal and register pages lead to built pages', { timeout: 30_000 }, () => {
  it.each([
    ['/hilfe', 'Hilfe'],
    ['/faq', 'Häufige Fragen'],
    ['/faq-contact', 'Kontakt zum Support'],
    ['/legal/impressum', 'Impressum'],
    ['/legal/datenschutz', 'Datenschutzerklärung'],
    ['/legal/agb', 'Allgemeine Geschäftsbedingungen'],
    ['/legal/cookies', 'Cookie-Richtlinie'],
  ])('%s', async (path, heading) => {
    const hrefs = await linksOf(path, heading);
    for (const href of hrefs) {
      const page = pageOf(href);
      expect(page.built, `${path} → ${href} (${page.target}) is no page`).toBe(true);
    }
    if (path !== '/faq-contact' && path !== '/legal/impressum') expect(hrefs.length).toBeGreaterThan(0);
  });

  it('FAQ answers link where they point: chat and account deletion in the settings', async () => {
    const hrefs = await linksOf('/faq', 'Häufige Fragen');
    expect(hrefs).toContain('/chat');
    expect(hrefs).toContain('/settings');
    expect(document.body.textContent).not.toMatch(/Schreib uns an .*, wir löschen dein Konto/);
    expect(document.body.textContent).toContain('In den Einstellungen unter „Konto löschen“');
  });

  it('the register page says the AGB apply and links them and the privacy notice', async () => {
    stubRouteTable({ '/api/site': { body: SITE } });
    renderApp('/register');
    const form = await screen.findByRole('form', { name: 'Registrieren' });
    expect(form.textContent).toContain('Mit „Konto erstellen“ akzeptierst du unsere AGB.');
    const terms = within(form).getByRole('link', { name: 'AGB' });
    const privacy = within(form).getByRole('link', { name: 'Datenschutzerklärung' });
    expect(terms.getAttribute('href')).toBe('/legal/agb');
    expect(privacy.getAttribute('href')).toBe('/legal/datenschutz');
    for (const link of [terms, privacy]) expect(pageOf(link.getAttribute('href') ?? '').built).toBe(true);
  });
});
