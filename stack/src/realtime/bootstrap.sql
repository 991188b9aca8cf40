-- What the realtime service needs in the database besides the `supabase_realtime` publication:
-- the `realtime` schema Supabase reserves for it and the helper that checks, in one round trip,
-- which changed rows each subscriber's role and claims may see (walrus' `realtime.apply_rls`,
-- batched).
-- Idempotent: the service applies it at every start.

create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role;
comment on schema realtime is 'Reserved for the Realtime service, as on Supabase.';

-- Earlier signatures: every check's SQL and rows inline, planned per check (too slow with many
-- subscribers of distinct claims), then PREPAREd statements on rows staged as JSON.
drop function if exists realtime.stack_visible_rows(jsonb);
drop function if exists realtime.stack_visible_rows(jsonb, jsonb, jsonb);

-- `tables` is a jsonb array with, per table, the array of the batch's changed rows as committed
-- (rebuilt from the WAL), each row once however many subscribers check it.
-- Each element of `statements` is {name, relation, alias, condition, table, checks}: one role's
-- SELECT policies (`condition`, on the row called `alias`) on one table (`relation`, whose rows
-- are tables[table]). Its checks run in a plpgsql function of this session named `name`, created
-- on first use: it populates the table's rows as typed records once, then for each check sets
-- the role and claims and runs the condition as static SQL, whose plan plpgsql caches (generic,
-- so one planning serves every check and batch; Postgres re-plans it when what it reads
-- changes). A name stands for one role, one table shape and one condition, so a plan is only
-- ever used by the role it was made for (RLS on the tables a policy reads is planned per role),
-- and a changed table or policy gets a function of its own. Claims are read when the plan runs
-- (auth.uid() and the like are STABLE); like any prepared statement's (PostgREST's, walrus'),
-- a generic plan would fold a function mislabelled IMMUTABLE that reads them only once.
-- Each check is {role, claims, sub, rows}, `rows` the int[] literal of the row indexes to check as
-- that role with those claims. `sub` (the claims' own) also goes to request.jwt.claim.sub, which
-- auth.uid() reads before parsing the claims: a policy's auth.uid() then costs no JSON parse per
-- check. (PostgREST does not set it, so no project function or policy may read it: pgTAP 01.)
-- Every check sets all three before it runs, so nothing of one subscriber's check survives into
-- the next one's. Checks are numbered across statements in order. A statement's checks run
-- together, without an exception block (a subtransaction) each; if one fails they run again one
-- by one, so a check that fails yields (its number, null, the error) and the others go on.
-- It is SECURITY INVOKER on purpose: it must switch roles with set_config('role'), which
-- Postgres forbids in security-definer functions. The role and claims it sets are local to the
-- transaction (and undone when each check function returns, because of its SET clauses), so
-- the service calls it as a single autocommitted statement on its own superuser connection;
-- nobody else may execute it. The session functions live in pg_temp: they go with the
-- connection, and being plpgsql they record no dependency that a migration could trip on.
create or replace function realtime.stack_visible_rows(tables jsonb, statements jsonb)
returns table (check_index int, row_index int, error text)
language plpgsql
volatile
set search_path = ''
as $$
declare
  statement jsonb;
  relation pg_catalog.regclass;
  shape text;
  function_name text;
  stale pg_catalog.regprocedure;
  base int := 0;
  position int;
  check_item jsonb;
begin
  for statement in select s.value from pg_catalog.jsonb_array_elements(statements) as s(value) loop
    begin
      relation := pg_catalog.to_regclass(statement ->> 'relation');
      if relation is null then
        raise exception 'relation % does not exist', statement ->> 'relation';
      end if;
      -- The table as it is now, not as the service last read it: a function compiled for an
      -- earlier row type must not be used for the new one.
      select c.reltype::text || ' ' || pg_catalog.string_agg(
               pg_catalog.concat_ws(':', a.attnum, a.attname, a.atttypid, a.atttypmod, a.attisdropped), ',' order by a.attnum)
        into shape
        from pg_catalog.pg_class c join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0
       where c.oid = relation
       group by c.reltype;
      function_name := (statement ->> 'name') || '_' || pg_catalog.left(pg_catalog.md5(shape), 16);
      if pg_catalog.to_regprocedure(pg_catalog.format('pg_temp.%I(jsonb, jsonb, int)', function_name)) is null then
        -- Tables or policies that changed leave old functions behind: bound what a session keeps.
        if (select pg_catalog.count(*) from pg_catalog.pg_proc p
             where p.pronamespace = pg_catalog.pg_my_temp_schema() and p.proname like 'stack\_rt\_%') >= 200 then
          for stale in select p.oid::pg_catalog.regprocedure from pg_catalog.pg_proc p
                        where p.pronamespace = pg_catalog.pg_my_temp_schema() and p.proname like 'stack\_rt\_%' loop
            execute pg_catalog.format('drop function %s', stale);
          end loop;
        end if;
        execute pg_catalog.format(
          $create$
          create function pg_temp.%I(_rt_rows jsonb, _rt_checks jsonb, _rt_base int)
          returns table (check_index int, row_index int, error text)
          language plpgsql
          volatile
          set search_path = ''
          -- The only parameters are row indexes: custom plans would cost a planning per check for nothing.
          set plan_cache_mode = force_generic_plan
          as %L
          $create$,
          function_name,
          pg_catalog.format(
            $body$
            #variable_conflict use_column
            <<_rt>>
            declare
              _rt_item jsonb;
              _rt_position int := _rt_base;
              _rt_wanted int[];
              _rt_typed %1$s[];
            begin
              _rt_typed := array(
                select pg_catalog.jsonb_populate_record(null::%1$s, r.value)
                  from pg_catalog.jsonb_array_elements(_rt_rows) with ordinality as r(value, n)
                 order by r.n);
              for _rt_item in select c.value from pg_catalog.jsonb_array_elements(_rt_checks) as c(value) loop
                perform pg_catalog.set_config('role', _rt_item ->> 'role', true);
                perform pg_catalog.set_config('request.jwt.claims', _rt_item ->> 'claims', true);
                perform pg_catalog.set_config('request.jwt.claim.sub', coalesce(_rt_item ->> 'sub', ''), true);
                _rt_wanted := (_rt_item ->> 'rows')::int[];
                -- unnest of a one-element array makes the row a value of the table's own row type
                -- under the table's name, as policies see it. (A slice would flatten the whole
                -- array per row: quadratic in a large batch; an element is read in place.)
                return query
                  select _rt._rt_position, _rt_i, null::text
                    from pg_catalog.unnest(_rt._rt_wanted) as _rt_i
                    cross join lateral pg_catalog.unnest(array[_rt._rt_typed[_rt_i + 1]]) as %2$s
                   where %3$s;
                _rt_position := _rt_position + 1;
              end loop;
            end
            $body$,
            statement ->> 'relation',
            statement ->> 'alias',
            statement ->> 'condition'));
      end if;
      begin
        return query execute pg_catalog.format('select * from pg_temp.%I($1, $2, $3)', function_name)
          using tables -> (statement ->> 'table')::int, statement -> 'checks', base;
      exception when others then
        -- A check failed: again one by one, so only the checks that fail count as failed. Rows the
        -- first run returned come again, and rows of a failed check are ignored: the service reads
        -- the answer as a set.
        position := base;
        for check_item in select c.value from pg_catalog.jsonb_array_elements(statement -> 'checks') as c(value) loop
          begin
            return query execute pg_catalog.format('select * from pg_temp.%I($1, $2, $3)', function_name)
              using tables -> (statement ->> 'table')::int, pg_catalog.jsonb_build_array(check_item), position;
          exception when others then
            check_index := position;
            row_index := null;
            error := sqlerrm;
            return next;
          end;
          position := position + 1;
        end loop;
      end;
    exception when others then
      -- Checks this statement already returned rows for are ignored by the service.
      for position in base .. base + pg_catalog.jsonb_array_length(statement -> 'checks') - 1 loop
        check_index := position;
        row_index := null;
        error := sqlerrm;
        return next;
      end loop;
    end;
    base := base + pg_catalog.jsonb_array_length(statement -> 'checks');
  end loop;
end;
$$;

revoke all on function realtime.stack_visible_rows(jsonb, jsonb) from public, anon, authenticated, service_role;
comment on function realtime.stack_visible_rows(jsonb, jsonb) is
  'Which changed rows each realtime subscriber may select, checked as its role with its JWT claims (RLS).';

-- Realtime Authorization, as on Supabase: a private channel's broadcast and presence are allowed
-- by RLS policies on realtime.messages, which read the channel's topic through realtime.topic().
-- The service checks them when a client joins a private channel (and when the HTTP broadcast API
-- is used): rows are inserted and read back in a transaction that is rolled back.
create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;
comment on table realtime.messages is
  'Realtime Authorization: RLS policies here decide who may receive and send on private channels.';

create or replace function realtime.topic() returns text
language sql stable
set search_path = ''
as $$ select nullif(pg_catalog.current_setting('realtime.topic', true), '')::text $$;
grant execute on function realtime.topic() to anon, authenticated, service_role;
comment on function realtime.topic() is 'The topic of the private channel being authorised, for realtime.messages policies.';
