-- Less planning and less start-up work on the hottest paths (issue 28's soak: the staff app's home
-- list is half of all calls, and every post and acceptance asks eligibility). Same rules, same
-- answers; measured with pgbench on an idle stack (prepared, thousands of transactions each).
--
--   * overtime_threshold and is_offered become PL/pgSQL. Like every project function they pin
--     search_path, which keeps a SQL function from being inlined: Postgres then parses and plans its
--     body again in every statement that calls it. PL/pgSQL keeps the plan for the connection.
--     A worker of two agencies with 6 open shifts, `select count(*) from public.my_shift_board(200)`:
--     1.10 ms per transaction before, 0.96 with overtime_threshold alone, 0.86 with both.
--   * my_open_shifts asks eligibility only when there is a shift to ask about, and the board reads
--     the open shifts through the view only when there are some: a worker with none no longer pays
--     for starting those plans.
--   * The overlap and time-off helpers keep a generic plan for a few workers (below).

create or replace function private.overtime_threshold(p_country text, p_region text)
returns numeric
language plpgsql
stable
set search_path = ''
as $$
begin
  return (
    select t.weekly_hours
    from public.overtime_thresholds t
    where lower(t.country) = lower(btrim(p_country))
      and (t.region_code = '*' or upper(t.region_code) = upper(btrim(p_region))
           or lower(t.region_name) = lower(btrim(p_region)))
    order by (t.region_code = '*')
    limit 1);
end;
$$;

create or replace function private.is_offered(p_shift public.shifts, p_staff_id uuid)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  return p_shift.dispatch_mode = 'everyone'
         or p_shift.next_wave is null
         or exists (select 1 from public.shift_wave_recipients r
                    where r.shift_id = p_shift.id and r.staff_id = p_staff_id);
end;
$$;

-- The home list asks eligibility only when the worker has a shift to ask about. Otherwise the same
-- statement as before.
create or replace function public.my_open_shifts(p_limit integer default 200)
returns setof public.shifts
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  asked uuid[];
begin
  asked := array(select o.id
                 from public.employments e
                 join public.shifts o on o.company_id = e.company_id
                 where e.staff_id = (select auth.uid())
                   and o.accepted_at is null
                   and o.ends_at > now()
                   and private.is_offered(o, e.staff_id));
  if cardinality(asked) = 0 then
    return;
  end if;
  return query
  select s.*
  from public.shifts s
  where s.id = any (array(
    select v.shift_id
    from private.eligibility_codes_by_shift((select auth.uid()), asked) v
    where cardinality(v.reason_codes) = 0))
  order by s.starts_at, s.id
  limit least(greatest(coalesce(p_limit, 200), 1), 500);
end;
$$;

-- Likewise the board reads the open shifts through the view only when there are some.
create or replace function public.my_shift_board(p_limit integer default 200)
returns setof public.shifts_with_status
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  max_rows constant integer := least(greatest(coalesce(p_limit, 200), 1), 500);
  open_ids uuid[];
begin
  -- The open shifts the caller may take, soonest first.
  open_ids := array(select o.id from public.my_open_shifts(max_rows) o);
  if cardinality(open_ids) > 0 then
    return query
    select v.*
    from public.shifts_with_status v
    where v.id = any (open_ids)
    order by v.starts_at, v.id;
  end if;
  -- Then the caller's own shifts, newest first.
  return query
  select v.*
  from public.shifts_with_status v
  where v.accepted_by = (select auth.uid())
  order by v.starts_at desc, v.id
  limit max_rows;
end;
$$;

-- The overlap and time-off helpers were planned at every call (force_custom_plan) so that a whole
-- agency's workers could be hashed against the rows. For one worker (every acceptance) or a small
-- agency (most posts) that planning cost more than the reads: about 0.1 ms each, twice per post and
-- per acceptance. They now keep a generic plan up to private.few_workers() workers and plan for the
-- call above it. A post by an agency of 6 workers (the insert alone, rolled back): 1.90 ms → 1.67.
-- One shift over 2,000 workers (`npm run bench -- --only eligibility`) stays at p95 10–16 ms.
create or replace function private.few_workers()
returns integer
language sql
immutable
set search_path = ''
as $$
  select 50;
$$;

comment on function private.few_workers() is
  'Up to how many workers the set-based eligibility helpers use their kept generic plan (an index '
  'probe per worker) rather than planning for the call (50). The only copy.';

revoke all on function private.few_workers() from public, anon, authenticated, service_role;

create or replace function private.overlapping_shift_holders(p_staff_ids uuid[], p_from timestamptz, p_to timestamptz,
                                                             p_except uuid default null)
returns setof uuid
language plpgsql
stable
set search_path = ''
set plan_cache_mode = 'force_custom_plan'
as $$
begin
  -- A few workers (an acceptance, a small agency's post): the kept generic plan, one index probe
  -- each, instead of planning the statement again at every call. Many (a large agency's post): a
  -- plan for this call, which can hash them against the rows. Set here, the mode lasts until the
  -- function returns (its own SET clause scopes it).
  if cardinality(p_staff_ids) <= private.few_workers() then
    perform set_config('plan_cache_mode', 'force_generic_plan', true);
  end if;
  return query
  select distinct s.accepted_by
  from unnest(p_staff_ids) as u (id)
  join public.shifts s on s.accepted_by = u.id
  where s.clocked_out_at is null
    and s.starts_at < p_to and s.ends_at > p_from
    and s.id is distinct from p_except;
end;
$$;

create or replace function private.time_off_holders(p_staff_ids uuid[], p_from timestamptz, p_to timestamptz)
returns setof uuid
language plpgsql
stable
set search_path = ''
set plan_cache_mode = 'force_custom_plan'
as $$
begin
  -- The plan mode as in private.overlapping_shift_holders.
  if cardinality(p_staff_ids) <= private.few_workers() then
    perform set_config('plan_cache_mode', 'force_generic_plan', true);
  end if;
  return query
  select distinct t.staff_id
  from unnest(p_staff_ids) as u (id)
  join public.staff_time_off t on t.staff_id = u.id
  cross join lateral (
    select (t.starts_at at time zone t.time_zone) as local_start,
           (t.ends_at at time zone t.time_zone) as local_end,
           (p_from at time zone t.time_zone) as local_from
  ) l
  cross join lateral (
    select greatest(0, floor(extract(epoch from (l.local_from - l.local_end)) / 604800)::integer + 1) as k
  ) w
  cross join lateral (
    select ((l.local_start + w.k * interval '7 days') at time zone t.time_zone) as repeat_start,
           ((l.local_end + w.k * interval '7 days') at time zone t.time_zone) as repeat_end
  ) r
  where t.starts_at < p_to
    and (t.repeat_until is null or t.starts_at < t.repeat_until)
    and case
          when not t.repeats_weekly then t.ends_at > p_from
          else r.repeat_start < p_to and r.repeat_end > p_from
               and (t.repeat_until is null or r.repeat_start < t.repeat_until)
        end;
end;
$$;
