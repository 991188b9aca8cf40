import { readFileSync } from 'node:fs';
import pg from 'pg';
import { dbUrl } from '../config.ts';
import { step } from '../log.ts';

const bootstrapSql = readFileSync(new URL('./bootstrap.sql', import.meta.url), 'utf8');

/** Creates what the Supabase image provides (roles, auth, extensions, grants). Safe to repeat. */
export async function bootstrapDatabase(): Promise<void> {
  step('bootstrapping Supabase roles, auth schema, extensions and grants');
  const client = new pg.Client({ connectionString: dbUrl() });
  await client.connect();
  try {
    await client.query(bootstrapSql);
  } finally {
    await client.end();
  }
}
