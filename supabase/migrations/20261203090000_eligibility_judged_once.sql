-- Eligibility for a shift, with less work per worker (issue 28: one shift over 2,000 workers,
-- p95 < 20 ms). The rules, codes, sentences and order stay those of
-- 20261130090000_eligibility_for_a_shift.sql and 20261130190000_eligibility_lighter_per_worker.sql.
--
--   * private.eligibility_for's `judged` step was pulled up into the final select, so every fact it
--     decides (over the hours, the credentials missing, the staff type) was computed again in each of
--     the codes, the sentences and the flags that name it: it now runs as its own subquery (offset 0).
--     The sentences are built only for a worker something refuses; an eligible worker's are empty.
--   * The overlap and time-off helpers matched "= any (p_staff_ids)", which for a whole agency is one
--     index descent per worker whatever the tables hold (about 3 ms each for 2,000 workers). They join
--     the ids instead and are planned for the call (force_custom_plan): the planner sees how many
--     workers are asked about and how many rows could match, and probes one worker's index entries or
--     hashes the agency's workers against the rows. One worker (accept_shift, the double-booking
--     trigger) still takes an index probe; the planning adds about 0.04 ms to such a call.

create or replace function private.eligibility_for(p_shift public.shifts, p_staff_ids uuid[] default null)
returns table (staff_id uuid, reason_codes text[], reasons text[], flags text[])
language plpgsql
stable
set search_path = ''
-- The helpers' row estimates can make the statement look costly enough to JIT-compile, which costs
-- more than the whole answer (about 25 ms of compiling for a few ms of work); and its plans, and the
-- helpers', are kept (a custom plan per call, which the plan cache may prefer here, costs more to
-- make than to run).
set jit = off
set plan_cache_mode = force_generic_plan
set enable_mergejoin = off
as $$
#variable_conflict use_column
declare
  tz constant text := coalesce((select c.time_zone from public.companies c where c.id = p_shift.company_id),
                               'America/Toronto');
  last_day constant date := (p_shift.ends_at at time zone tz)::date;
  shift_hours constant numeric := extract(epoch from (p_shift.ends_at - p_shift.starts_at)) / 3600;
  threshold constant numeric := private.overtime_threshold(p_shift.country, p_shift.province);
  everyone constant boolean := p_staff_ids is null;
  covering text[];
  required text[];
  all_missing text;
  wrong_type_sentence constant text := format('Is not recorded as a %s', p_shift.staff_type);
  wrong_skill_sentence constant text := format('Is not recorded as skilled in %s', lower(p_shift.skill));
  ids uuid[];
begin
  covering := p_shift.staff_type || array(select sc.staff_type from public.staff_type_coverage sc
                                          where sc.company_id = p_shift.company_id
                                            and sc.may_cover = p_shift.staff_type);
  required := array(select r.credential_type from public.staff_type_requirements r
                    where r.company_id = p_shift.company_id and r.staff_type = p_shift.staff_type
                    order by r.credential_type);
  all_missing := array_to_string(required, ', ');
  if everyone then
    ids := array(select e.staff_id from public.employments e where e.company_id = p_shift.company_id);
  else
    ids := array(select distinct u.id from unnest(p_staff_ids) as u (id) where u.id is not null);
  end if;

  -- The facts that read other tables come from the set-based helpers, once for all the workers, and
  -- are joined by staff id; a worker the agency does not employ (only when asked about by id) is
  -- judged on the rules that hold for everyone.
  return query
  with candidates as (
    select e.staff_id, true as employed, e.staff_types, e.skills,
           cardinality(e.staff_types) > 0 or cardinality(e.skills) > 0 or cardinality(e.languages) > 0
             or e.max_weekly_hours is not null as profiled,
           least(e.max_weekly_hours, threshold) as limit_hours
    from public.employments e
    where everyone and e.company_id = p_shift.company_id
    union all
    select a.id, e.staff_id is not null, e.staff_types, e.skills,
           cardinality(e.staff_types) > 0 or cardinality(e.skills) > 0 or cardinality(e.languages) > 0
             or e.max_weekly_hours is not null,
           least(e.max_weekly_hours, threshold)
    from unnest(ids) as a (id)
    left join public.employments e on e.staff_id = a.id and e.company_id = p_shift.company_id
    where not everyone
  ),
  -- The agency's valid credentials of the required types, by worker: for every worker, the agency's
  -- in one read; for workers by id, theirs (joined, not "= any (ids)", which a generic plan may
  -- check row by row against the array).
  credentials as (
    select sc.staff_id, array_agg(sc.credential_type) as valid
    from public.staff_credentials sc
    where everyone and cardinality(required) > 0
      and sc.company_id = p_shift.company_id
      and sc.credential_type = any (required) and sc.verified_at is not null
      and (sc.expires_on is null or sc.expires_on >= last_day)
    group by sc.staff_id
    union all
    select sc.staff_id, array_agg(sc.credential_type)
    from unnest(ids) as a (id)
    join public.staff_credentials sc on sc.company_id = p_shift.company_id and sc.staff_id = a.id
    where not everyone and cardinality(required) > 0
      and sc.credential_type = any (required) and sc.verified_at is not null
      and (sc.expires_on is null or sc.expires_on >= last_day)
    group by sc.staff_id
  ),
  judged as (
    select c.staff_id, c.employed,
           n.staff_id is not null as no_show,
           o.staff_id is not null as overlap,
           t.staff_id is not null as time_off,
           c.employed and cardinality(c.staff_types) > 0 and not c.staff_types && covering as wrong_type,
           c.employed and cardinality(c.skills) > 0 and not p_shift.skill = any (c.skills) as wrong_skill,
           case when c.employed and cardinality(required) > 0 then
             -- One holding none misses them all; the types missing are listed only for one holding some
             -- (rare: the subquery sets up an aggregate, so it runs for them alone).
             case when v.staff_id is null then all_missing
                  when not required <@ v.valid then
                    (select string_agg(r.type, ', ' order by r.type) from unnest(required) as r (type)
                     where not r.type = any (v.valid))
             end
           end as missing,
           coalesce(h.hours, 0) + shift_hours as with_shift,
           c.limit_hours,
           c.employed and c.profiled and c.limit_hours is not null
             and coalesce(h.hours, 0) + shift_hours > c.limit_hours as over
    from candidates c
    left join public.no_shows n on n.shift_id = p_shift.id and n.staff_id = c.staff_id
    left join private.overlapping_shift_holders(ids, p_shift.starts_at, p_shift.ends_at, p_shift.id)
      as o (staff_id) on o.staff_id = c.staff_id
    left join private.time_off_holders(ids, p_shift.starts_at, p_shift.ends_at) as t (staff_id)
      on t.staff_id = c.staff_id
    left join private.weekly_hours_held_by(p_shift, case when not everyone then ids end) h
      on h.staff_id = c.staff_id
    left join credentials v on v.staff_id = c.staff_id
    -- Not pulled up into the select below: each fact is decided once per worker, not once for every
    -- place the codes, sentences and flags name it.
    offset 0
  )
  select j.staff_id,
    array_remove(array[
      case when not j.employed then 'not_employed' end,
      case when j.no_show then 'no_show' end,
      case when j.overlap then 'overlapping_shift' end,
      case when j.time_off then 'time_off' end,
      case when j.wrong_type then 'staff_type' end,
      case when j.wrong_skill then 'skill' end,
      case when j.missing is not null then 'credential' end,
      case when j.over and not p_shift.allow_overtime then 'over_hours' end
    ], null),
    case when j.refused then
      array_remove(array[
        case when not j.employed then 'Does not work for this agency' end,
        case when j.no_show then 'Was a no-show on this shift' end,
        case when j.overlap then 'Already has another shift at this time' end,
        case when j.time_off then 'Has time off at this time' end,
        case when j.wrong_type then wrong_type_sentence end,
        case when j.wrong_skill then wrong_skill_sentence end,
        case when j.missing is not null then 'Has no verified, valid ' || j.missing end,
        case when j.over and not p_shift.allow_overtime then
          format('Would work %s hours that week, over %s', round(j.with_shift, 1)::text, round(j.limit_hours, 1)::text)
        end
      ], null)
    else '{}'::text[] end,
    case when j.over and p_shift.allow_overtime then array['overtime'] else '{}'::text[] end
  from (
    select j.*,
           not j.employed or j.no_show or j.overlap or j.time_off or j.wrong_type or j.wrong_skill
             or j.missing is not null or (j.over and not p_shift.allow_overtime) as refused
    from judged j
  ) j;
end;
$$;


create or replace function private.overlapping_shift_holders(p_staff_ids uuid[], p_from timestamptz, p_to timestamptz,
                                                             p_except uuid default null)
returns setof uuid
language plpgsql
stable
set search_path = ''
set plan_cache_mode = 'force_custom_plan'
as $$
begin
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
