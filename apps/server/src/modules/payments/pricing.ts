import { PROMOTION_PRICES, PROMOTION_VAT_PERCENT, type PromotionOption } from '@marketplace/contract';

/** An option's amounts in integer cents: gross as listed, net and VAT derived from it. */
export interface Amounts {
  grossCents: number;
  netCents: number;
  vatCents: number;
  vatPercent: number;
}

/**
 * The amounts of `option` from the one price list (contract `PROMOTION_PRICES`, gross including
 * 19 % VAT): net is gross / 1.19 rounded to the cent, VAT the rest, so net + VAT is always the
 * listed gross.
 */
export function amountsOf(option: PromotionOption): Amounts {
  const grossCents = PROMOTION_PRICES[option].grossCents;
  const netCents = Math.round((grossCents * 100) / (100 + PROMOTION_VAT_PERCENT));
  return { grossCents, netCents, vatCents: grossCents - netCents, vatPercent: PROMOTION_VAT_PERCENT };
}

/** Cents as German euros: 999 → '9,99 €', -999 → '-9,99 €'. */
export function euros(cents: number): string {
  return `${(cents / 100).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
}
