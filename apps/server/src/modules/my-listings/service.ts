import {
  LISTING_STATUS_NAMES,
  type MyListingRow,
  type MyListingsTable,
  PRICE_TEXTS,
  type PriceType,
} from '@marketplace/contract';
import { stringify } from 'csv-stringify/sync';
import type { Database } from '../../db/client.ts';
import { conversationsAboutListing } from '../chat/index.ts';
import {
  readSellerTable,
  readSellerTableRows,
  type SellerTableFilter,
  type SellerTableQuery,
} from '../listings/index.ts';

/** The columns of the CSV export, German, in the table's order. */
const CSV_COLUMNS = [
  'Titel',
  'Preis (EUR)',
  'Preisart',
  'Status',
  'Aufrufe',
  'Merken',
  'Nachrichten',
  'Erstellt',
  'Läuft ab',
  'Anzeigen-ID',
];

/** The price types as the ad form names them. */
const PRICE_TYPE_NAMES: Record<PriceType, string> = {
  fixed: 'Festpreis',
  negotiable: PRICE_TEXTS.negotiable,
  free: PRICE_TEXTS.free,
};

/** Prices as Excel in German reads a number: '1234,5' → '1234,50'. */
const priceFormat = new Intl.NumberFormat('de-DE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});
/** Times in German local time: '28.11.2026, 10:15'. */
const timeFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  dateStyle: 'medium',
  timeStyle: 'short',
});

/**
 * `GET /api/my-listings/table`: one page of the member's own ads with views, favourites and the
 * conversations about each ad (listings door, chat door).
 */
export function readMyListingsTable(
  db: Database,
  sellerId: string,
  query: SellerTableQuery,
): Promise<MyListingsTable> {
  return readSellerTable(db, sellerId, query, conversationsAboutListing);
}

/** One row of the export in the order of {@link CSV_COLUMNS}. */
function csvRecord(row: MyListingRow): string[] {
  return [
    row.title,
    priceFormat.format(row.price),
    PRICE_TYPE_NAMES[row.price_type],
    LISTING_STATUS_NAMES[row.status],
    String(row.views),
    String(row.favorites),
    String(row.messages),
    timeFormat.format(new Date(row.created_at)),
    timeFormat.format(new Date(row.expires_at)),
    row.id,
  ];
}

/**
 * `GET /api/my-listings/export.csv`: every ad of the member matching `filter` in its order (all
 * pages), as CSV that Excel opens in German: UTF-8 with a byte order mark, `;` between fields,
 * German headers, prices with a decimal comma, times in German local time. Titles starting with
 * `=`, `+`, `-` or `@` get a leading apostrophe so a spreadsheet never runs them as formulas.
 * @returns the file's text
 */
export async function exportMyListings(
  db: Database,
  sellerId: string,
  filter: SellerTableFilter,
): Promise<string> {
  const rows = await readSellerTableRows(db, sellerId, filter, conversationsAboutListing);
  return stringify(
    rows.map((row) => {
      const record = csvRecord(row);
      record[0] = /^[=+\-@\t\r]/.test(row.title) ? `'${row.title}` : row.title;
      return record;
    }),
    { bom: true, delimiter: ';', header: true, columns: CSV_COLUMNS, record_delimiter: 'windows' },
  );
}
