import PDFDocument from 'pdfkit';
import { euros } from './pricing.ts';
import type { PaymentInvoiceRow } from './schema.ts';

/** A German date: 28.11.2026. */
function day(date: Date): string {
  return date.toLocaleDateString('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
}

/** How an unpaid invoice is paid: bank details, reference, due date and the GiroCode. */
export interface PaymentInstructions {
  iban: string;
  bic: string | null;
  reference: string;
  dueAt: Date;
  girocode: Buffer;
}

/**
 * Draws an invoice or credit note as PDF (A4, pdfkit's built-in Helvetica) with everything
 * § 14 Abs. 4 UStG asks: the operator's name, address and VAT id, the buyer's name and address,
 * the date, the gapless number, the service and its period, net amount, VAT rate and amount, and
 * the gross amount. A credit note shows the amounts negative and names the invoice it cancels.
 * Everything comes from the stored row, so the document is the same whenever it is drawn.
 * @param orderReference the order's reference ('MP-…')
 * @param payment bank details and GiroCode for an invoice still to be paid by transfer
 * @returns the PDF's bytes
 */
export function invoicePdf(
  invoice: PaymentInvoiceRow,
  orderReference: string,
  payment: PaymentInstructions | null,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${title(invoice)} ${invoice.number}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const sign = invoice.kind === 'credit_note' ? -1 : 1;

  doc.font('Helvetica-Bold').fontSize(11).text(invoice.sellerName);
  doc.font('Helvetica').fontSize(9).text(invoice.sellerAddress);
  doc.text(`USt-IdNr.: ${invoice.sellerVatId}`);
  doc.moveDown(2);
  doc.fontSize(10).text(invoice.buyerName);
  for (const part of invoice.buyerAddress.split('\n')) doc.text(part);
  doc.moveDown(2);

  doc.font('Helvetica-Bold').fontSize(16).text(title(invoice));
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  doc.text(`${invoice.kind === 'credit_note' ? 'Gutschriftsnummer' : 'Rechnungsnummer'}: ${invoice.number}`);
  doc.text(`${invoice.kind === 'credit_note' ? 'Datum' : 'Rechnungsdatum'}: ${day(invoice.issuedAt)}`);
  doc.text(`Bestellnummer: ${orderReference}`);
  if (invoice.cancelsNumber) doc.text(`Storno der Rechnung Nr. ${invoice.cancelsNumber}`);
  doc.moveDown(1.5);

  doc.font('Helvetica-Bold').text('Leistung');
  doc.font('Helvetica').text(invoice.service);
  doc.text(`Leistungszeitraum: ${day(invoice.periodStart)} – ${day(invoice.periodEnd)}`);
  doc.moveDown(1.5);

  const row = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, 56, y, { width: 300 });
    doc.text(value, 356, y, { width: 183, align: 'right' });
  };
  row('Nettobetrag', euros(sign * invoice.netCents));
  row(`Umsatzsteuer ${invoice.vatPercent} %`, euros(sign * invoice.vatCents));
  row('Bruttobetrag', euros(sign * invoice.grossCents), true);
  doc.font('Helvetica').moveDown(2);

  if (invoice.kind === 'credit_note') {
    doc.text(
      'Diese Gutschrift storniert die oben genannte Rechnung. Ein bereits gezahlter Betrag wird erstattet.',
      56,
    );
  } else if (payment) {
    doc.font('Helvetica-Bold').text('Zahlung per Überweisung', 56);
    doc.font('Helvetica').text(`Empfänger: ${invoice.sellerName}`);
    doc.text(`IBAN: ${payment.iban.replace(/(.{4})/g, '$1 ').trim()}`);
    if (payment.bic) doc.text(`BIC: ${payment.bic}`);
    doc.text(`Verwendungszweck: ${payment.reference}`);
    doc.text(`Zahlbar bis: ${day(payment.dueAt)}. Die Leistung beginnt mit dem Zahlungseingang.`);
    doc.moveDown(0.5);
    doc.text('GiroCode: mit der Banking-App scannen, um die Überweisung auszufüllen.');
    doc.image(payment.girocode, { width: 120 });
  } else {
    doc.text('Der Betrag wurde bereits bezahlt.', 56);
  }
  doc.end();
  return done;
}

function title(invoice: PaymentInvoiceRow): string {
  return invoice.kind === 'credit_note' ? 'Gutschrift (Storno)' : 'Rechnung';
}
