import { readFileSync } from 'node:fs';
import pg from 'pg';
import { apiUrl, dbUrl, SERVICE_ROLE_KEY } from '../config.ts';
import { step } from '../log.ts';

const bootstrapSql = readFileSync(new URL('./bootstrap.sql', import.meta.url), 'utf8');

/**
 * The Vault secrets the database calls this instance's edge functions with (`net.http_post` from
 * pg_cron jobs, as Supabase's guide to scheduled functions keeps them): its API URL, which follows
 * STACK_API_PORT, and the service role key. Written at every start, since the port may change.
 */
export const VAULT_SECRETS = {
  project_url: apiUrl,
  service_role_key: SERVICE_ROLE_KEY,
} as const;

/** Creates what the Supabase image provides (roles, auth, extensions, grants, vault). Safe to repeat. */
export async function bootstrapDatabase(): Promise<void> {
  step('bootstrapping Supabase roles, auth schema, extensions, vault and grants');
  const client = new pg.Client({ connectionString: dbUrl() });
  await client.connect();
  try {
    await client.query(bootstrapSql);
    for (const [name, secret] of Object.entries(VAULT_SECRETS)) {
      await client.query(
        `with updated as (
           update vault.secrets set secret = $2, updated_at = now() where name = $1 and secret <> $2 returning id
         )
         select vault.create_secret($2, $1, 'Written by the local stack at start')
         where not exists (select 1 from vault.secrets where name = $1)`,
        [name, secret],
      );
    }
  } finally {
    await client.end();
  }
}
