import type { PriceType } from '@marketplace/contract';
import { de } from '../i18n/de.ts';

const euroFormat = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/**
 * An amount in euros as German readers write it: thousands with '.', decimals with ',' (only
 * when there are cents, then always two), and ' €' after it: 1234 → '1.234 €', 12.5 → '12,50 €'.
 */
export function formatEuros(euros: number): string {
  const hasCents = Math.round(euros * 100) % 100 !== 0;
  const text = hasCents
    ? euros.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    : euroFormat.format(euros);
  return `${text} €`;
}

/**
 * The price of an ad as cards and the ad page show it: 'Zu verschenken' for free ads,
 * '1.234 € VB' for negotiable prices, '1.234 €' for fixed prices. `price` is in euros.
 */
export function formatPrice(price: number, priceType: PriceType): string {
  if (priceType === 'free') return de.price.free;
  const amount = formatEuros(price);
  return priceType === 'negotiable' ? `${amount} ${de.price.negotiable}` : amount;
}

/**
 * Reads a price typed into a form: German ('1.234,50') or plain ('1234.5') notation, with or
 * without '€'. Returns euros, or undefined when the text is empty or not a number.
 */
export function parseEuros(text: string): number | undefined {
  let value = text.replace(/€/g, '').replace(/\s/g, '');
  if (value === '') return undefined;
  if (value.includes(',')) {
    // German notation: '.' separates thousands, ',' the cents.
    value = value.replace(/\./g, '').replace(',', '.');
  } else if (/^\d{1,3}(\.\d{3})+$/.test(value)) {
    // '1.234' or '1.234.567' read as thousands.
    value = value.replace(/\./g, '');
  }
  if (!/^-?\d+(\.\d+)?$/.test(value)) return undefined;
  return Number(value);
}
