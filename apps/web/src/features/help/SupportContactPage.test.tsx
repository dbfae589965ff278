import type { SiteConfig } from '@marketplace/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
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

const site = (email: string | null): SiteConfig => ({
  name: 'Marktplatz',
  terms_version: '2026-11-24',
  operator: { ...NOBODY, email },
});

const RECEIVED =
  'Danke! Deine Nachricht ist bei uns angekommen. Wir haben dir eine Bestätigung per E-Mail geschickt und antworten in der Regel innerhalb eines Werktags.';

afterEach(() => {
  document.getElementById('site-config')?.remove();
});

async function fillForm(options: { consent: boolean }) {
  const user = userEvent.setup();
  const form = within(await screen.findByRole('form', { name: 'Kontaktformular' }));
  await user.click(form.getByRole('combobox', { name: /^Thema/ }));
  await user.click(await screen.findByRole('option', { name: 'Konto und Anmeldung' }));
  await user.type(form.getByLabelText(/^Deine E-Mail-Adresse/), 'Besuch@Example.org');
  await user.type(form.getByLabelText(/^Deine Nachricht/), 'Ich komme nicht mehr in mein Konto.');
  if (options.consent) await user.click(form.getByRole('checkbox', { name: /Ich bin einverstanden/ }));
  await user.click(form.getByRole('button', { name: 'Nachricht senden' }));
  return form;
}

describe('contact /faq-contact', { timeout: 30_000 }, () => {
  it('offers the contact form without any operator address and sends it', async () => {
    const calls = stubRouteTable({
      '/api/site': { body: site(null) },
      'POST /api/contact': { status: 202, body: { detail: RECEIVED } },
    });
    renderApp('/faq-contact');
    const form = await fillForm({ consent: true });
    expect((await screen.findByRole('status')).textContent).toBe(RECEIVED);
    expect(calls.find((call) => call.path === '/api/contact')?.body).toEqual({
      topic: 'account',
      email: 'besuch@example.org',
      message: 'Ich komme nicht mehr in mein Konto.',
      consent: true,
    });
    expect(screen.queryByText(/keine Kontaktadresse/)).toBeNull();
    expect(form.getByLabelText<HTMLTextAreaElement>(/^Deine Nachricht/).value).toBe('');
  });

  it('asks for the consent and sends nothing without it', async () => {
    const calls = stubRouteTable({ '/api/site': { body: site(null) } });
    renderApp('/faq-contact');
    await fillForm({ consent: false });
    expect(
      await screen.findByText('Bitte stimme zu, dass wir deine Angaben speichern, um dir zu antworten.'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/contact')).toEqual([]);
  });

  it('shows the operator address beside the form when one is configured', async () => {
    stubRouteTable({ '/api/site': { body: site('hilfe@kiezmarkt.example') } });
    renderApp('/faq-contact');
    const link = await screen.findByRole('link', { name: 'E-Mail an den Support' });
    expect(link.getAttribute('href')).toBe('mailto:hilfe@kiezmarkt.example');
    expect(screen.getByRole('form', { name: 'Kontaktformular' })).toBeTruthy();
  });
});
