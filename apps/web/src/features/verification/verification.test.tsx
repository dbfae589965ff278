import type { AdminVerification, MyVerification, Verification } from '@marketplace/contract';
import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SellerBadge } from '../../components/SellerBadge.tsx';
import { de } from '../../i18n/de.ts';
import { fieldError } from '../../test/fieldError.ts';
import { testUser } from '../../test/fixtures.ts';
import { logIn, memberAnswers, renderApp } from '../../test/renderApp.tsx';
import { calls, stubRoutes } from '../../test/stubRoutes.ts';
import { documentProblem, requestData } from './SellerVerificationPage.tsx';
import { verificationTexts } from './texts.ts';

configure({ asyncUtilTimeout: 10_000 });

const t = { ...de.verification, ...verificationTexts };

const rejected: Verification = {
  id: '11111111-1111-4111-8111-111111111111',
  user_id: 'u1',
  kind: 'private',
  status: 'rejected',
  name: 'Anna Beispiel',
  legal_form: null,
  street: 'Hauptstraße 1',
  postal_code: '80331',
  city: 'München',
  phone: '089 123456',
  email: null,
  register_number: null,
  vat_id: null,
  document_url: null,
  document_type: null,
  reason: 'Das Foto ist unscharf.',
  created_at: '2026-11-01T10:00:00.000Z',
  decided_at: '2026-11-02T10:00:00.000Z',
};

function server(user: ReturnType<typeof testUser>, mine: MyVerification, queue: AdminVerification[] = []) {
  const member = memberAnswers(user);
  return stubRoutes((method, url, body) => {
    if (member[url.pathname]) return member[url.pathname];
    if (url.pathname === '/api/verification/me') return { body: mine };
    if (url.pathname === '/api/admin/verifications') return { body: { verifications: queue } };
    if (method === 'POST' && url.pathname.endsWith('/decision')) {
      const decision = body as { decision: string; reason: string };
      if (decision.decision === 'reject' && decision.reason.length < 5)
        return { status: 422, body: { detail: 'Bitte gib einen Grund für die Ablehnung an.' } };
      return { body: { ...queue[0], status: 'approved' } };
    }
    return undefined;
  });
}

describe('seller verification form', () => {
  it('asks for a document of at most 10 MB', () => {
    expect(documentProblem(null)).toBe(t.fileMissing);
    expect(documentProblem(new File([new Uint8Array(11 * 1024 * 1024)], 'x.pdf'))).toBe(t.fileTooLarge);
    expect(documentProblem(new File(['%PDF'], 'x.pdf'))).toBeNull();
  });

  it('sends only the fields of the chosen kind', () => {
    const fields = {
      name: 'Rad GmbH',
      legal_form: 'GmbH',
      street: 'Weg 1',
      postal_code: '10115',
      city: 'Berlin',
      phone: '030 1',
      email: 'a@b.de',
      register_number: '',
      vat_id: 'de 123456789',
    };
    expect(requestData('private', fields)).toEqual({
      kind: 'private',
      name: 'Rad GmbH',
      street: 'Weg 1',
      postal_code: '10115',
      city: 'Berlin',
      phone: '030 1',
    });
    expect(requestData('business', fields)).toMatchObject({ kind: 'business', vat_id: 'DE123456789' });
  });

  it('shows the business fields only for a business', async () => {
    const user = testUser();
    server(user, { verification: null, can_apply: true });
    logIn(user);
    renderApp('/seller-verification');
    expect(await screen.findByRole('heading', { level: 1, name: t.applyTitle })).toBeTruthy();
    expect(screen.queryByLabelText(new RegExp(t.legalForm))).toBeNull();
    fireEvent.click(screen.getByLabelText(t.kindBusiness));
    expect(await screen.findByLabelText(new RegExp(t.legalForm))).toBeTruthy();
    expect(screen.getByLabelText(new RegExp(t.companyName))).toBeTruthy();
  });

  it("shows the contract's German errors under the fields, the missing document under its chooser, and sends nothing", async () => {
    const user = testUser();
    const fetchMock = server(user, { verification: null, can_apply: true });
    logIn(user);
    renderApp('/seller-verification');
    await userEvent.click(await screen.findByLabelText(t.kindBusiness));
    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(`^${t.companyName}`) }), 'Rad GmbH');
    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(`^${t.postalCode}`) }), '123');
    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(`^${t.vatId}`) }), 'de 1');
    await userEvent.click(screen.getByRole('button', { name: t.submit }));
    await expect
      .poll(() => fieldError(screen.getByRole('textbox', { name: new RegExp(`^${t.postalCode}`) })))
      .toBe('Bitte gib eine fünfstellige Postleitzahl an.');
    expect(fieldError(screen.getByRole('textbox', { name: new RegExp(`^${t.companyName}`) }))).toBeNull();
    expect(fieldError(screen.getByRole('textbox', { name: new RegExp(`^${t.legalForm}`) }))).toBe(
      'Bitte gib die Rechtsform an.',
    );
    expect(fieldError(screen.getByRole('textbox', { name: new RegExp(`^${t.vatId}`) }))).toBe(
      'Bitte gib eine gültige USt-IdNr. an (z. B. DE123456789).',
    );
    expect(screen.getByRole('alert').textContent).toBe(t.fileMissing);
    expect(calls(fetchMock)).not.toContain('POST /api/verification');
  });
});

describe('/verification-status', () => {
  it('shows a rejection with its reason and lets the member try again', async () => {
    const user = testUser();
    server(user, { verification: rejected, can_apply: true });
    logIn(user);
    renderApp('/verification-status');
    expect(await screen.findByText(t.rejected)).toBeTruthy();
    expect(screen.getByText('Das Foto ist unscharf.')).toBeTruthy();
    expect(screen.getByRole('link', { name: t.tryAgain }).getAttribute('href')).toBe('/seller-verification');
  });
});

describe('/admin/verifications', () => {
  const item: AdminVerification = {
    ...rejected,
    status: 'pending',
    reason: null,
    decided_at: null,
    member_name: 'Anna',
    member_email: 'anna@example.org',
  };

  it('lists the queue and shows the server refusal of a rejection without a reason', async () => {
    const admin = testUser({ role: 'ADMIN' });
    const fetchMock = server(admin, { verification: null, can_apply: true }, [item]);
    logIn(admin);
    renderApp('/admin/verifications');
    expect(await screen.findByRole('heading', { level: 2, name: 'Anna Beispiel' })).toBeTruthy();
    expect(screen.getByText('Anna (anna@example.org)')).toBeTruthy();
    expect(screen.getByText(t.documentGone)).toBeTruthy();
    // The cookie banner has an 'Ablehnen' of its own: use the request's card.
    fireEvent.click(
      within(screen.getByRole('article', { name: 'Anna Beispiel' })).getByRole('button', { name: t.reject }),
    );
    expect(await screen.findByText('Bitte gib einen Grund für die Ablehnung an.')).toBeTruthy();
    expect(calls(fetchMock)).toContain(`POST /api/admin/verifications/${item.id}/decision`);
  });

  it('shows a member exactly the denial text and asks for nothing of the queue', async () => {
    const member = testUser({ role: 'SELLER' });
    const fetchMock = server(member, { verification: null, can_apply: true });
    logIn(member);
    renderApp('/admin/verifications');
    expect(
      await screen.findByText(
        'Zugriff verweigert: Sie haben keine Berechtigung, auf das Admin-Dashboard zuzugreifen. Nur Administratoren können diese Seite aufrufen.',
      ),
    ).toBeTruthy();
    expect(calls(fetchMock).filter((call) => call.includes('/api/admin/'))).toEqual([]);
  });
});

describe('seller badge', () => {
  it("reads 'Verifiziert' for a private seller, 'Gewerblich' for a business, nothing otherwise", () => {
    const { rerender, container } = render(<SellerBadge badge="private" />);
    expect(screen.getByText('Verifiziert')).toBeTruthy();
    rerender(<SellerBadge badge="business" />);
    expect(screen.getByText('Gewerblich')).toBeTruthy();
    rerender(<SellerBadge badge={null} />);
    expect(container.textContent).toBe('');
  });

  it("is phrasing content, so it can sit in the paragraph of a card's meta line", () => {
    for (const badge of ['private', 'business'] as const) {
      const html = renderToStaticMarkup(
        <p>
          <SellerBadge badge={badge} />
        </p>,
      );
      // Parsed as the browser parses the server's page: a block in a paragraph would end it.
      const parsed = new DOMParser().parseFromString(html, 'text/html');
      expect(parsed.body.children).toHaveLength(1);
      expect(parsed.body.querySelector('p > span.MuiChip-root')).not.toBeNull();
    }
  });
});
