import pg from 'pg';

/**
 * On PostgreSQL, installs the extensions once before the test files (each in its own schema)
 * run their migrations in parallel; concurrent CREATE EXTENSION calls would collide.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_KIND !== 'postgres' || !url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
  } finally {
    await client.end();
  }
}
