-- What the realtime service needs in the database besides the `supabase_realtime` publication:
-- the `realtime` schema Supabase reserves for it and the helper that checks, in one round trip,
-- which changed rows each subscriber's role and claims may see (walrus' `realtime.apply_rls`,
-- batched).
-- Idempotent: the service applies it at every start.

create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role;
comment on schema realtime is 'Reserved for the Realtime service, as on Supabase.';

-- Each element of `checks` is {role, claims, sql, rows}: `sql` selects ($2, row index) for the
-- rows of `rows` ($1, a jsonb array of rows as committed) that the role's policies let through.
-- It is SECURITY INVOKER on purpose: it must switch roles with set_config('role'), which
-- Postgres forbids in security-definer functions. The role and claims it sets are local to the
-- transaction, so the service calls it as a single autocommitted statement on its own superuser
-- connection; nobody else may execute it.
create or replace function realtime.stack_visible_rows(checks jsonb)
returns table (check_index int, row_index int)
language plpgsql
volatile
set search_path = ''
as $$
declare
  item jsonb;
  position int := 0;
begin
  for item in select value from jsonb_array_elements(checks) loop
    perform set_config('role', item ->> 'role', true);
    perform set_config('request.jwt.claims', item ->> 'claims', true);
    return query execute (item ->> 'sql') using (item -> 'rows'), position;
    position := position + 1;
  end loop;
end;
$$;

revoke all on function realtime.stack_visible_rows(jsonb) from public, anon, authenticated, service_role;
comment on function realtime.stack_visible_rows(jsonb) is
  'Which changed rows each realtime subscriber may select, checked as its role with its JWT claims (RLS).';
