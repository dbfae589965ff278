import fs from 'node:fs';

/** Splits one CSV line into fields; double quotes enclose fields with commas ("" is a quote). */
function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/**
 * The records of a CSV file with a header line (comma-separated, fields with commas in double
 * quotes, no line breaks inside fields, LF or CRLF), each as an object from the header's column
 * names to the trimmed fields; blank lines are skipped, missing fields are ''.
 */
export function readCsvRecords(file: string): Record<string, string>[] {
  const [header = '', ...lines] = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  const columns = splitCsvLine(header).map((name) => name.trim());
  const records: Record<string, string>[] = [];
  for (const line of lines) {
    if (line.trim() === '') continue;
    const fields = splitCsvLine(line);
    const record: Record<string, string> = {};
    columns.forEach((name, i) => {
      record[name] = fields[i]?.trim() ?? '';
    });
    records.push(record);
  }
  return records;
}
