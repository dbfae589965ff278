import type { AttributeDefinition, AttributeValues } from '@marketplace/contract';
import { AppError } from '../../lib/errors.ts';

const number = (value: number) => value.toLocaleString('de-DE', { maximumFractionDigits: 2 });

function refuse(definition: AttributeDefinition, message: string): never {
  throw new AppError('validation', `Feld 'attributes.${definition.key}': ${message}`);
}

function rangeText(definition: AttributeDefinition): string {
  const unit = definition.unit ? ` ${definition.unit}` : '';
  if (definition.min !== undefined && definition.max !== undefined) {
    return `zwischen ${number(definition.min)} und ${number(definition.max)}${unit}`;
  }
  if (definition.min !== undefined) return `mindestens ${number(definition.min)}${unit}`;
  return `höchstens ${number(definition.max ?? 0)}${unit}`;
}

function checkRange(definition: AttributeDefinition, value: number): void {
  const tooSmall = definition.min !== undefined && value < definition.min;
  const tooLarge = definition.max !== undefined && value > definition.max;
  if (tooSmall || tooLarge) refuse(definition, `${definition.label} muss ${rangeText(definition)} sein.`);
}

function isValidDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** One value checked against its definition; returns the stored form. */
function normaliseValue(definition: AttributeDefinition, raw: string | number): string | number {
  switch (definition.type) {
    case 'select': {
      const text = String(raw).trim();
      if (!definition.options?.includes(text)) {
        refuse(definition, `Bitte wähle für ${definition.label} einen der vorgegebenen Werte.`);
      }
      return text;
    }
    case 'number':
    case 'year': {
      const value = typeof raw === 'number' ? raw : Number(String(raw).trim().replace(',', '.'));
      if (!Number.isFinite(value)) refuse(definition, `${definition.label} muss eine Zahl sein.`);
      if (definition.type === 'year' && !Number.isInteger(value)) {
        refuse(definition, `${definition.label} muss eine Jahreszahl sein.`);
      }
      checkRange(definition, value);
      return value;
    }
    case 'date': {
      const text = String(raw).trim();
      if (!isValidDate(text)) refuse(definition, `${definition.label} muss ein Datum (JJJJ-MM-TT) sein.`);
      return text;
    }
    default: {
      const text = String(raw).trim();
      if (/\p{Cc}/u.test(text)) refuse(definition, `${definition.label} enthält ungültige Zeichen.`);
      return text;
    }
  }
}

/**
 * Checks an ad's attribute values against its category's definitions (issue 4): known keys
 * only, the type of each (select options, numbers, whole years, dates), min/max, and required
 * attributes. Empty values count as absent.
 * @returns the values as stored: numbers as numbers, texts trimmed, empty ones dropped
 * @throws AppError validation (422) with a German detail naming the field
 */
export function validateAttributes(
  definitions: readonly AttributeDefinition[],
  values: AttributeValues,
): AttributeValues {
  const byKey = new Map(definitions.map((definition) => [definition.key, definition]));
  const result: AttributeValues = {};
  for (const [key, raw] of Object.entries(values)) {
    const definition = byKey.get(key);
    if (!definition) {
      throw new AppError(
        'validation',
        `Feld 'attributes.${key}': Dieses Merkmal gibt es in dieser Kategorie nicht.`,
      );
    }
    if (typeof raw === 'string' && raw.trim() === '') continue;
    result[key] = normaliseValue(definition, raw);
  }
  for (const definition of definitions) {
    if (definition.required && result[definition.key] === undefined) {
      refuse(definition, `Bitte gib ${definition.label} an.`);
    }
  }
  return result;
}
