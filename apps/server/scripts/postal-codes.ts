// `node apps/server/scripts/postal-codes.ts SOURCE.csv`: writes resources/postal-codes-de.csv
// from the full GeoNames table (resources/README.md says where it comes from and its licence).
import fs from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { readCsvRecords } from '../src/lib/csv.ts';
import { POSTAL_CODES_CSV } from '../src/modules/places/index.ts';

/**
 * The columns the server reads, in the shipped file's order: the source's `zipcode`, `place`,
 * `state`, `community` (the district, Landkreis or kreisfreie Stadt, which ranks a postal code's
 * places), `latitude` and `longitude`. Every row of the source is kept, companies and
 * authorities too: the server leaves them out of the completions but counts them.
 */
const SHIPPED_COLUMNS = ['zipcode', 'place', 'state', 'community', 'latitude', 'longitude'] as const;

/**
 * Reduces the zauberware/postal-codes-json-xml-csv conversion of the GeoNames export (columns
 * country_code, zipcode, place, state, state_code, province, province_code, community,
 * community_code, latitude, longitude) to {@link SHIPPED_COLUMNS}, row for row in the source's
 * order, as CSV with a header and CRLF line ends.
 * @throws Error naming the column when the source lacks one
 */
function shippedPostalCodes(source: string): string {
  const records = readCsvRecords(source);
  for (const column of SHIPPED_COLUMNS) {
    if (records[0] && !(column in records[0])) throw new Error(`${source} has no column '${column}'`);
  }
  return stringify(records, { header: true, columns: [...SHIPPED_COLUMNS], record_delimiter: 'windows' });
}

const source = process.argv[2];
if (!source) {
  console.error('Usage: node apps/server/scripts/postal-codes.ts SOURCE.csv (the full GeoNames table)');
  process.exit(1);
}
fs.writeFileSync(POSTAL_CODES_CSV, shippedPostalCodes(source));
console.log(`${POSTAL_CODES_CSV} written`);
