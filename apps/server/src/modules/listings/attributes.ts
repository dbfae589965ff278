import {
  type AttributeDefinition,
  type AttributeValues,
  categoryAttributesSchema,
} from '@marketplace/contract';
import { AppError } from '../../lib/errors.ts';

/**
 * Checks an ad's attribute values against its category's definitions (SPEC.md §3 "Listing") with
 * the contract's one rule set, `categoryAttributesSchema`, which the posting form checks too:
 * known keys only, the type of each (select options, numbers, whole years, dates), min/max, and
 * required attributes. Empty values count as absent.
 * @returns the values as stored: numbers as numbers, texts trimmed, empty ones dropped
 * @throws AppError validation (422) with a German detail naming the first failing field
 */
export function validateAttributes(
  definitions: readonly AttributeDefinition[],
  values: AttributeValues,
): AttributeValues {
  const parsed = categoryAttributesSchema(definitions).safeParse(values);
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const field = issue?.path.length ? `attributes.${issue.path.join('.')}` : 'attributes';
  throw new AppError('validation', `Feld '${field}': ${issue?.message ?? ''}`);
}
