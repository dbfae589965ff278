import { type AnalyticsDay, type AnalyticsSource, VIEW_SOURCE_NAMES } from '@marketplace/contract';
import { stringify } from 'csv-stringify/sync';

/** The CSV's columns, German, in order. */
export const ANALYTICS_CSV_COLUMNS = ['Datum', 'Aufrufe', 'Gemerkt', 'Kontaktanfragen'] as const;

/**
 * The figures of /analytics as CSV for spreadsheets: semicolon-separated, UTF-8 with a byte
 * order mark (so German spreadsheet programs read umlauts), one row per day (`TT.MM.JJJJ`) with
 * views, favourites and contacts, a row 'Gesamt', then after an empty row the views per source
 * (Herkunft der Aufrufe). Quoting and escaping by csv-stringify.
 */
export function analyticsCsv(figures: { daily: AnalyticsDay[]; sources: AnalyticsSource[] }): string {
  const germanDate = (day: string) => day.split('-').reverse().join('.');
  const sum = (key: 'views' | 'favorites' | 'contacts') =>
    figures.daily.reduce((total, day) => total + day[key], 0);
  const rows: (string | number)[][] = [
    ...figures.daily.map((day) => [germanDate(day.date), day.views, day.favorites, day.contacts]),
    ['Gesamt', sum('views'), sum('favorites'), sum('contacts')],
    [],
    ['Herkunft der Aufrufe', 'Aufrufe', '', ''],
    ...figures.sources.map((source) => [VIEW_SOURCE_NAMES[source.source], source.views, '', '']),
  ];
  return stringify(rows, { header: true, columns: [...ANALYTICS_CSV_COLUMNS], delimiter: ';', bom: true });
}
