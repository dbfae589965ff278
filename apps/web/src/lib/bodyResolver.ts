import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A react-hook-form resolver for a form whose fields are not yet the request body: it checks
 * `toBody(values)`, the body the form sends, with `schema`, the contract's schema of that call
 * (the one the server validates with), and hands the schema's output to the submit handler.
 * The body names its fields as the form does, so each German error shows under its field (e.g.
 * a chosen day sent as `ends_at`, a VAT id sent in capitals).
 * @param schema the contract's body schema
 * @param toBody the form's values as the request body (it must not throw on any input)
 */
export function bodyResolver<Values extends FieldValues, Body>(
  schema: ZodType<Body, FieldValues>,
  toBody: (values: Values) => unknown,
): Resolver<Values, unknown, Body> {
  const check = zodResolver(schema);
  // The body's field names are the form's: its errors and output fit the form's shapes.
  return (values, context, options) => check(toBody(values) as never, context, options as never) as never;
}
