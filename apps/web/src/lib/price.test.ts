import { describe, expect, it } from 'vitest';
import { formatEuros, formatPrice, parseEuros } from './price.ts';

describe('price display in de-DE', () => {
  it('writes thousands with a dot and the euro sign after the amount', () => {
    expect(formatEuros(1234)).toBe('1.234 €');
    expect(formatEuros(0)).toBe('0 €');
    expect(formatEuros(1_250_000)).toBe('1.250.000 €');
  });

  it('shows cents with a comma only when there are cents', () => {
    expect(formatEuros(12.5)).toBe('12,50 €');
    expect(formatEuros(1234.05)).toBe('1.234,05 €');
    expect(formatEuros(99)).toBe('99 €');
  });

  it("adds 'VB' for negotiable prices and reads 'Zu verschenken' for free ads", () => {
    expect(formatPrice(1234, 'fixed')).toBe('1.234 €');
    expect(formatPrice(1234, 'negotiable')).toBe('1.234 € VB');
    expect(formatPrice(0, 'fixed')).toBe('');
    expect(formatPrice(0, 'negotiable')).toBe('VB');
    expect(formatPrice(0, 'free')).toBe('Zu verschenken');
    expect(formatPrice(0, 'free')).toBe('Zu verschenken');
  });
});

describe('reading a typed price', () => {
  it('accepts German and plain notation', () => {
    expect(parseEuros('1.234,50')).toBe(1234.5);
    expect(parseEuros('1234,5')).toBe(1234.5);
    expect(parseEuros('1234.5')).toBe(1234.5);
    expect(parseEuros('1.234')).toBe(1234);
    expect(parseEuros(' 250 € ')).toBe(250);
  });

  it('gives undefined for empty or non-numeric text', () => {
    expect(parseEuros('')).toBeUndefined();
    expect(parseEuros('  ')).toBeUndefined();
    expect(parseEuros('zwölf')).toBeUndefined();
    expect(parseEuros('12,3,4')).toBeUndefined();
  });
});
