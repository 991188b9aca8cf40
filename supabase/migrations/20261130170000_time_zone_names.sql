-- A time zone is valid when the server knows it (pg_timezone_names). That view reads every zone file
-- the server has on each call: 50 to 90 ms a row, measured with pg_stat_statements while the
-- browser tests ran, paid by every sign-up, every profile save (the form sends the zone even when
-- it is unchanged) and every time-off entry. The names are kept in a table read by its key; a name
-- missing from it (tzdata newer than this migration) is still looked up in pg_timezone_names, so the
-- rule is the same and only its cost changes. An update that keeps the zone is not checked again.

create table private.time_zone_names (
  name text primary key
);

comment on table private.time_zone_names is
  'The time zone names pg_timezone_names listed when the migration ran: the fast path of '
  'private.is_known_time_zone (pg_timezone_names reads the zone files on each call).';

alter table private.time_zone_names enable row level security;
revoke all on table private.time_zone_names from public, anon, authenticated, service_role;

insert into private.time_zone_names (name)
select z.name from pg_catalog.pg_timezone_names z
on conflict do nothing;

create function private.is_known_time_zone(p_name text)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  if exists (select 1 from private.time_zone_names t where t.name = p_name) then
    return true;
  end if;
  return exists (select 1 from pg_catalog.pg_timezone_names z where z.name = p_name);
end;
$$;

comment on function private.is_known_time_zone(text) is
  'True when the server knows the time zone name: the table private.time_zone_names, else '
  'pg_timezone_names (zones of a newer tzdata).';

revoke all on function private.is_known_time_zone(text) from public, anon, authenticated, service_role;

-- Security definer: the private schema is not usable by the API roles that write these rows.
create or replace function private.validate_company_time_zone()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.time_zone is not distinct from old.time_zone then
    return new;
  end if;
  if not private.is_known_time_zone(new.time_zone) then
    raise exception 'Time zone must be a valid IANA time zone such as America/Toronto'
      using errcode = 'check_violation';
  end if;
  return new;
end;
$$;

create or replace function private.validate_time_off_time_zone()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and new.time_zone is not distinct from old.time_zone then
    return new;
  end if;
  if not private.is_known_time_zone(new.time_zone) then
    raise exception 'Unknown time zone: %', new.time_zone using errcode = 'check_violation';
  end if;
  return new;
end;
$$;

revoke all on function private.validate_company_time_zone() from public, anon, authenticated, service_role;
revoke all on function private.validate_time_off_time_zone() from public, anon, authenticated, service_role;
