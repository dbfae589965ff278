import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { stubRouteTable } from '../../test/stubRouteTable.ts';

const RECEIVED =
  'Danke! Deine Partneranfrage ist bei uns angekommen. Wir haben dir eine Bestätigung per E-Mail geschickt und melden uns per E-Mail bei dir, sobald wir sie geprüft haben.';

/** Fills the enquiry form of /partner-werden (phone left empty) and sends it. */
async function sendEnquiry(options: { consent: boolean; message?: string }) {
  const user = userEvent.setup();
  const form = within(await screen.findByRole('form', { name: 'Partneranfrage' }));
  await user.type(form.getByLabelText(/^Unternehmen/), 'Blumen Krause e. K.');
  await user.type(form.getByLabelText(/^Ansprechperson/), 'Jana Krause');
  await user.type(form.getByLabelText(/^E-Mail-Adresse/), 'Jana@Blumen-Krause.example');
  await user.click(form.getByRole('combobox', { name: /^Ich möchte Partner werden als/ }));
  await user.click(await screen.findByRole('option', { name: 'Dienstleister' }));
  await user.type(
    form.getByLabelText(/^Deine Nachricht/),
    options.message ?? 'Wir binden Sträuße und liefern in der ganzen Stadt.',
  );
  if (options.consent) await user.click(form.getByRole('checkbox', { name: /Ich bin einverstanden/ }));
  await user.click(form.getByRole('button', { name: 'Anfrage senden' }));
  return form;
}

describe('/partner-werden', { timeout: 30_000 }, () => {
  it('says what partners get today and what is being built, and links the privacy policy', async () => {
    stubRouteTable({});
    renderApp('/partner-werden');
    expect(await screen.findByRole('heading', { level: 1, name: 'Partner werden' })).toBeTruthy();
    const shops = within(screen.getByRole('region', { name: 'Für Shops' }));
    expect(shops.getByText(/Die Shop-Seiten bauen wir gerade auf\./)).toBeTruthy();
    expect(shops.getByRole('link', { name: 'Verzeichnis der Shops' }).getAttribute('href')).toBe(
      '/entities?type=shops',
    );
    const providers = within(screen.getByRole('region', { name: 'Für Dienstleister' }));
    expect(providers.getByText(/Die Anbieterprofile sind noch im Aufbau\./)).toBeTruthy();
    expect(screen.getByText('Wir prüfen deine Anfrage und antworten dir per E-Mail.')).toBeTruthy();
    const form = within(await screen.findByRole('form', { name: 'Partneranfrage' }));
    expect(form.getByRole('link', { name: 'Datenschutzerklärung' }).getAttribute('href')).toBe(
      '/legal/datenschutz',
    );
    expect(document.title).toBe('Partner werden – Marktplatz');
  });

  it('sends the enquiry with the checked fields and shows the confirmation in place of the form', async () => {
    const calls = stubRouteTable({
      'POST /api/partner-enquiries': { status: 202, body: { detail: RECEIVED } },
    });
    renderApp('/partner-werden');
    await sendEnquiry({ consent: true });
    expect((await screen.findByRole('status')).textContent).toBe(RECEIVED);
    expect(calls.find((call) => call.path === '/api/partner-enquiries')?.body).toEqual({
      company: 'Blumen Krause e. K.',
      contact_name: 'Jana Krause',
      email: 'jana@blumen-krause.example',
      phone: '',
      partner_type: 'provider',
      message: 'Wir binden Sträuße und liefern in der ganzen Stadt.',
      consent: true,
    });
    expect(screen.queryByRole('form', { name: 'Partneranfrage' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Weitere Anfrage senden' }));
    const form = within(await screen.findByRole('form', { name: 'Partneranfrage' }));
    expect(form.getByLabelText<HTMLInputElement>(/^Unternehmen/).value).toBe('');
  });

  it('asks for the consent and a longer message and sends nothing without them', async () => {
    const calls = stubRouteTable({});
    renderApp('/partner-werden');
    await sendEnquiry({ consent: false, message: 'Hallo' });
    expect(
      await screen.findByText(
        'Bitte stimme zu, dass wir dich zu deiner Anfrage kontaktieren und deine Angaben dafür speichern.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Bitte beschreibe dein Anliegen in mindestens 20 Zeichen.')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/partner-enquiries')).toEqual([]);
  });

  it("shows the server's refusal, such as the limit per e-mail address", async () => {
    const detail =
      'Zu viele Partneranfragen mit dieser E-Mail-Adresse. Bitte versuche es in 1440 Minuten erneut.';
    stubRouteTable({
      'POST /api/partner-enquiries': { status: 429, body: { detail, code: 'rate_limited' } },
    });
    renderApp('/partner-werden');
    await sendEnquiry({ consent: true });
    expect((await screen.findByRole('alert')).textContent).toBe(detail);
    expect(screen.getByRole('form', { name: 'Partneranfrage' })).toBeTruthy();
  });
});
