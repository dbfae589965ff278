import { type MyProfiles, type Profile, profileTexts } from '@marketplace/contract';
import { configure, fireEvent, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fieldError } from '../../test/fieldError.ts';
import { testUser } from '../../test/fixtures.ts';
import { testCategories } from '../../test/listingFixtures.ts';
import { logIn, memberAnswers, renderApp } from '../../test/renderApp.tsx';
import { type StubAnswer, stubRoutes } from '../../test/stubRoutes.ts';
import { shopTexts as t } from './texts.ts';

configure({ asyncUtilTimeout: 10_000 });

const DESCRIPTION = 'Gebrauchte Stadträder und Rennräder, durchgesehen in unserer Werkstatt.';

/** The business data `fillBusiness` types, as the API's body holds them without a VAT id. */
const BUSINESS = {
  name: 'Radladen Kreuzberg',
  legal_form: 'GmbH',
  street: 'Oranienstraße 10',
  postal_code: '10999',
  city: 'Berlin',
  register_court: 'Amtsgericht Charlottenburg',
  register_number: 'HRB 98765 B',
  vat_id: '',
  email: 'info@radladen.example',
  phone: '030 1234567',
  website: '',
};

/** An approved shop as `GET /api/profiles/me` answers it to its owner. */
const storedShop: Profile = {
  id: 'p1',
  kind: 'shop',
  status: 'approved',
  reason: null,
  owner_id: 'u1',
  display_name: 'Radladen Kreuzberg GmbH',
  business: { ...BUSINESS, vat_id: null, website: null },
  description: DESCRIPTION,
  categories: [{ slug: 'fahrraeder-zubehoer', name: 'Fahrräder & Zubehör' }],
  logo: '/api/images/logo.webp',
  banner: '/api/images/banner.webp',
  photos: [{ url: '/api/images/werkstatt.webp', caption: 'Unsere Werkstatt' }],
  hours: [{ day: 6, opens: '10:00', closes: '14:00' }],
  area: null,
  services: [],
  verified: true,
  created_at: '2026-11-01T10:00:00.000Z',
  can: { edit: true, decide: false },
};

/**
 * A server for a member with the profiles `mine` (none by default) and the category tree; it
 * answers the profile's `POST` and `PATCH` with `answer` and keeps each call in `sent`.
 */
function server(answer: () => StubAnswer, mine: MyProfiles = { shop: null, provider: null }) {
  const user = testUser();
  logIn(user);
  const member = memberAnswers(user);
  const sent: { call: string; body: unknown }[] = [];
  stubRoutes((method, url, body) => {
    if (member[url.pathname]) return member[url.pathname];
    if (url.pathname === '/api/profiles/me') return { body: mine };
    if (url.pathname === '/api/categories/all') return { body: { categories: testCategories() } };
    if (method !== 'GET' && url.pathname.startsWith('/api/profiles')) {
      sent.push({ call: `${method} ${url.pathname}`, body });
      return answer();
    }
    return undefined;
  });
  return sent;
}

/** The step's heading: the form is on that step. */
const onStep = (name: string) => screen.findByRole('heading', { level: 2, name });

const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: t.next }));

/** Picks the `kind` (Shop or Dienstleisterprofil), then fills the business data of a GmbH with `vatId`. */
async function fillBusiness(user: UserEvent, vatId: string, kind: RegExp = /^Shop/) {
  await user.click(await screen.findByRole('radio', { name: kind }));
  await next(user);
  await onStep('Unternehmen');
  const fields: [RegExp, string][] = [
    [/^Firmenname/, 'Radladen Kreuzberg'],
    [/^Straße und Hausnummer/, 'Oranienstraße 10'],
    [/^PLZ/, '10999'],
    [/^Ort/, 'Berlin'],
    [/^Registergericht/, 'Amtsgericht Charlottenburg'],
    [/^Registernummer/, 'HRB 98765 B'],
    [/^USt-IdNr/, vatId],
    [/^Geschäftliche E-Mail-Adresse/, 'info@radladen.example'],
    [/^Telefon/, '030 1234567'],
  ];
  for (const [label, value] of fields) {
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
}

/** From the business data to the hours: a description, a category, no logo. */
async function fillDescription(user: UserEvent) {
  await next(user);
  await onStep('Beschreibung');
  await user.click(screen.getByLabelText(/^Beschreibung/));
  await user.paste(DESCRIPTION);
  await user.type(screen.getByLabelText('Kategorien'), 'Fahrr');
  await user.click(await screen.findByRole('option', { name: /Fahrräder & Zubehör/ }));
  await next(user);
  await onStep('Logo und Fotos');
  await next(user);
  await onStep('Details');
}

/** The texts of the alerts: the step's German problem above the buttons, the preview's note. */
const alerts = async () => (await screen.findAllByRole('alert')).map((alert) => alert.textContent);

describe('/shop-registration', () => {
  beforeEach(() => window.localStorage.clear());

  it('refuses a VAT id that is none: the field and the alert say why, and "Weiter" stays on the step', async () => {
    server(() => ({ status: 500 }));
    const user = userEvent.setup();
    renderApp('/shop-registration');
    await fillBusiness(user, 'DE12345');
    await next(user);

    expect(await alerts()).toEqual([profileTexts.vatId]);
    expect(fieldError(screen.getByLabelText(/^USt-IdNr/))).toBe(profileTexts.vatId);
    expect(screen.getByRole('heading', { level: 2, name: 'Unternehmen' })).toBeTruthy();

    await user.clear(screen.getByLabelText(/^USt-IdNr/));
    await user.paste('DE123456789');
    await next(user);
    await onStep('Beschreibung');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses hours that end before they start, then sends a complete shop as the API expects', async () => {
    const sent = server(() => ({ status: 201, body: { id: 'p1', kind: 'shop', status: 'pending' } }));
    const user = userEvent.setup();
    renderApp('/shop-registration');
    await fillBusiness(user, 'DE123456789');
    await fillDescription(user);

    // Monday to Friday 9 to 18 as proposed, and Saturday from 10 until 9.
    await user.click(screen.getByRole('button', { name: t.addHours }));
    const saturdayCloses = screen.getAllByLabelText(t.closes).at(-1) as HTMLElement;
    fireEvent.change(saturdayCloses, { target: { value: '09:00' } });
    await next(user);
    expect(await alerts()).toEqual([profileTexts.hoursOrder]);
    expect(fieldError(saturdayCloses)).toBe(profileTexts.hoursOrder);
    expect(screen.getByRole('heading', { level: 2, name: 'Details' })).toBeTruthy();

    fireEvent.change(saturdayCloses, { target: { value: '14:00' } });
    await next(user);
    await onStep('Vorschau');
    expect(screen.getByRole('heading', { name: 'Radladen Kreuzberg GmbH' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: t.submit }));

    expect(await screen.findByText(t.submitted)).toBeTruthy();
    expect(sent).toEqual([
      {
        call: 'POST /api/profiles',
        body: {
          kind: 'shop',
          business: { ...BUSINESS, vat_id: 'DE123456789' },
          description: DESCRIPTION,
          categories: ['fahrraeder-zubehoer'],
          logo: null,
          banner: null,
          photos: [],
          hours: [
            ...[1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:00', closes: '18:00' })),
            { day: 6, opens: '10:00', closes: '14:00' },
          ],
          area: null,
          services: [],
        },
      },
    ]);
  });

  it("marks the field a 422 of the server names, with the server's German reason", async () => {
    server(() => ({
      status: 422,
      body: { detail: `Feld 'business.postal_code': ${profileTexts.unknownPostalCode}`, code: 'validation' },
    }));
    const user = userEvent.setup();
    renderApp('/shop-registration');
    await fillBusiness(user, '');
    await fillDescription(user);
    await next(user);
    await onStep('Vorschau');
    await user.click(screen.getByRole('button', { name: t.submit }));

    expect(await alerts()).toEqual([t.previewNote, profileTexts.unknownPostalCode]);
    for (const step of ['Details', 'Logo und Fotos', 'Beschreibung', 'Unternehmen']) {
      await user.click(screen.getByRole('button', { name: t.back }));
      await onStep(step);
    }
    expect(fieldError(screen.getByLabelText(/^PLZ/))).toBe(profileTexts.unknownPostalCode);
    expect(await alerts()).toEqual([profileTexts.unknownPostalCode]);
  });

  it('sends a provider with its service area and services, the radius and prices as numbers', async () => {
    const sent = server(() => ({ status: 201, body: { id: 'p2', kind: 'provider', status: 'pending' } }));
    const user = userEvent.setup();
    renderApp('/shop-registration');
    await fillBusiness(user, '', /^Dienstleisterprofil/);
    await fillDescription(user);

    await user.click(screen.getByLabelText(t.areaPostalCode));
    await user.paste('10999');
    await user.clear(screen.getByLabelText(t.areaRadius));
    await user.paste('250');
    await user.click(screen.getByLabelText(t.serviceName));
    await user.paste('Reparatur');
    await user.click(screen.getByLabelText(t.priceMin));
    await user.paste('12,50');
    await next(user);
    expect(await alerts()).toEqual([profileTexts.radiusMax]);
    expect(fieldError(screen.getByLabelText(t.areaRadius))).toBe(profileTexts.radiusMax);

    await user.clear(screen.getByLabelText(t.areaRadius));
    await user.paste('25');
    await next(user);
    await onStep('Vorschau');
    await user.click(screen.getByRole('button', { name: t.submit }));
    expect(await screen.findByText(t.submitted)).toBeTruthy();
    expect(sent).toMatchObject([
      {
        call: 'POST /api/profiles',
        body: {
          kind: 'provider',
          area: { postal_code: '10999', radius_km: 25 },
          services: [{ name: 'Reparatur', price_type: 'hourly', price_min: 12.5, price_max: null }],
        },
      },
    ]);
  });

  it('edits a shop from the settings: starts at the business data and saves all but the kind', async () => {
    const sent = server(() => ({ body: { ...storedShop, status: 'pending' } }), {
      shop: storedShop,
      provider: null,
    });
    const user = userEvent.setup();
    renderApp('/shop-registration?bearbeiten=shop');
    await onStep('Unternehmen');
    expect(screen.getByText(t.reviewHint)).toBeTruthy();
    expect(screen.getByRole('button', { name: t.back }).hasAttribute('disabled')).toBe(true);
    await user.clear(screen.getByLabelText(/^Telefon/));
    await user.paste('030 7654321');
    for (const step of ['Beschreibung', 'Logo und Fotos']) {
      await next(user);
      await onStep(step);
    }
    // The banner is shown with its name; a caption over 120 characters is refused in German.
    expect(screen.getByRole('img', { name: 'Titelbild von Radladen Kreuzberg' })).toBeTruthy();
    const caption = screen.getByLabelText(t.caption(1));
    expect((caption as HTMLInputElement).value).toBe('Unsere Werkstatt');
    fireEvent.change(caption, { target: { value: 'x'.repeat(121) } });
    await next(user);
    expect(await alerts()).toEqual(['Die Bildunterschrift darf höchstens 120 Zeichen lang sein.']);
    expect(fieldError(caption)).toBe('Die Bildunterschrift darf höchstens 120 Zeichen lang sein.');
    await user.clear(caption);
    await user.paste('Werkstatt mit Montageständern');
    for (const step of ['Details', 'Vorschau']) {
      await next(user);
      await onStep(step);
    }
    // The preview shows the banner and the photo with its caption.
    expect(screen.getByRole('img', { name: 'Titelbild von Radladen Kreuzberg GmbH' })).toBeTruthy();
    expect(screen.getByRole('figure').textContent).toContain('Werkstatt mit Montageständern');
    await user.click(screen.getByRole('button', { name: t.save }));

    expect(await screen.findByText(t.savedReview)).toBeTruthy();
    // The body of PATCH /api/profiles/{id}: everything of the create body but the kind.
    const body = {
      business: { ...BUSINESS, phone: '030 7654321' },
      description: DESCRIPTION,
      categories: ['fahrraeder-zubehoer'],
      logo: '/api/images/logo.webp',
      banner: '/api/images/banner.webp',
      photos: [{ url: '/api/images/werkstatt.webp', caption: 'Werkstatt mit Montageständern' }],
      hours: [{ day: 6, opens: '10:00', closes: '14:00' }],
      area: null,
      services: [],
    };
    expect(sent).toEqual([{ call: 'PATCH /api/profiles/p1', body }]);
  });
});
