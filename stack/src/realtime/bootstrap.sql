-- What the realtime service needs in the database besides the `supabase_realtime` publication:
-- the `realtime` schema Supabase reserves for it and the helper that checks, in one round trip,
-- which changed rows each subscriber's role and claims may see (walrus' `realtime.apply_rls`,
-- batched).
-- Idempotent: the service applies it at every start.

create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role;
comment on schema realtime is 'Reserved for the Realtime service, as on Supabase.';

-- The first version took every check's SQL and rows inline, re-planned each check and parsed the
-- batch's rows once per check: too slow with many subscribers of distinct claims.
drop function if exists realtime.stack_visible_rows(jsonb);

-- `rows` is a jsonb array of the batch's changed rows as committed (rebuilt from the WAL), each
-- row once however many subscribers check it. They are staged in a temporary table of this
-- session, which the checks read by index.
-- Each element of `statements` is {name, sql}: `sql` selects ($1, row index, null) for the rows
-- whose index is in $2 (int[]) that one role's policies on one table let through. It is
-- PREPAREd once per session under that name, so a check is an execution of a cached generic
-- plan instead of a parse and plan of its own. Postgres' plan cache re-plans it when the tables
-- or policies it reads change. A name stands for one role and one SQL text, so the plan is
-- always used by the role it was made for (RLS on the tables a policy reads is planned per role).
-- Each element of `checks` is {role, claims, statement, rows}: a statement index and the int[]
-- literal of the row indexes to check as that role with those claims. Every check sets both
-- before it runs, so nothing of one subscriber's check survives into the next one's.
-- A check that fails yields (its index, null, the error) and the others go on.
-- It is SECURITY INVOKER on purpose: it must switch roles with set_config('role'), which
-- Postgres forbids in security-definer functions. The role and claims it sets are local to the
-- transaction (and undone when the function returns, because of its SET clauses), so the service
-- calls it as a single autocommitted statement on its own superuser connection; nobody else may
-- execute it.
create or replace function realtime.stack_visible_rows(rows jsonb, statements jsonb, checks jsonb)
returns table (check_index int, row_index int, error text)
language plpgsql
volatile
set search_path = ''
-- The statements' only parameters are row indexes, so custom plans would cost a planning per
-- check for nothing.
set plan_cache_mode = force_generic_plan
as $$
declare
  item jsonb;
  statement jsonb;
  statement_name text;
  position int := 0;
  prepared text[];
begin
  if pg_catalog.to_regclass('pg_temp.stack_realtime_rows') is null then
    -- Only built-in column types, so it never holds a dependency on anything a migration drops.
    create temporary table stack_realtime_rows (_rt_idx int primary key, _rt_row jsonb not null)
      on commit delete rows;
    -- The checks read it as the subscribers' roles.
    grant select on table pg_temp.stack_realtime_rows to public;
  end if;
  -- Empty already unless called twice in one transaction; TRUNCATE would re-plan every statement.
  delete from pg_temp.stack_realtime_rows;
  insert into pg_temp.stack_realtime_rows (_rt_idx, _rt_row)
    select (r.n - 1)::int, r.value from pg_catalog.jsonb_array_elements(rows) with ordinality as r(value, n);

  select coalesce(pg_catalog.array_agg(p.name), '{}') into prepared
    from pg_catalog.pg_prepared_statements p
   where p.name like 'stack\_rt\_%';
  -- Policies that changed leave their old statements behind: bound what a long-lived session keeps.
  if pg_catalog.cardinality(prepared) > 200 then
    foreach statement_name in array prepared loop
      execute pg_catalog.format('deallocate %I', statement_name);
    end loop;
    prepared := '{}';
  end if;

  for item in select c.value from pg_catalog.jsonb_array_elements(checks) as c(value) loop
    statement := statements -> (item ->> 'statement')::int;
    statement_name := statement ->> 'name';
    begin
      perform pg_catalog.set_config('role', item ->> 'role', true);
      perform pg_catalog.set_config('request.jwt.claims', item ->> 'claims', true);
      if not statement_name = any (prepared) then
        execute pg_catalog.format('prepare %I (int, int[]) as %s', statement_name, statement ->> 'sql');
        prepared := prepared || statement_name;
      end if;
      return query execute pg_catalog.format('execute %I(%s, %L)', statement_name, position, item ->> 'rows');
    exception when others then
      -- Rows this check already returned are ignored by the service: the whole check counts as failed.
      check_index := position;
      row_index := null;
      error := sqlerrm;
      return next;
    end;
    position := position + 1;
  end loop;
end;
$$;

revoke all on function realtime.stack_visible_rows(jsonb, jsonb, jsonb) from public, anon, authenticated, service_role;
comment on function realtime.stack_visible_rows(jsonb, jsonb, jsonb) is
  'Which changed rows each realtime subscriber may select, checked as its role with its JWT claims (RLS).';
