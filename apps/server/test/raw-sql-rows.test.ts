import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Rows of raw SQL are parsed with a schema next to the query (docs/decisions/0034): no read
 * casts its rows to a type nothing checks, and no transaction is cast to a database. That holds
 * for Drizzle (`selectRows`), for pg-boss's connection (`jobs.query(rowSchema, …)`) and for the
 * drivers' own clients of scripts, benches and tests (`queryRows`): none hands over its rows
 * typed by a type argument, a cast, an index into `.rows` or a destructured `{ rows }`. This
 * walks the server's code, tests, benches and scripts.
 */
const server = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['src', 'test', 'bench', 'scripts', 'cluster'];
const UNCHECKED = [
  { name: 'an unchecked row type', pattern: /(?<!function )\bselectRows\s*</ },
  { name: 'the unchecked read', pattern: /\bselectRowsUnchecked\b/ },
  { name: 'a cast to Database', pattern: /as unknown as Database\b/ },
  // pg-boss's connection (`jobs.query(rowSchema, …)`) and `pg` clients of scripts, benches and
  // tests: their rows are parsed with a schema too (`parseRows`), never typed by a type argument.
  { name: 'an unchecked driver read', pattern: /\.query\s*</ },
  { name: 'a cast of driver rows', pattern: /\.rows\s+as\b|\bas\s+\{\s*rows\s*:(?!\s*unknown\[\])/ },
  { name: "a driver's rows read without a schema", pattern: /\.rows\s*\[|\{\s*rows\b[^}]*\}\s*=\s*await\b/ },
];

function sourceFiles(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|mts|tsx)$/.test(file) && !file.includes('node_modules'))
    .map((file) => path.join(folder, file));
}

describe('rows of raw SQL', () => {
  it('are read with a row schema everywhere, and transactions are passed without casts', () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(server, folder)));
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((file) => {
      if (file === import.meta.filename) return [];
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      return lines.flatMap((line, index) =>
        UNCHECKED.filter(({ pattern }) => pattern.test(line)).map(
          ({ name }) => `${path.relative(server, file)}:${index + 1}: ${name}`,
        ),
      );
    });
    expect(found).toEqual([]);
  });
});
