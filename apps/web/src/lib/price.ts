// Prices read the same in the browser and in the server's first HTML of the home page.
export { formatEuros, formatPrice } from '@marketplace/contract';

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
