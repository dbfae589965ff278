import { type AttributeDefinition, type AttributeValues, formatEuros } from '@marketplace/contract';
import type { CategoryTree, ResolvedCategory } from '../../modules/categories/index.ts';
import { validateAttributes } from '../../modules/listings/index.ts';
import {
  AD_KINDS,
  type AdKind,
  type AdTemplate,
  BUSINESS_CLOSINGS,
  BUSINESS_OPENINGS,
  BUSINESS_SHIPPING_SENTENCES,
  CLOSINGS,
  LOST_CLOSINGS,
  OPENINGS,
  PRICE_SENTENCES,
  SHIPPING_SENTENCES,
  WANTED_CLOSINGS,
  WANTED_OPENINGS,
} from './catalog.ts';
import type { Random } from './random.ts';

/**
 * What a demo ad says: the categories that receive ads, prices, attributes and descriptions that
 * fit the category's kind of ad.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Leaf categories in display order: subcategories, or top-level categories without any. */
export function leafCategories(tree: CategoryTree): ResolvedCategory[] {
  const leaves: ResolvedCategory[] = [];
  for (const parent of tree.withCounts()) {
    const ids = parent.subcategories.length > 0 ? parent.subcategories.map((s) => s.id) : [parent.id];
    for (const id of ids) {
      const category = tree.resolve(id);
      if (category) leaves.push(category);
    }
  }
  return leaves;
}

/** A price in euros inside the template's range, rounded as people price things. */
export function demoPrice(random: Random, [min, max]: [number, number]): number {
  if (max <= 0) return 0;
  const raw = min + random.next() * (max - min);
  const step = raw < 30 ? 1 : raw < 200 ? 5 : raw < 2000 ? 10 : raw < 20_000 ? 100 : 1000;
  return Math.max(min, Math.round(raw / step) * step);
}

function isoDate(daysFromNow: number, now: number): string {
  return new Date(now + daysFromNow * DAY_MS).toISOString().slice(0, 10);
}

/** Plausible values for attributes the template leaves open. */
function demoAttribute(
  random: Random,
  definition: AttributeDefinition,
  now: number,
): string | number | undefined {
  switch (definition.type) {
    case 'select': {
      // Demo goods are used and working: neither 'Neu' nor 'Defekt' unless the template says so.
      const options =
        definition.key === 'condition' ? ['Sehr gut', 'Gut', 'In Ordnung'] : (definition.options ?? []);
      return options.length > 0 ? random.pick(options) : undefined;
    }
    case 'year':
      return random.int(2012, 2022);
    case 'date':
      return isoDate(random.int(7, 120), now);
    case 'number': {
      const ranges: Record<string, [number, number]> = {
        mileage_km: [8000, 210_000],
        power_kw: [55, 190],
        frame_size_cm: [46, 60],
        rooms: [1, 5],
        living_area_m2: [28, 140],
        quantity: [1, 4],
        shoe_size: [36, 46],
        size_cm: [56, 146],
      };
      const [min, max] = ranges[definition.key] ?? [definition.min ?? 0, definition.max ?? 100];
      return random.int(Math.max(min, definition.min ?? min), Math.min(max, definition.max ?? max));
    }
    default:
      return undefined;
  }
}

export function demoAttributes(
  random: Random,
  category: ResolvedCategory,
  template: AdTemplate,
  now: number,
): AttributeValues {
  const values: AttributeValues = {};
  for (const definition of category.attributes) {
    const given = template.attributes?.[definition.key];
    if (given !== undefined) values[definition.key] = given;
    else if (definition.key === 'age_months') {
      // Only young animals have an age in months; the texts of grown ones say their years.
      if (template.ageMonths) values.age_months = random.int(...template.ageMonths);
    } else if (definition.key === 'quantity') {
      // As many tickets as the ad names ('2 Karten', 'Zwei Plätze', 'Konzertkarte'), else one or two.
      const named = /(\d+)\s*(?:Karten|Tickets)/.exec(template.title)?.[1];
      values.quantity = named
        ? Number(named)
        : /\bzwei\b/i.test(`${template.title} ${template.text}`)
          ? 2
          : /(?:karte|ticket)\b/i.test(template.title)
            ? 1
            : random.int(1, 2);
    } else if (definition.required || random.chance(0.7)) {
      const value = demoAttribute(random, definition, now);
      if (value !== undefined) values[definition.key] = value;
    }
  }
  return validateAttributes(category.attributes, values);
}

/** The kind of ads a category holds (`AD_KINDS` by subcategory slug, then top-level slug). */
export function adKindOf(slug: string, rootSlug: string): AdKind {
  return AD_KINDS[slug] ?? AD_KINDS[rootSlug] ?? 'goods';
}

/** What a job ad says about its pay, matching its price (gross euros per month, 0 for none). */
function salarySentence(price: number, employment: unknown): string {
  if (price === 0) return 'Das Praktikum ist unvergütet.';
  const label =
    employment === 'Ausbildung'
      ? 'Ausbildungsvergütung'
      : employment === 'Praktikum'
        ? 'Vergütung'
        : 'Gehalt';
  return `${label}: ${formatEuros(price)} brutto im Monat.`;
}

/**
 * A demo ad's description: an opening, the template's own text and closing sentences that fit
 * the ad's kind, whether it offers or asks ('Suche'), its price type and its `shipping`
 * attribute, so no text promises what the ad's fields contradict. A shop's or provider's offer
 * (`business`) opens and closes as a trader writes, without 'Privatverkauf'.
 */
export function demoDescription(
  random: Random,
  ad: {
    kind: AdKind;
    template: AdTemplate;
    offerType: 'offer' | 'wanted';
    priceType: 'fixed' | 'negotiable' | 'free';
    price: number;
    attributes: AttributeValues;
    business?: boolean;
  },
): string {
  const wanted = ad.offerType === 'wanted';
  const trader = ad.business && !wanted;
  if (ad.kind === 'lost-found') {
    // Lost (a request) or found (an offer): neither a sale nor an ordinary request.
    return [ad.template.text, random.pick(wanted ? LOST_CLOSINGS : CLOSINGS['lost-found'])].join('\n\n');
  }
  const openings = trader ? (BUSINESS_OPENINGS[ad.kind] ?? ['']) : OPENINGS[ad.kind];
  const parts = [random.pick(wanted ? WANTED_OPENINGS : openings), ad.template.text];
  if (ad.kind === 'job') parts.push(salarySentence(ad.price, ad.attributes.employment));
  const sells = ['goods', 'vehicle', 'animal', 'ticket'].includes(ad.kind);
  if (!wanted && sells && ad.priceType !== 'free' && ad.price > 0 && random.chance(0.6)) {
    parts.push(random.pick(PRICE_SENTENCES[ad.priceType]));
  }
  const shipping = (trader ? BUSINESS_SHIPPING_SENTENCES : SHIPPING_SENTENCES)[
    String(ad.attributes.shipping)
  ];
  if (!wanted && shipping && random.chance(0.8)) parts.push(shipping);
  const closings = trader ? (BUSINESS_CLOSINGS[ad.kind] ?? CLOSINGS[ad.kind]) : CLOSINGS[ad.kind];
  parts.push(random.pick(wanted ? WANTED_CLOSINGS : closings));
  return parts.filter(Boolean).join('\n\n');
}
