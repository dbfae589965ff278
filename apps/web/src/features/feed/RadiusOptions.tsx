import { RADIUS_CHOICES_KM } from '@marketplace/contract';
import { de } from '../../i18n/de.ts';

/**
 * The options of an 'Umkreis' select: all of Germany (value '') and each of
 * {@link RADIUS_CHOICES_KM}, read by `label` ('5 km' beside a visible label, 'Umkreis 5 km' without).
 */
export function RadiusOptions({ label }: { label: (km: number) => string }) {
  return (
    <>
      <option value="">{de.filters.radiusAny}</option>
      {RADIUS_CHOICES_KM.map((km) => (
        <option key={km} value={km}>
          {label(km)}
        </option>
      ))}
    </>
  );
}
