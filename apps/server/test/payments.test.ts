import { createRequire } from 'node:module';
import path from 'node:path';
import type {
  AdminPayments,
  Listing,
  MyPayments,
  NotificationList,
  Order,
  PaymentOptions,
  TopPromotions,
} from '@marketplace/contract';
import { sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../src/db/client.ts';
import { seedDemoPromotions } from '../src/db/seed/promotions.ts';
import { epcPayload, lapseUnpaidOrders } from '../src/modules/payments/index.ts';
import { bearer, type RegisteredMember } from './helpers/accounts.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createAd, makeAdmin, reactionsDone, verifiedMember } from './helpers/marketplace.ts';

/**
 * Paid promotions (decision 0040): orders by invoice and transfer, activated exactly once when an
 * ADMIN records the transfer, gapless invoice numbers, PDF invoices with every § 14 UStG field,
 * the GiroCode's payload, credit notes on cancellation, Top-Anzeigen above the results.
 */

const OPERATOR = {
  OPERATOR_NAME: 'Kleinmarkt GmbH',
  OPERATOR_ADDRESS: 'Hafenstraße 7, 20459 Hamburg',
  OPERATOR_VAT_ID: 'DE123456789',
  OPERATOR_IBAN: 'DE89 3704 0044 0532 0130 00',
  OPERATOR_BIC: 'COBADEFFXXX',
};
/** pdfjs reads the built-in fonts' metrics from its package folder. */
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
const BILLING = { name: 'Erika Mustermann', street: 'Lindenweg 3', postal_code: '80331', city: 'München' };

let t: TestApp;
let seller: RegisteredMember;
let other: RegisteredMember;
let admin: RegisteredMember;
let ad: Listing;

beforeAll(async () => {
  t = await startTestApp(OPERATOR);
  [seller, other, admin] = await Promise.all([
    verifiedMember(t, { nickname: 'Verkäuferin' }),
    verifiedMember(t, { nickname: 'Fremder' }),
    verifiedMember(t, { nickname: 'Buchhaltung' }),
  ]);
  await makeAdmin(t, admin.user.id);
  ad = await createAd(t, seller.access_token, { title: 'Rennrad Carbon 56 cm' });
});
afterAll(async () => t?.close());

const order = (token: string, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/payments/orders', headers: bearer(token), payload: body });
/** The seller's new order of `option` for a new ad titled `title`, by invoice: the ad and the order. */
async function orderForNewAd(title: string, option: 'bump' | 'top' | 'highlight') {
  const listing = await createAd(t, seller.access_token, { title });
  const res = await order(seller.access_token, {
    listing_id: listing.id,
    option,
    method: 'invoice',
    billing: BILLING,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { listing, created: res.json() as Order };
}
const paid = (id: string, token = admin.access_token) =>
  t.app.inject({ method: 'POST', url: `/api/admin/payments/orders/${id}/paid`, headers: bearer(token) });
const countOf = async (table: string) => {
  const [row] = await selectRows(
    t.app.database.db,
    z.object({ n: z.number() }),
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return row?.n ?? 0;
};
const invoiceNumbers = async (kind: string) =>
  (
    await selectRows(
      t.app.database.db,
      z.object({ number: z.string() }),
      sql`select number from payment_invoices where kind = ${kind} order by number`,
    )
  ).map((row) => row.number);

/** The seller's payment notifications about the ad `title`, once the reactions have run: their titles. */
async function paymentNotices(title: string): Promise<string[]> {
  await reactionsDone(t);
  const res = await t.app.inject({
    url: '/api/notifications?type=payment&limit=50',
    headers: bearer(seller.access_token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as NotificationList).notifications
    .filter((notice) => notice.message.includes(`„${title}“`))
    .map((notice) => notice.title);
}

async function pdfText(token: string, invoiceId: string): Promise<string> {
  const res = await t.app.inject({ url: `/api/payments/invoices/${invoiceId}/pdf`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const pdf = await getDocument({ data: new Uint8Array(res.rawPayload), standardFontDataUrl }).promise;
  const page = await pdf.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

describe('ordering a promotion', () => {
  it('offers the price list and invoice by transfer; needs a login', async () => {
    expect((await t.app.inject({ url: '/api/payments/options' })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/api/payments/options', headers: bearer(seller.access_token) });
    const options = res.json() as PaymentOptions;
    expect(options.options.map((o) => [o.name, o.gross])).toEqual([
      ['Hochschieben', 1.99],
      ['Top-Anzeige', 9.99],
      ['Highlight', 4.99],
    ]);
    expect(options.methods).toEqual([{ method: 'invoice', name: 'Rechnung / Überweisung' }]);
    expect(options.unavailable_reason).toBeNull();
  });

  it('refuses bad input with a German 422 and another member\u2019s ad with 403, storing nothing', async () => {
    const before = await countOf('payment_orders');
    const bad = await Promise.all([
      order(seller.access_token, { listing_id: ad.id, option: 'gold', method: 'invoice', billing: BILLING }),
      order(seller.access_token, {
        listing_id: ad.id,
        option: 'top',
        method: 'invoice',
        billing: { ...BILLING, postal_code: '123' },
      }),
      order(seller.access_token, { listing_id: 'x', option: 'top', method: 'invoice', billing: BILLING }),
      order(seller.access_token, {
        listing_id: ad.id,
        option: 'top',
        method: 'invoice',
        billing: { ...BILLING, name: ' ' },
      }),
    ]);
    expect(bad.map((res) => res.statusCode)).toEqual([422, 422, 422, 422]);
    expect(bad[0]?.json().detail).toContain('Bitte wähle eine Werbeoption');
    expect(bad[1]?.json().detail).toContain('Postleitzahl');
    const foreign = await order(other.access_token, {
      listing_id: ad.id,
      option: 'top',
      method: 'invoice',
      billing: BILLING,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().detail).toBe('Werbeoptionen kann nur buchen, wem die Anzeige gehört.');
    const byAdmin = await order(admin.access_token, {
      listing_id: ad.id,
      option: 'top',
      method: 'invoice',
      billing: BILLING,
    });
    expect(byAdmin.statusCode).toBe(403);
    expect(await countOf('payment_orders')).toBe(before);
  });

  it('activates a Top-Anzeige exactly once under 200 parallel payments, with an invoice carrying every § 14 UStG field', async () => {
    const res = await order(seller.access_token, {
      listing_id: ad.id,
      option: 'top',
      method: 'invoice',
      billing: BILLING,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Order;
    expect(created).toMatchObject({
      status: 'pending',
      gross: 9.99,
      net: 8.39,
      vat: 1.6,
      option_name: 'Top-Anzeige',
    });
    expect(created.transfer?.iban).toBe('DE89370400440532013000');
    expect(created.transfer?.girocode).toMatch(/^data:image\/png;base64,/);
    const invoice = created.invoices[0];
    expect(invoice?.kind).toBe('invoice');

    // Not active before payment.
    const before = (await t.app.inject({ url: '/api/promotions/labels' })).json();
    expect(before.top).not.toContain(ad.id);

    const answers = await Promise.all(Array.from({ length: 200 }, () => paid(created.id)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const [promotions] = await selectRows(
      t.app.database.db,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from payment_promotions where order_id = ${created.id}::uuid`,
    );
    expect(promotions?.n).toBe(1);
    // The seller is told once.
    expect(await paymentNotices('Rennrad Carbon 56 cm')).toEqual(['Zahlung eingegangen']);
    const mine = (
      await t.app.inject({ url: '/api/payments', headers: bearer(seller.access_token) })
    ).json() as MyPayments;
    expect(mine.orders[0]).toMatchObject({ id: created.id, status: 'paid', transfer: null });
    expect(mine.active_promotions).toEqual([
      expect.objectContaining({ listing_id: ad.id, option_name: 'Top-Anzeige' }),
    ]);

    const text = await pdfText(seller.access_token, invoice?.id ?? '');
    for (const field of [
      'Kleinmarkt GmbH',
      'Hafenstraße 7, 20459 Hamburg',
      'USt-IdNr.: DE123456789',
      'Erika Mustermann',
      'Lindenweg 3',
      '80331 München',
      'Rechnung',
      `Rechnungsnummer: ${invoice?.number}`,
      'Rechnungsdatum:',
      'Top-Anzeige (7 Tage) für die Anzeige „Rennrad Carbon 56 cm“',
      'Leistungszeitraum:',
      'Nettobetrag',
      '8,39 €',
      'Umsatzsteuer 19 %',
      '1,60 €',
      'Bruttobetrag',
      '9,99 €',
    ])
      expect(text).toContain(field);
    // Only the buyer and ADMINs get the document.
    const foreign = await t.app.inject({
      url: `/api/payments/invoices/${invoice?.id}/pdf`,
      headers: bearer(other.access_token),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await pdfText(admin.access_token, invoice?.id ?? '')).length).toBeGreaterThan(0);
  });

  it('encodes the transfer as an EPC QR payload with IBAN, amount and reference', () => {
    const payload = epcPayload({
      recipient: 'Kleinmarkt GmbH',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      amountCents: 999,
      reference: 'MP-ABCDEFGH RE-000001',
    });
    expect(payload.split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'COBADEFFXXX',
      'Kleinmarkt GmbH',
      'DE89370400440532013000',
      'EUR9.99',
      '',
      '',
      'MP-ABCDEFGH RE-000001',
      '',
    ]);
  });

  it('keeps invoice numbers gapless under 20 parallel orders and failed ones between them', async () => {
    const ads = await Promise.all(
      Array.from({ length: 4 }, (_, i) => createAd(t, seller.access_token, { title: `Werkzeugkoffer ${i}` })),
    );
    const attempts = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        order(seller.access_token, {
          listing_id: ads[i % 4]?.id,
          option: 'highlight',
          method: 'invoice',
          billing: BILLING,
        }),
      ),
      order(other.access_token, {
        listing_id: ads[0]?.id,
        option: 'highlight',
        method: 'invoice',
        billing: BILLING,
      }),
      order(seller.access_token, {
        listing_id: ads[1]?.id,
        option: 'highlight',
        method: 'invoice',
        billing: { ...BILLING, city: '' },
      }),
    ]);
    expect(attempts.filter((a) => a.statusCode === 201)).toHaveLength(20);
    const orders = attempts.filter((a) => a.statusCode === 201).map((a) => a.json() as Order);
    const payments = await Promise.all(orders.map((o) => paid(o.id)));
    expect(payments.every((p) => p.statusCode === 200)).toBe(true);
    const numbers = await invoiceNumbers('invoice');
    expect(numbers).toEqual(numbers.map((_, i) => `RE-${String(i + 1).padStart(6, '0')}`));
    expect(numbers.length).toBeGreaterThanOrEqual(21);
  });

  it('an ADMIN cancels a paid order: the promotion ends and a credit note is issued, the invoice stays', async () => {
    const { listing: ad2, created } = await orderForNewAd('Kinderwagen Kombi', 'highlight');
    await paid(created.id);
    const labels = (await t.app.inject({ url: '/api/promotions/labels' })).json();
    expect(labels.highlight).toContain(ad2.id);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/orders/${created.id}/cancel`,
      headers: bearer(seller.access_token),
    });
    expect(refused.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/orders/${created.id}/cancel`,
      headers: bearer(admin.access_token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = res.json() as Order;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.invoices.map((doc) => doc.kind)).toEqual(['invoice', 'credit_note']);
    const credit = cancelled.invoices[1];
    expect(credit?.gross).toBe(-4.99);
    const text = await pdfText(seller.access_token, credit?.id ?? '');
    expect(text).toContain('Gutschrift (Storno)');
    expect(text).toContain(`Storno der Rechnung Nr. ${cancelled.invoices[0]?.number}`);
    expect(text).toContain('-4,99 €');
    expect((await t.app.inject({ url: '/api/promotions/labels' })).json().highlight).not.toContain(ad2.id);
    expect(await paymentNotices('Kinderwagen Kombi')).toEqual([
      'Bestellung storniert',
      'Zahlung eingegangen',
    ]);
    // Paying a cancelled order changes nothing.
    expect((await paid(created.id)).statusCode).toBe(409);
    const overview = (
      await t.app.inject({ url: '/api/admin/payments', headers: bearer(admin.access_token) })
    ).json() as AdminPayments;
    expect(overview.revenue.find((row) => row.option === 'top')).toMatchObject({ orders: 1, gross: 9.99 });
    expect(
      (await t.app.inject({ url: '/api/admin/payments', headers: bearer(seller.access_token) })).statusCode,
    ).toBe(403);
  });

  it('lets unpaid orders lapse after 14 days with a credit note', async () => {
    const { created } = await orderForNewAd('Gartenbank Holz', 'bump');
    await t.app.database.db.execute(
      sql`update payment_orders set created_at = now() - interval '15 days' where id = ${created.id}::uuid`,
    );
    const deps = {
      db: t.app.database.db,
      events: t.app.events,
      categories: t.app.categories,
      operator: t.config.operator,
    };
    expect(await lapseUnpaidOrders(deps)).toBe(1);
    const mine = (
      await t.app.inject({ url: '/api/payments', headers: bearer(seller.access_token) })
    ).json() as MyPayments;
    const lapsed = mine.orders.find((o) => o.id === created.id);
    expect(lapsed?.status).toBe('lapsed');
    expect(lapsed?.invoices.map((doc) => doc.kind)).toEqual(['invoice', 'credit_note']);
    expect(await paymentNotices('Gartenbank Holz')).toEqual(['Bestellung verfallen']);
  });
});

describe('Top-Anzeigen above the results', () => {
  it('shows at most 3 per page, taking turns, only in the ad\u2019s category and matching searches', async () => {
    const bikes = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        createAd(t, other.access_token, { title: `Mountainbike Fully ${i}` }),
      ),
    );
    for (const bike of bikes) {
      const created = (
        await order(other.access_token, {
          listing_id: bike.id,
          option: 'top',
          method: 'invoice',
          billing: BILLING,
        })
      ).json() as Order;
      await paid(created.id);
    }
    const top = async (query: string) => {
      const res = await t.app.inject({ url: `/api/promotions/top?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as TopPromotions).listings.map((listing) => listing.id);
    };
    const first = await top('category=fahrraeder-zubehoer&page=0');
    const second = await top('category=fahrraeder-zubehoer&page=1');
    expect(first).toHaveLength(3);
    expect(second).toHaveLength(3);
    expect(new Set([...first, ...second]).size).toBeGreaterThan(3);
    expect(await top('category=elektronik')).toEqual([]);
    const searched = await top('q=Mountainbike');
    expect(searched.every((id) => bikes.some((bike) => bike.id === id))).toBe(true);
    expect(await top('q=Schrankwand')).toEqual([]);
    expect((await t.app.inject({ url: '/api/promotions/top?page=-1' })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/promotions/top?category=gibtsnicht' })).statusCode).toBe(422);

    // A sold ad's promotion ends and it leaves the slots.
    const sold = bikes[0];
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/listings/${sold?.id}`,
      headers: bearer(other.access_token),
      payload: { status: 'sold' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect
      .poll(async () => (await t.app.inject({ url: '/api/promotions/labels' })).json().top)
      .not.toContain(sold?.id);
    for (let page = 0; page < 3; page++)
      expect(await top(`category=fahrraeder-zubehoer&page=${page}`)).not.toContain(sold?.id);
  });
});

describe('without the operator\u2019s data', () => {
  it('issues no invoice and says why', async () => {
    const bare = await startTestApp();
    try {
      const member = await verifiedMember(bare);
      const bareAd = await createAd(bare, member.access_token);
      const options = (
        await bare.app.inject({ url: '/api/payments/options', headers: bearer(member.access_token) })
      ).json() as PaymentOptions;
      expect(options.methods).toEqual([]);
      expect(options.unavailable_reason).toContain('USt-IdNr.');
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/payments/orders',
        headers: bearer(member.access_token),
        payload: { listing_id: bareAd.id, option: 'top', method: 'invoice', billing: BILLING },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toContain('darf keine Rechnung ausgestellt werden');

      // Demo data: a first start gets Top-Anzeigen, once while they run.
      const log = bare.app.log;
      await seedDemoPromotions({ db: bare.app.database.db, events: bare.app.events, log });
      await seedDemoPromotions({ db: bare.app.database.db, events: bare.app.events, log });
      expect((await bare.app.inject({ url: '/api/promotions/labels' })).json().top).toEqual([bareAd.id]);
    } finally {
      await bare.close();
    }
  });
});

describe('Stripe Checkout', () => {
  const WEBHOOK_SECRET = 'whsec_test_zahlungen';
  const stripe = new Stripe('sk_test_zahlungen');

  /** A webhook delivery of `event`, signed with `secret` by the library's own test helper. */
  const deliver = (app: TestApp, event: object, secret: string | null = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    return app.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        ...(secret
          ? { 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }) }
          : {}),
      },
      payload,
    });
  };
  const sessionEvent = (
    id: string,
    sessionId: string,
    amount: number,
    type = 'checkout.session.completed',
  ) => ({
    id,
    object: 'event',
    type,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        amount_total: amount,
        currency: 'eur',
      },
    },
  });

  it('activates an order exactly once by a signed webhook delivered twice in parallel, never by an unsigned or wrongly signed one', async () => {
    const s = await startTestApp({
      ...OPERATOR,
      STRIPE_SECRET_KEY: 'sk_test_zahlungen',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    try {
      const member = await verifiedMember(s);
      const options = (
        await s.app.inject({ url: '/api/payments/options', headers: bearer(member.access_token) })
      ).json() as PaymentOptions;
      expect(options.methods.map((m) => m.method)).toEqual(['invoice', 'stripe']);
      const stripeAd = await createAd(s, member.access_token, { title: 'Lastenrad Elektro' });
      // The order as Stripe Checkout left it: pending, with its session (opening one needs Stripe's servers).
      const [row] = await selectRows(
        s.app.database.db,
        z.object({ id: z.string() }),
        sql`insert into payment_orders (reference, user_id, listing_id, listing_title, option, method, gross_cents, net_cents, vat_cents, vat_percent,
              billing_name, billing_street, billing_postal_code, billing_city, stripe_session_id)
            values ('MP-STRIPE01', ${member.user.id}::uuid, ${stripeAd.id}::uuid, 'Lastenrad Elektro', 'top', 'stripe', 999, 839, 160, 19,
              'Erika Mustermann', 'Lindenweg 3', '80331', 'München', 'cs_test_1') returning id`,
      );
      const orderId = row?.id ?? '';
      const state = async () => {
        const [found] = await selectRows(
          s.app.database.db,
          z.object({ status: z.string(), invoices: z.number(), promotions: z.number() }),
          sql`select o.status,
                     (select count(*)::int from payment_invoices i where i.order_id = o.id) as invoices,
                     (select count(*)::int from payment_promotions p where p.order_id = o.id) as promotions
              from payment_orders o where o.id = ${orderId}::uuid`,
        );
        return found;
      };
      const event = sessionEvent('evt_1', 'cs_test_1', 999);

      const refused = await Promise.all([
        deliver(s, event, null),
        deliver(s, event, 'whsec_falsch'),
        s.app.inject({
          method: 'POST',
          url: '/api/payments/stripe/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
          payload: JSON.stringify(event),
        }),
      ]);
      expect(refused.map((res) => res.statusCode)).toEqual([400, 400, 400]);
      expect(refused[0]?.json().detail).toBe('Die Signatur der Zahlungsnachricht ist ungültig.');
      // Another amount or a failed payment changes nothing either.
      expect((await deliver(s, sessionEvent('evt_2', 'cs_test_1', 1))).statusCode).toBe(200);
      expect(
        (await deliver(s, sessionEvent('evt_3', 'cs_test_1', 999, 'checkout.session.async_payment_failed')))
          .statusCode,
      ).toBe(200);
      expect(await state()).toEqual({ status: 'pending', invoices: 0, promotions: 0 });

      const twice = await Promise.all([deliver(s, event), deliver(s, event)]);
      expect(twice.map((res) => res.statusCode)).toEqual([200, 200]);
      const again = await Promise.all(Array.from({ length: 20 }, () => deliver(s, event)));
      expect(again.every((res) => res.statusCode === 200)).toBe(true);
      expect(await state()).toEqual({ status: 'paid', invoices: 1, promotions: 1 });
      const mine = (
        await s.app.inject({ url: '/api/payments', headers: bearer(member.access_token) })
      ).json() as MyPayments;
      expect(mine.orders[0]?.invoices[0]?.number).toBe('RE-000001');
      expect(mine.active_promotions[0]?.listing_id).toBe(stripeAd.id);
    } finally {
      await s.close();
    }
  });
});
