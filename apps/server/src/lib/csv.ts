import fs from 'node:fs';
import { parse } from 'csv-parse/sync';

/**
 * The records of a CSV file with a header line (RFC 4180: comma-separated, quoted fields, LF or
 * CRLF; parsed by `csv-parse`), each as an object from the header's column names to the trimmed
 * fields; blank lines are skipped, a short line's missing fields are absent.
 * @throws when the file cannot be read or is not CSV (an unclosed quote)
 */
export function readCsvRecords(file: string): Record<string, string>[] {
  return parse(fs.readFileSync(file, 'utf8'), {
    columns: true,
    skip_empty_lines: true,
    trim: true,
    relax_column_count: true,
  }) as Record<string, string>[];
}
