import type { AttributeDefinition, AttributeValues, Listing } from '@marketplace/contract';
import Box from '@mui/material/Box';
import { de } from '../../../i18n/de.ts';

/** One attribute value as read on the ad page: numbers in German notation with their unit. */
export function formatAttributeValue(
  definition: AttributeDefinition | undefined,
  value: string | number,
): string {
  if (typeof value === 'number') {
    const text = definition?.type === 'year' ? String(value) : value.toLocaleString('de-DE');
    return definition?.unit ? `${text} ${definition.unit}` : text;
  }
  return definition?.unit && /^\d+([.,]\d+)?$/.test(value) ? `${value} ${definition.unit}` : value;
}

/**
 * Rows of the ad's details table: category, offer type, price type, then each attribute with
 * the label of the category's definition, in the definition's order (unknown keys last).
 */
export function attributeRows(
  listing: Pick<Listing, 'category' | 'offer_type' | 'price_type'> & { attributes: AttributeValues },
  definitions: readonly AttributeDefinition[],
): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [
    { label: de.listing.category, value: listing.category.name },
    { label: de.listing.offerType, value: de.listing.offerTypes[listing.offer_type] },
    { label: de.listing.priceType, value: de.price.types[listing.price_type] },
  ];
  const known = new Set<string>();
  for (const definition of definitions) {
    known.add(definition.key);
    const value = listing.attributes[definition.key];
    if (value === undefined || value === '') continue;
    rows.push({ label: definition.label, value: formatAttributeValue(definition, value) });
  }
  for (const [key, value] of Object.entries(listing.attributes)) {
    if (!known.has(key) && value !== '')
      rows.push({ label: key, value: formatAttributeValue(undefined, value) });
  }
  return rows;
}

/** The details of an ad as a two-column list of label and value. */
export function AttributesTable({ rows }: { rows: { label: string; value: string }[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(2, minmax(0, 1fr) minmax(0, 1fr))' },
        columnGap: 2,
        rowGap: 0,
        m: 0,
        '& dt, & dd': {
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
          m: 0,
          hyphens: 'auto',
          overflowWrap: 'break-word',
        },
        '& dt': { color: 'text.secondary' },
        '& dd': { fontWeight: 600 },
      }}
    >
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'contents' }}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </Box>
      ))}
    </Box>
  );
}
