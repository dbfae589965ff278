import type { z } from 'zod';
import type { AttributeDefinition } from './categories.ts';
import { type AttributeValues, attributeValuesSchema } from './listings.ts';

/**
 * The texts of the attribute rules. The rules are one (below); each side words them: the server
 * answers {@link attributeMessages} (in the 422 `detail`), the web passes its own from
 * `i18n/de.ts`.
 */
export interface AttributeMessages {
  /** A key the category does not define. */
  unknown: (key: string) => string;
  /** A required attribute without a value. */
  required: (definition: AttributeDefinition) => string;
  /** A `select` value that is not one of `options`. */
  option: (definition: AttributeDefinition) => string;
  /** A `number` or `year` value that is no number. */
  number: (definition: AttributeDefinition) => string;
  /** A `year` value that is no whole number. */
  year: (definition: AttributeDefinition) => string;
  /** A number below `min`. */
  tooSmall: (definition: AttributeDefinition) => string;
  /** A number above `max`. */
  tooLarge: (definition: AttributeDefinition) => string;
  /** A `date` value that is no calendar date `YYYY-MM-DD`. */
  date: (definition: AttributeDefinition) => string;
  /** A `text` value with control characters. */
  text: (definition: AttributeDefinition) => string;
}

const germanNumber = (value: number) => value.toLocaleString('de-DE', { maximumFractionDigits: 2 });

/** "zwischen 0 und 2.000.000 km", "mindestens 1900", "höchstens 20 m²". */
function rangeText(definition: AttributeDefinition): string {
  const unit = definition.unit ? ` ${definition.unit}` : '';
  if (definition.min !== undefined && definition.max !== undefined) {
    return `zwischen ${germanNumber(definition.min)} und ${germanNumber(definition.max)}${unit}`;
  }
  if (definition.min !== undefined) return `mindestens ${germanNumber(definition.min)}${unit}`;
  return `höchstens ${germanNumber(definition.max ?? 0)}${unit}`;
}

/** The server's German texts of the attribute rules (ARCHITECTURE.md "Errors": German details). */
export const attributeMessages: AttributeMessages = {
  unknown: () => 'Dieses Merkmal gibt es in dieser Kategorie nicht.',
  required: (definition) => `Bitte gib ${definition.label} an.`,
  option: (definition) => `Bitte wähle für ${definition.label} einen der vorgegebenen Werte.`,
  number: (definition) => `${definition.label} muss eine Zahl sein.`,
  year: (definition) => `${definition.label} muss eine Jahreszahl sein.`,
  tooSmall: (definition) => `${definition.label} muss ${rangeText(definition)} sein.`,
  tooLarge: (definition) => `${definition.label} muss ${rangeText(definition)} sein.`,
  date: (definition) => `${definition.label} muss ein Datum (JJJJ-MM-TT) sein.`,
  text: (definition) => `${definition.label} enthält ungültige Zeichen.`,
};

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

type Checked = { value: string | number } | { error: string };

/** One value against its definition: the stored form (numbers as numbers, texts trimmed) or the failure. */
function checkValue(
  definition: AttributeDefinition,
  raw: string | number,
  messages: AttributeMessages,
): Checked {
  switch (definition.type) {
    case 'select': {
      const text = String(raw).trim();
      return definition.options?.includes(text) ? { value: text } : { error: messages.option(definition) };
    }
    case 'number':
    case 'year': {
      const value = typeof raw === 'number' ? raw : Number(String(raw).trim().replace(',', '.'));
      if (!Number.isFinite(value)) return { error: messages.number(definition) };
      if (definition.type === 'year' && !Number.isInteger(value)) return { error: messages.year(definition) };
      if (definition.min !== undefined && value < definition.min)
        return { error: messages.tooSmall(definition) };
      if (definition.max !== undefined && value > definition.max)
        return { error: messages.tooLarge(definition) };
      return { value };
    }
    case 'date': {
      const text = String(raw).trim();
      return isCalendarDate(text) ? { value: text } : { error: messages.date(definition) };
    }
    default: {
      const text = String(raw).trim();
      return /\p{Cc}/u.test(text) ? { error: messages.text(definition) } : { value: text };
    }
  }
}

/**
 * The zod schema of an ad's `attributes` in a category with `definitions` (SPEC.md §3 "Listing":
 * category-specific fields), the one rule set of server and posting form: known keys only, each
 * value of its type (select options, numbers, whole years, calendar dates, text without control
 * characters) within `min` and `max`, required attributes given. Empty texts count as absent.
 * Parsing answers the values as stored (numbers as numbers, texts trimmed, empty ones dropped);
 * a failure has one issue per attribute, its `path` the attribute's key, in the order of the
 * values and then of the definitions, worded by `messages`.
 */
export function categoryAttributesSchema(
  definitions: readonly AttributeDefinition[],
  messages: AttributeMessages = attributeMessages,
): z.ZodType<AttributeValues, AttributeValues> {
  const byKey = new Map(definitions.map((definition) => [definition.key, definition]));
  return attributeValuesSchema.transform((values, ctx) => {
    const result: AttributeValues = {};
    const failed = new Set<string>();
    const fail = (key: string, message: string) => {
      failed.add(key);
      ctx.addIssue({ code: 'custom', path: [key], message });
    };
    for (const [key, raw] of Object.entries(values)) {
      const definition = byKey.get(key);
      if (!definition) {
        fail(key, messages.unknown(key));
        continue;
      }
      if (typeof raw === 'string' && raw.trim() === '') continue;
      const checked = checkValue(definition, raw, messages);
      if ('error' in checked) fail(key, checked.error);
      else result[key] = checked.value;
    }
    for (const definition of definitions) {
      if (definition.required && result[definition.key] === undefined && !failed.has(definition.key)) {
        fail(definition.key, messages.required(definition));
      }
    }
    return result;
  });
}
