/**
 * pgTAP tests: `supabase test db` needs Docker, so this runs the same files with pg_prove
 * against the local stack's database. Prints pg_prove's own summary.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { dbUrl, supabaseDir } from '../stack/src/config.ts';

const dir = path.join(supabaseDir, 'tests', 'database');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.test.sql'))
  .sort()
  .map((f) => path.join(dir, f));

if (files.length === 0) {
  process.stdout.write('no pgTAP files in supabase/tests/database\n');
  process.exit(0);
}

const client = new pg.Client({ connectionString: dbUrl() });
await client.connect();
await client.query('create extension if not exists pgtap with schema extensions');
await client.end();

const result = spawnSync('pg_prove', ['--ext', '.sql', '-d', dbUrl(), ...files], {
  stdio: 'inherit',
  env: { ...process.env, PGOPTIONS: '--search_path=public,extensions' },
});
if (result.error) {
  process.stderr.write(
    'pg_prove was not found: install pgTAP with apt-get install postgresql-15-pgtap libtap-parser-sourcehandler-pgtap-perl\n',
  );
  process.exit(1);
}
process.exit(result.status ?? 1);
