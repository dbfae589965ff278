import type { AttributeDefinition } from '@marketplace/contract';
import { describe, expect, it } from 'vitest';
import { emptyListingForm, listingFormResolver } from './listingForm.ts';

const car: AttributeDefinition[] = [
  { key: 'make', label: 'Marke', type: 'select', options: ['Audi', 'BMW'], required: true },
  { key: 'first_registration', label: 'Erstzulassung', type: 'year', min: 1900, max: 2100 },
];

const form = (attributes: Record<string, unknown>) => ({
  ...emptyListingForm('autos'),
  title: 'Golf Variant',
  description: 'Gepflegt, scheckheftgepflegt, 2. Hand.',
  price: 9500,
  postal_code: '80331',
  location: 'München',
  attributes: attributes as never,
});

/** Runs the posting form's resolver as react-hook-form does. */
async function resolve(attributes: Record<string, unknown>) {
  const resolver = listingFormResolver(car);
  return resolver(form(attributes), undefined, { fields: {}, shouldUseNativeValidation: false });
}

describe('posting form: the attribute rules of the contract, worded in German', () => {
  it('refuses a value outside the select options and a year with decimals, as the server does', async () => {
    const { errors } = await resolve({ make: 'Trabant', first_registration: '1999.5' });
    const attributes = errors.attributes as unknown as Record<string, { message: string }>;
    expect(attributes.make?.message).toBe('Bitte wähle für „Marke“ einen der vorgegebenen Werte.');
    expect(attributes.first_registration?.message).toBe('Erstzulassung muss eine Jahreszahl sein.');
  });

  it('sends numbers as numbers and leaves out fields of a category chosen before', async () => {
    const { values, errors } = await resolve({
      make: 'BMW',
      first_registration: '2015',
      bike_type: 'Citybike',
    });
    expect(errors).toEqual({});
    expect(values.attributes).toEqual({ make: 'BMW', first_registration: 2015 });
  });
});
