import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { testUser } from '../../test/fixtures.ts';
import { testCategories, testListing } from '../../test/listingFixtures.ts';
import { logIn, renderApp } from '../../test/renderApp.tsx';
import { type StubAnswer, stubRoutes } from '../../test/stubRoutes.ts';

vi.setConfig({ testTimeout: 20_000 });
const slow = { timeout: 30_000 };
const member = testUser({ id: 'u1' });

/** A member on /create-listing; `post` answers `POST /api/listings`. */
function openForm(
  post: (body: unknown) => StubAnswer = () => ({ status: 201, body: testListing({ id: 'neu1' }) }),
) {
  logIn(member);
  const posted: unknown[] = [];
  const fetchMock = stubRoutes(async (method, url, body) => {
    if (url.pathname === '/api/me') return { body: member };
    if (url.pathname === '/api/categories/all') return { body: { categories: testCategories() } };
    if (url.pathname === '/api/favorites') return { body: { favorites: [] } };
    if (url.pathname === '/api/places') {
      // As the server answers: a postal code's main town first.
      if (url.searchParams.get('q')?.startsWith('881')) {
        return {
          body: {
            places: [
              { postal_code: '88131', place: 'Lindau (Bodensee)', state: 'Bayern' },
              { postal_code: '88131', place: 'Bodolz', state: 'Bayern' },
            ],
          },
        };
      }
      return { body: { places: [{ postal_code: '80331', place: 'München', state: 'Bayern' }] } };
    }
    if (url.pathname === '/api/listings' && method === 'POST') {
      posted.push(body);
      return post(body);
    }
    if (url.pathname === '/api/listings/neu1') return { body: testListing({ id: 'neu1' }) };
    return { body: { listings: [], total: 0, next_cursor: null } };
  });
  const view = renderApp('/create-listing');
  return { ...view, posted, fetchMock };
}

/** Puts `text` into a field at once (typing each key is slow in jsdom). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function chooseCategory(user: ReturnType<typeof userEvent.setup>, top: string, sub: string) {
  await user.click(screen.getByRole('button', { name: /Kategorie wählen|Ändern/ }));
  const dialog = await screen.findByRole('dialog');
  await user.click(await within(dialog).findByRole('button', { name: new RegExp(top) }));
  await user.click(await within(dialog).findByRole('button', { name: new RegExp(sub) }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

/** Fills in a bicycle ad, all but its place, once the form is there. */
async function fillBikeAd(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('button', { name: 'Anzeige veröffentlichen' }, slow);
  await chooseCategory(user, 'Auto, Rad & Boot', 'Fahrräder');
  await fill(user, screen.getByRole('textbox', { name: 'Titel' }), 'Fahrrad');
  await fill(user, screen.getByRole('textbox', { name: 'Beschreibung' }), 'Ein schönes Fahrrad in Blau.');
  await fill(user, screen.getByRole('textbox', { name: 'Preis' }), '90');
}

describe('posting form validation (issue "The marketplace itself": German messages on every field)', () => {
  it('shows the contract’s German messages for an empty form and sends nothing', async () => {
    const user = userEvent.setup();
    const { posted } = openForm();
    await user.click(await screen.findByRole('button', { name: 'Anzeige veröffentlichen' }, slow));
    expect(await screen.findByText('Bitte wähle eine Kategorie.')).toBeTruthy();
    expect(screen.getByText('Der Titel muss mindestens 3 Zeichen lang sein.')).toBeTruthy();
    expect(screen.getByText('Die Beschreibung muss mindestens 10 Zeichen lang sein.')).toBeTruthy();
    expect(screen.getByText('Bitte gib einen Preis ein.')).toBeTruthy();
    expect(screen.getByText('Bitte gib eine gültige Postleitzahl mit 5 Ziffern ein.')).toBeTruthy();
    expect(screen.getByText('Bitte prüfe die markierten Felder.')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('checks the chosen category’s required attributes and number ranges', async () => {
    const user = userEvent.setup();
    openForm();
    await screen.findByRole('button', { name: 'Anzeige veröffentlichen' }, slow);
    await chooseCategory(user, 'Auto, Rad & Boot', 'Autos');
    expect(screen.getByTestId('chosen-category').textContent).toContain('Auto, Rad & Boot › Autos');
    await user.type(screen.getByRole('spinbutton', { name: 'Erstzulassung' }), '1850');
    await user.click(screen.getByRole('button', { name: 'Anzeige veröffentlichen' }));
    expect(await screen.findByText('Bitte gib „Marke“ an.')).toBeTruthy();
    expect(screen.getByText('Erstzulassung muss mindestens 1900 sein.')).toBeTruthy();
  });

  it('rejects a negative price, more than two decimals and a price on a free ad is impossible', async () => {
    const user = userEvent.setup();
    openForm();
    const price = await screen.findByRole('textbox', { name: 'Preis' }, slow);
    await user.type(price, '-5');
    await user.click(screen.getByRole('button', { name: 'Anzeige veröffentlichen' }));
    expect(await screen.findByText('Der Preis darf nicht negativ sein.')).toBeTruthy();
    await user.clear(price);
    await user.type(price, '12,345');
    expect(await screen.findByText('Der Preis darf höchstens zwei Nachkommastellen haben.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Zu verschenken' }));
    expect((price as HTMLInputElement).disabled).toBe(true);
    expect((price as HTMLInputElement).value).toBe('0');
    await waitFor(() =>
      expect(screen.queryByText('Der Preis darf höchstens zwei Nachkommastellen haben.')).toBeNull(),
    );
  });

  it('sends a valid ad, then opens it with a message', async () => {
    const user = userEvent.setup();
    const { posted, router } = openForm();
    await screen.findByRole('button', { name: 'Anzeige veröffentlichen' }, slow);
    await user.click(screen.getByRole('button', { name: 'Suche' }));
    await chooseCategory(user, 'Auto, Rad & Boot', 'Fahrräder');
    await fill(user, screen.getByRole('textbox', { name: 'Titel' }), 'Fahrrad 28 Zoll <b>fett</b>');
    await fill(
      user,
      screen.getByRole('textbox', { name: 'Beschreibung' }),
      'Suche ein gut erhaltenes Trekkingrad.',
    );
    await fill(user, screen.getByRole('textbox', { name: 'Preis' }), '1.250,50');
    await user.click(screen.getByRole('radio', { name: 'VB' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Art' }), 'Trekkingrad');
    await user.type(screen.getByRole('combobox', { name: 'Postleitzahl' }), '8033');
    const place = await screen.findByRole('option', { name: /80331 München/ }, slow);
    // The places come from GeoNames, credited where they are shown.
    expect(screen.getByText('Orte und Postleitzahlen: GeoNames (CC BY 4.0)')).toBeTruthy();
    await user.click(place);
    await user.click(screen.getByRole('button', { name: 'Anzeige veröffentlichen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listing/neu1'), slow);
    expect(posted).toEqual([
      {
        offer_type: 'wanted',
        category: 'fahrraeder-zubehoer',
        title: 'Fahrrad 28 Zoll <b>fett</b>',
        description: 'Suche ein gut erhaltenes Trekkingrad.',
        price: 1250.5,
        price_type: 'negotiable',
        postal_code: '80331',
        location: 'München',
        images: [],
        attributes: { bike_type: 'Trekkingrad' },
      },
    ]);
    expect(await screen.findByText('Deine Anzeige ist online.')).toBeTruthy();
  });

  it.each([
    ['its main town, shown below the field, when no place is picked', null, 'Lindau (Bodensee)'],
    ['exactly the place picked among its offers', 'Bodolz', 'Bodolz'],
  ])('a typed postal code sends %s', async (_label, pick, sent) => {
    const user = userEvent.setup();
    const { posted, router } = openForm();
    await fillBikeAd(user);
    const field = screen.getByRole('combobox', { name: 'Postleitzahl' });
    await user.type(field, '88131');
    // The first offer, the main town, is the ad's place without a click.
    expect(await screen.findByText('Lindau (Bodensee)', { selector: 'p' }, slow)).toBeTruthy();
    if (pick) {
      await user.click(await screen.findByRole('option', { name: new RegExp(`88131 ${pick}`) }, slow));
      expect(await screen.findByText(pick, { selector: 'p' })).toBeTruthy();
      expect((field as HTMLInputElement).value).toBe('88131');
    }
    await user.click(screen.getByRole('button', { name: 'Anzeige veröffentlichen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listing/neu1'), slow);
    expect(posted).toMatchObject([{ postal_code: '88131', location: sent }]);
  });

  it("shows the server's detail, and for an unconfirmed e-mail a button to resend the mail", async () => {
    const user = userEvent.setup();
    openForm(() => ({
      status: 403,
      body: { detail: 'Bitte bestätige zuerst deine E-Mail-Adresse.', code: 'email_not_verified' },
    }));
    await fillBikeAd(user);
    await user.type(screen.getByRole('combobox', { name: 'Postleitzahl' }), '80331');
    await user.click(screen.getByRole('button', { name: 'Anzeige veröffentlichen' }));
    const alert = await screen.findByText('Bitte bestätige zuerst deine E-Mail-Adresse.', {}, slow);
    expect(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', {
        name: 'Bestätigungs-E-Mail erneut senden',
      }),
    ).toBeTruthy();
  });
});
