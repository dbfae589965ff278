import type { SiteConfig } from '@marketplace/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { USER_STORAGE_KEY } from '../../lib/session.ts';
import { testUser } from '../../test/fixtures.ts';
import { logIn, renderApp } from '../../test/renderApp.tsx';
import { stubRouteTable } from '../../test/stubRouteTable.ts';

const NOBODY: SiteConfig['operator'] = {
  name: null,
  address: null,
  email: null,
  phone: null,
  representative: null,
  register_court: null,
  register_number: null,
  vat_id: null,
  responsible: null,
};

const site = (operator: Partial<SiteConfig['operator']> = {}, terms_version = '2026-11-24'): SiteConfig => ({
  name: 'Marktplatz',
  terms_version,
  operator: { ...NOBODY, ...operator },
});

afterEach(() => {
  document.getElementById('site-config')?.remove();
});

describe('Impressum from the server configuration', { timeout: 20_000 }, () => {
  it("shows the operator's data: address lines, contact, register, VAT id, § 18 MStV", async () => {
    stubRouteTable({
      '/api/site': {
        body: site({
          name: 'Kiezmarkt Nord GmbH',
          address: 'Hafenstraße 7, 20459 Hamburg',
          email: 'kontakt@kiezmarkt.example',
          phone: '+49 40 1234567',
          representative: 'Jana Beispiel (Geschäftsführerin)',
          register_court: 'Amtsgericht Hamburg',
          register_number: 'HRB 123456',
          vat_id: 'DE123456789',
          responsible: 'Jana Beispiel, Hafenstraße 7, 20459 Hamburg',
        }),
      },
    });
    renderApp('/legal/impressum');
    expect(await screen.findByText('Kiezmarkt Nord GmbH')).toBeTruthy();
    expect(screen.getByText('Hafenstraße 7')).toBeTruthy();
    expect(screen.getByText('20459 Hamburg')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'kontakt@kiezmarkt.example' }).getAttribute('href')).toBe(
      'mailto:kontakt@kiezmarkt.example',
    );
    expect(screen.getByText('Telefon: +49 40 1234567')).toBeTruthy();
    expect(screen.getByText('Registergericht: Amtsgericht Hamburg')).toBeTruthy();
    expect(screen.getByText('Registernummer: HRB 123456')).toBeTruthy();
    expect(
      screen.getByText('Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: DE123456789'),
    ).toBeTruthy();
    expect(
      screen.getByRole('heading', { name: 'Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV' }),
    ).toBeTruthy();
    expect(screen.queryByText('Angaben zum Betreiber fehlen')).toBeNull();
    expect(screen.queryByText(/Musterstraße|Musterstadt/)).toBeNull();
  });

  it('says plainly which required data the operator has not set, and invents none', async () => {
    stubRouteTable({ '/api/site': { body: site({ name: 'Kiezmarkt Nord GmbH' }) } });
    renderApp('/legal/impressum');
    const alert = await screen.findByText('Angaben zum Betreiber fehlen');
    expect(alert.parentElement?.textContent).toContain('Es fehlen: Anschrift, E-Mail-Adresse.');
    expect(screen.getAllByText('Nicht angegeben')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'Registereintrag' })).toBeNull();
    expect(screen.queryByText(/Musterstraße|Musterstadt|GmbH Musterstadt/)).toBeNull();
  });

  it('reads the configuration the server wrote into the page without asking again', async () => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'site-config';
    element.textContent = JSON.stringify(site({ name: 'Aus der Seite GmbH' }));
    document.head.append(element);
    const calls = stubRouteTable({});
    renderApp('/legal/impressum');
    expect(await screen.findByText('Aus der Seite GmbH')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/site')).toEqual([]);
  });
});

describe('AGB and Datenschutz', { timeout: 20_000 }, () => {
  it('the AGB carry the date of the current version', async () => {
    stubRouteTable({ '/api/site': { body: site({}, '2026-11-24') } });
    renderApp('/legal/agb');
    expect(await screen.findByText('Stand: 24. November 2026')).toBeTruthy();
  });

  it('Datenschutz names what the product stores and how long', async () => {
    stubRouteTable({ '/api/site': { body: site() } });
    renderApp('/legal/datenschutz');
    for (const heading of [
      '2. Dein Konto',
      '3. Anzeigen, Fotos und Merkliste',
      '4. Chat und Benachrichtigungen',
      '5. Anmeldung, Sitzungen und Schutz vor Missbrauch',
      '6. Cookies und Speicher im Browser',
      '7. Server-Protokolle',
      '8. E-Mails',
    ]) {
      expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    }
    const main = within(screen.getByRole('main'));
    expect(main.getByText(/entfernen dabei alle eingebetteten Metadaten/)).toBeTruthy();
    expect(main.getByText(/endet nach 30 Minuten ohne Aktivität/)).toBeTruthy();
    expect(main.getByText(/Diese Einträge löschen wir nach 24 Stunden/)).toBeTruthy();
  });
});

describe('accepting changed AGB once', { timeout: 20_000 }, () => {
  it('asks a member with an older version, stores the acceptance and does not ask again', async () => {
    const old = testUser({ terms_version: '2025-01-01' });
    const calls = stubRouteTable({
      '/api/site': { body: site({}, '2026-11-24') },
      '/api/me': { body: old },
      'POST /api/me/terms': ({ body }) => ({
        body: { ...old, terms_version: (body as { version: string }).version },
      }),
    });
    logIn(old);
    renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: 'Unsere AGB haben sich geändert' });
    expect(within(dialog).getByText(/Seit dem 24. November 2026 gilt eine neue Fassung/)).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('link', { name: /AGB lesen/ })
        .getAttribute('href'),
    ).toBe('/legal/agb');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Zustimmen' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Unsere AGB haben sich geändert' })).toBeNull(),
    );
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/me/terms')?.body).toEqual({
      version: '2026-11-24',
    });
    expect(JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY) ?? '{}').terms_version).toBe(
      '2026-11-24',
    );
  });

  it('does not ask a member who accepted the current version, nor a visitor', async () => {
    const current = testUser({ terms_version: '2026-11-24' });
    stubRouteTable({ '/api/site': { body: site({}, '2026-11-24') }, '/api/me': { body: current } });
    logIn(current);
    renderApp('/legal/agb');
    expect(await screen.findByText('Stand: 24. November 2026')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks a member who never accepted any AGB for a first acceptance, not about a change', async () => {
    const admin = testUser({ role: 'ADMIN', terms_version: null });
    const calls = stubRouteTable({
      '/api/site': { body: site({}, '2026-11-24') },
      '/api/me': { body: admin },
      'POST /api/me/terms': ({ body }) => ({
        body: { ...admin, terms_version: (body as { version: string }).version },
      }),
    });
    logIn(admin);
    renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: 'Bitte stimme unseren AGB zu' });
    expect(
      within(dialog).getByText(
        'Um Marktplatz zu nutzen, brauchen wir deine Zustimmung zu unseren Allgemeinen Geschäftsbedingungen (Fassung vom 24. November 2026). Bitte lies sie und stimme ihnen zu.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/haben sich geändert|neue Fassung/)).toBeNull();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Zustimmen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/me/terms')?.body).toEqual({
      version: '2026-11-24',
    });
  });

  it('keeps the dialog open with the German error when the server refuses', async () => {
    const old = testUser({ terms_version: '2025-01-01' });
    stubRouteTable({
      '/api/site': { body: site({}, '2026-11-24') },
      '/api/me': { body: old },
      'POST /api/me/terms': {
        status: 409,
        body: {
          detail:
            'Die AGB wurden inzwischen geändert. Bitte lade die Seite neu und lies die aktuelle Fassung.',
        },
      },
    });
    logIn(old);
    renderApp('/');
    const dialog = await screen.findByRole('dialog', { name: 'Unsere AGB haben sich geändert' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Zustimmen' }));
    expect(await within(dialog).findByText(/Bitte lade die Seite neu/)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Unsere AGB haben sich geändert' })).toBeTruthy();
  });
});
