import type { AttributeDefinition, Category } from '@marketplace/contract';
import { OFFER_TYPES } from '@marketplace/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { de } from '../../i18n/de.ts';
import { isOneOf } from '../../lib/guards.ts';
import { parseEuros } from '../../lib/price.ts';
import { attributeFilterKeys, filterableAttributes, invertedRanges, type ListingFilters } from './filters.ts';
import { PlaceField } from './PlaceField.tsx';
import { RadiusOptions } from './RadiusOptions.tsx';

function numberText(value: number | undefined): string {
  return value === undefined ? '' : String(value).replace('.', ',');
}

/**
 * The filters of an ad list (issue "The marketplace itself"): price range, postal code or place
 * with 'Umkreis', offer type, the category's own attributes (selects as dropdowns, numbers and
 * years as from/to) and, on the search page, the category. Changes are collected and handed to
 * `onApply` with 'Anzeigen zeigen' (or Enter).
 */
export function FilterPanel({
  filters,
  attributes,
  categories,
  onApply,
}: {
  filters: ListingFilters;
  attributes: readonly AttributeDefinition[];
  /** When given, a category selector is shown (search page). */
  categories?: readonly Category[];
  onApply: (filters: ListingFilters) => void;
}) {
  const formId = useId();
  const [priceMin, setPriceMin] = useState(numberText(filters.price_min));
  const [priceMax, setPriceMax] = useState(numberText(filters.price_max));
  const [place, setPlace] = useState(filters.postal_code ?? '');
  const [radius, setRadius] = useState(filters.radius_km === undefined ? '' : String(filters.radius_km));
  const [offerType, setOfferType] = useState<string>(filters.offer_type ?? '');
  const [verifiedOnly, setVerifiedOnly] = useState(Boolean(filters.verified_only));
  const [category, setCategory] = useState(filters.category ?? '');
  const [attributeValues, setAttributeValues] = useState<Record<string, string>>(filters.attributes);
  /** Ranges whose 'von' is above their 'bis' ('price' or an attribute key), shown at the field. */
  const [inverted, setInverted] = useState<string[]>([]);

  // A new address (back button, shared link) replaces what is typed.
  useEffect(() => {
    setPriceMin(numberText(filters.price_min));
    setPriceMax(numberText(filters.price_max));
    setPlace(filters.postal_code ?? '');
    setRadius(filters.radius_km === undefined ? '' : String(filters.radius_km));
    setOfferType(filters.offer_type ?? '');
    setVerifiedOnly(Boolean(filters.verified_only));
    setCategory(filters.category ?? '');
    setAttributeValues(filters.attributes);
    setInverted(invertedRanges(filters));
  }, [filters]);

  const shownAttributes = filterableAttributes(attributes);

  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    const allowedKeys = new Set(shownAttributes.flatMap(attributeFilterKeys));
    const nextAttributes: Record<string, string> = {};
    for (const [key, value] of Object.entries(attributeValues)) {
      if (allowedKeys.has(key) && value.trim() !== '') nextAttributes[key] = value.trim();
    }
    const min = parseEuros(priceMin);
    const max = parseEuros(priceMax);
    const price_min = min !== undefined && min >= 0 ? min : undefined;
    const price_max = max !== undefined && max >= 0 ? max : undefined;
    const wrong = invertedRanges({ price_min, price_max, attributes: nextAttributes });
    setInverted(wrong);
    if (wrong.length > 0) {
      // The first field in question gets the cursor; its hint is read out.
      document.getElementById(`${formId}-${wrong[0]}-max`)?.focus();
      return;
    }
    onApply({
      q: filters.q,
      sort: filters.sort,
      category: categories ? category || undefined : filters.category,
      price_min,
      price_max,
      postal_code: place.trim() || undefined,
      radius_km: place.trim() && radius ? Number(radius) : undefined,
      offer_type: isOneOf(OFFER_TYPES, offerType) ? offerType : undefined,
      price_type: filters.price_type,
      verified_only: verifiedOnly || undefined,
      attributes: nextAttributes,
    });
  };

  const reset = () => {
    onApply({
      q: filters.q,
      sort: filters.sort,
      category: categories ? undefined : filters.category,
      attributes: {},
    });
  };

  const setAttribute = (key: string, value: string) =>
    setAttributeValues((values) => ({ ...values, [key]: value }));
  /** The 'bis' field's hint when its range is the wrong way round. */
  const rangeHint = (range: string) =>
    inverted.includes(range) ? { error: true, helperText: de.filters.minAboveMax } : {};

  return (
    <Box
      component="form"
      onSubmit={apply}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      noValidate
    >
      {categories && (
        <TextField
          select
          size="small"
          label={de.search.categoryFilter}
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{de.search.anyCategory}</option>
          {categories.map((entry) => (
            <optgroup key={entry.id} label={entry.name}>
              <option value={entry.slug}>{de.categories.allIn(entry.name)}</option>
              {entry.subcategories.map((sub) => (
                <option key={sub.id} value={sub.slug}>
                  {sub.name}
                </option>
              ))}
            </optgroup>
          ))}
        </TextField>
      )}
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {de.filters.price}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={de.filters.priceMin}
            sx={{ flex: 1 }}
            value={priceMin}
            onChange={(event) => setPriceMin(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 12 } }}
          />
          <TextField
            size="small"
            id={`${formId}-price-max`}
            label={de.filters.priceMax}
            sx={{ flex: 1 }}
            value={priceMax}
            onChange={(event) => setPriceMax(event.target.value)}
            {...rangeHint('price')}
            slotProps={{
              htmlInput: { inputMode: 'decimal', maxLength: 12 },
              formHelperText: { role: 'alert' },
            }}
          />
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <PlaceField
          label={de.filters.location}
          text={place}
          onTextChange={setPlace}
          onPlaceSelect={(selected) => setPlace(selected.postal_code)}
        />
        <TextField
          select
          size="small"
          label={de.filters.radius}
          value={radius}
          onChange={(event) => setRadius(event.target.value)}
          disabled={place.trim() === ''}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <RadiusOptions label={de.filters.radiusKm} />
        </TextField>
      </Box>
      <TextField
        select
        size="small"
        label={de.filters.offerType}
        value={offerType}
        onChange={(event) => setOfferType(event.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{de.filters.any}</option>
        {OFFER_TYPES.map((option) => (
          <option key={option} value={option}>
            {de.listing.offerTypes[option]}
          </option>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Checkbox checked={verifiedOnly} onChange={(event) => setVerifiedOnly(event.target.checked)} />
        }
        label={de.verification.verifiedOnly}
      />
      {shownAttributes.map((attribute) =>
        attribute.type === 'select' ? (
          <TextField
            key={attribute.key}
            select
            size="small"
            label={attribute.label}
            value={attributeValues[attribute.key] ?? ''}
            onChange={(event) => setAttribute(attribute.key, event.target.value)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{de.filters.any}</option>
            {(attribute.options ?? []).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </TextField>
        ) : (
          <Box key={attribute.key}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {attribute.label}
              {attribute.unit ? ` (${attribute.unit})` : ''}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              {(['min', 'max'] as const).map((bound) => (
                <TextField
                  key={bound}
                  size="small"
                  type="number"
                  id={`${formId}-${attribute.key}-${bound}`}
                  {...(bound === 'max' ? rangeHint(attribute.key) : {})}
                  label={de.filters[bound]}
                  sx={{ flex: 1 }}
                  value={attributeValues[`${attribute.key}.${bound}`] ?? ''}
                  onChange={(event) => setAttribute(`${attribute.key}.${bound}`, event.target.value)}
                  slotProps={{
                    htmlInput: {
                      inputMode: 'numeric',
                      min: attribute.min,
                      max: attribute.max,
                      'aria-label': `${attribute.label} ${de.filters[bound]}`,
                    },
                    formHelperText: { role: 'alert' },
                  }}
                />
              ))}
            </Box>
          </Box>
        ),
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained">
          {de.filters.apply}
        </Button>
        <Button onClick={reset}>{de.filters.reset}</Button>
      </Box>
    </Box>
  );
}
