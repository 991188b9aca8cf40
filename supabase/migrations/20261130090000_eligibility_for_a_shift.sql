-- Eligibility for many workers in one pass (issue 28's target: one shift over 2,000 workers, p95 < 20 ms).
--
-- private.eligibility_for(shift, workers) becomes the one definition of who may take a shift: the
-- same rules, codes, sentences and order as private.eligibility_reasons had, decided for every
-- worker asked about (by default every worker of the shift's agency) with a handful of set-based
-- reads instead of one PL/pgSQL call, and its half-dozen queries, per worker. What asked per worker
-- over many workers now asks once per shift: the waves (private.send_waves), Re-post
-- (private.redispatch_shift), the assistant's who_can_cover, and the agency's new
-- public.shift_eligibility. The per-worker functions that accept_shift, public.eligibility and the
-- staff app's open-shift list call (private.eligibility_reasons, private.eligibility_flags) are
-- restated on top of it, so a rule is written once.
--
-- The facts that read other tables are set-based helpers taking an array of workers, each with its
-- one-worker form restated on top of it (private.holds_overlapping_shift, private.time_off_overlaps,
-- private.weekly_hours_held keep their signatures and callers):
--   private.overlapping_shift_holders   who holds a shift (any agency, not clocked out) meeting a period
--   private.time_off_holders            whose time off (one-off or weekly) meets a period
--   private.weekly_hours_held_by        hours held at the shift's agency in the shift's week
-- A new index (shifts_held_company_id_ends_at_idx) reads an agency's held shifts of a week in one
-- range. The double-booking trigger becomes security definer, as it now reaches a helper through
-- another (below).

-- Set-based facts -----------------------------------------------------------------------------------
-- PL/pgSQL, so each keeps its plan across calls (a SQL function that is not inlined is planned at
-- every call, which cost as much as the reads).

create function private.overlapping_shift_holders(p_staff_ids uuid[], p_from timestamptz, p_to timestamptz,
                                                  p_except uuid default null)
returns setof uuid
language plpgsql
stable
set search_path = ''
as $$
begin
  return query
  select distinct s.accepted_by
  from public.shifts s
  where s.accepted_by = any (p_staff_ids)
    and s.clocked_out_at is null
    and s.starts_at < p_to and s.ends_at > p_from
    and s.id is distinct from p_except;
end;
$$;

comment on function private.overlapping_shift_holders(uuid[], timestamptz, timestamptz, uuid) is
  'Which of the workers hold a shift (any agency: a worker''s time is one; not clocked out) overlapping '
  '[p_from, p_to), other than p_except. The overlap rule, for many workers at once.';

create or replace function private.holds_overlapping_shift(p_staff_id uuid, p_from timestamptz, p_to timestamptz,
                                                           p_except uuid default null)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from private.overlapping_shift_holders(array[p_staff_id], p_from, p_to, p_except));
$$;

comment on function private.holds_overlapping_shift(uuid, timestamptz, timestamptz, uuid) is
  'Whether the worker holds a shift (any agency, not clocked out) overlapping [p_from, p_to) '
  '(private.overlapping_shift_holders for one worker).';

-- The double-booking trigger fires for whoever writes a shift (the service role, an agency changing a
-- held shift's times), and those roles may not use the private schema: it reads the worker's
-- shifts at every agency as the owner, as the other private trigger functions that must do so.
alter function private.refuse_double_booking() security definer;

comment on function private.refuse_double_booking() is
  'Refuses a shift holding (accept, or a changed time of a held shift) that overlaps another shift the '
  'same worker holds at any agency. Security definer because it fires for any writer and reads the '
  'worker''s shifts at every agency through private.holds_overlapping_shift, which API roles cannot use.';

-- Time off in the zone it was marked in; a weekly repeat is the first one ending after p_from, so a
-- repeat crossing a clock change keeps its wall-clock hours (as 20261126090000_worker_time_rules.sql).
create function private.time_off_holders(p_staff_ids uuid[], p_from timestamptz, p_to timestamptz)
returns setof uuid
language plpgsql
stable
set search_path = ''
as $$
begin
  return query
  select distinct t.staff_id
  from public.staff_time_off t
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
  where t.staff_id = any (p_staff_ids)
    and t.starts_at < p_to
    and (t.repeat_until is null or t.starts_at < t.repeat_until)
    and case
          when not t.repeats_weekly then t.ends_at > p_from
          else r.repeat_start < p_to and r.repeat_end > p_from
               and (t.repeat_until is null or r.repeat_start < t.repeat_until)
        end;
end;
$$;

comment on function private.time_off_holders(uuid[], timestamptz, timestamptz) is
  'Which of the workers have time off (one-off or weekly) meeting [p_from, p_to). The time-off rule, '
  'for many workers at once.';

create or replace function private.time_off_overlaps(p_staff_id uuid, p_from timestamptz, p_to timestamptz)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from private.time_off_holders(array[p_staff_id], p_from, p_to));
$$;

comment on function private.time_off_overlaps(uuid, timestamptz, timestamptz) is
  'Whether a worker''s time off (one-off or weekly) meets the period [p_from, p_to) '
  '(private.time_off_holders for one worker).';

create function private.weekly_hours_held_by(p_shift public.shifts, p_staff_ids uuid[] default null)
returns table (staff_id uuid, hours numeric)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  tz constant text := coalesce((select c.time_zone from public.companies c where c.id = p_shift.company_id),
                               'America/Toronto');
  week_from constant timestamptz := date_trunc('week', p_shift.starts_at at time zone tz) at time zone tz;
  week_to constant timestamptz := (date_trunc('week', p_shift.starts_at at time zone tz) + interval '7 days')
                                  at time zone tz;
begin
  -- Every worker of the agency: one range of the agency's held shifts ending after the week starts
  -- (shifts_held_company_id_ends_at_idx). Workers by id: their own shifts, one index probe each (a
  -- join, not "= any (p_staff_ids)", which a generic plan may check row by row against the array).
  if p_staff_ids is null then
    return query
    select s.accepted_by,
           sum(extract(epoch from (least(s.ends_at, week_to) - greatest(s.starts_at, week_from))) / 3600)
    from public.shifts s
    where s.company_id = p_shift.company_id and s.accepted_by is not null
      and s.ends_at > week_from and s.starts_at < week_to
      and s.id <> p_shift.id
    group by s.accepted_by;
  else
    return query
    select s.accepted_by,
           sum(extract(epoch from (least(s.ends_at, week_to) - greatest(s.starts_at, week_from))) / 3600)
    from unnest(p_staff_ids) as u (id)
    join public.shifts s on s.accepted_by = u.id
    where s.company_id = p_shift.company_id
      and s.ends_at > week_from and s.starts_at < week_to
      and s.id <> p_shift.id
    group by s.accepted_by;
  end if;
end;
$$;

comment on function private.weekly_hours_held_by(public.shifts, uuid[]) is
  'Scheduled hours each of the workers (default: every worker of the shift''s agency) holds at the '
  'shift''s agency in the shift''s week (Monday to Sunday, the agency''s zone), other than the shift '
  'itself; a worker holding none there has no row.';

create or replace function private.weekly_hours_held(p_shift public.shifts, p_staff_id uuid)
returns numeric
language sql
stable
set search_path = ''
as $$
  select coalesce((select h.hours from private.weekly_hours_held_by(p_shift, array[p_staff_id]) h), 0);
$$;

comment on function private.weekly_hours_held(public.shifts, uuid) is
  'Scheduled hours a worker holds at the shift''s agency in the shift''s week (Monday to Sunday, the '
  'agency''s zone), other than the shift itself (private.weekly_hours_held_by for one worker).';

-- The agency's held shifts by when they end: the week's hours of all its workers read the shifts
-- ending after the week starts, in one range, without a visit to the table.
create index shifts_held_company_id_ends_at_idx on public.shifts (company_id, ends_at)
  include (starts_at, accepted_by, id)
  where accepted_by is not null;

revoke all on function private.overlapping_shift_holders(uuid[], timestamptz, timestamptz, uuid)
  from public, anon, authenticated, service_role;
revoke all on function private.time_off_holders(uuid[], timestamptz, timestamptz)
  from public, anon, authenticated, service_role;
revoke all on function private.weekly_hours_held_by(public.shifts, uuid[])
  from public, anon, authenticated, service_role;

-- The rules ------------------------------------------------------------------------------------------

-- Reasons, most basic first: not_employed, no_show, overlapping_shift, time_off, then for an employed
-- worker: staff_type (with the agency's coverage) and skill where recorded, credential (every type
-- the shift's staff type requires, verified and valid until the shift's last day in the agency's
-- calendar), over_hours where the worker has a profile (the week's hours with this shift above the
-- worker's maximum or the jurisdiction's threshold, unless the shift allows overtime, which flags
-- 'overtime' instead). PL/pgSQL, so the shift's constants are computed once and the statement's plan
-- is kept across calls (a SQL function is planned at every call).
create function private.eligibility_for(p_shift public.shifts, p_staff_ids uuid[] default null)
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
  -- The required types missing for a worker holding some of them; one holding none misses them all.
  -- As a join, not a subquery per worker (each would set up an aggregate: most of the cost).
  partly as (
    select v.staff_id, string_agg(r.type, ', ' order by r.type) as missing
    from credentials v
    cross join unnest(required) as r (type)
    where not r.type = any (v.valid)
    group by v.staff_id
  ),
  judged as (
    select c.staff_id, c.employed,
           n.staff_id is not null as no_show,
           o.staff_id is not null as overlap,
           t.staff_id is not null as time_off,
           c.employed and cardinality(c.staff_types) > 0 and not c.staff_types && covering as wrong_type,
           c.employed and cardinality(c.skills) > 0 and not p_shift.skill = any (c.skills) as wrong_skill,
           case when c.employed and cardinality(required) > 0 then
             case when v.staff_id is null then all_missing else pm.missing end
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
    left join partly pm on pm.staff_id = c.staff_id
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
    array_remove(array[
      case when not j.employed then 'Does not work for this agency' end,
      case when j.no_show then 'Was a no-show on this shift' end,
      case when j.overlap then 'Already has another shift at this time' end,
      case when j.time_off then 'Has time off at this time' end,
      case when j.wrong_type then format('Is not recorded as a %s', p_shift.staff_type) end,
      case when j.wrong_skill then format('Is not recorded as skilled in %s', lower(p_shift.skill)) end,
      case when j.missing is not null then format('Has no verified, valid %s', j.missing) end,
      case when j.over and not p_shift.allow_overtime then
        format('Would work %s hours that week, over %s', round(j.with_shift, 1)::text, round(j.limit_hours, 1)::text)
      end
    ], null),
    case when j.over and p_shift.allow_overtime then array['overtime'] else '{}'::text[] end
  from judged j;
end;
$$;

comment on function private.eligibility_for(public.shifts, uuid[]) is
  'The one definition of who may take a shift: for each worker asked about (default: every worker of '
  'the shift''s agency), every reason they may not, as codes and sentences, most basic first '
  '(not_employed, no_show, overlapping_shift, time_off, staff_type, skill, credential, over_hours), '
  'and flags that do not refuse (overtime where the shift allows it). Set-based: one pass for any '
  'number of workers.';

revoke all on function private.eligibility_for(public.shifts, uuid[]) from public, anon, authenticated, service_role;

-- PL/pgSQL, as the staff app's open-shift list asks it once per shift: the plan is kept.
create or replace function private.eligibility_reasons(p_shift public.shifts, p_staff_id uuid)
returns table (code text, reason text)
language plpgsql
stable
set search_path = ''
as $$
begin
  return query
  select u.code, u.reason
  from private.eligibility_for(p_shift, array[p_staff_id]) e
  cross join lateral unnest(e.reason_codes, e.reasons) with ordinality as u (code, reason, n)
  order by u.n;
end;
$$;

comment on function private.eligibility_reasons(public.shifts, uuid) is
  'Every reason a worker may not take a shift, as (code, sentence), most basic first: '
  'private.eligibility_for for one worker, as accept_shift and the staff app''s open shifts ask it.';

create or replace function private.eligibility_flags(p_shift public.shifts, p_staff_id uuid)
returns text[]
language sql
stable
set search_path = ''
as $$
  select coalesce((select e.flags from private.eligibility_for(p_shift, array[p_staff_id]) e), '{}');
$$;

comment on function private.eligibility_flags(public.shifts, uuid) is
  'What a scheduler should know that does not refuse the worker: ''overtime'' when the shift allows '
  'it (private.eligibility_for for one worker).';

-- One call instead of two (reasons, then flags).
create or replace function public.eligibility(p_shift_id uuid, p_staff_id uuid default null)
returns table (eligible boolean, reason_codes text[], reasons text[], flags text[])
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  me constant uuid := (select auth.uid());
  worker uuid := coalesce(p_staff_id, me);
  shift public.shifts%rowtype;
begin
  select * into shift from public.shifts s where s.id = p_shift_id;
  -- The shift's agency asks about anyone; a worker asks about themself and a shift they can see.
  if not found
     or not (shift.company_id = me
             or (worker = me and exists (select 1 from public.employments e
                                         where e.staff_id = me and e.company_id = shift.company_id))) then
    raise exception 'Shift not found' using errcode = 'no_data_found';
  end if;
  if not exists (select 1 from public.staff s where s.id = worker) then
    raise exception 'Staff member not found' using errcode = 'no_data_found';
  end if;

  return query
    select cardinality(e.reason_codes) = 0, e.reason_codes, e.reasons, e.flags
    from private.eligibility_for(shift, array[worker]) e;
end;
$$;

-- The agency's view of one shift ---------------------------------------------------------------------

create function public.shift_eligibility(p_shift_id uuid)
returns table (staff_id uuid, eligible boolean, reason_codes text[], reasons text[], flags text[])
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  me constant uuid := (select auth.uid());
  shift public.shifts%rowtype;
begin
  select * into shift from public.shifts s where s.id = p_shift_id;
  -- Only the shift's agency: a worker or another agency is told what a missing shift would tell them.
  if not found or me is null or shift.company_id <> me then
    raise exception 'Shift not found' using errcode = 'no_data_found';
  end if;

  return query
    select e.staff_id, cardinality(e.reason_codes) = 0, e.reason_codes, e.reasons, e.flags
    from private.eligibility_for(shift) e;
end;
$$;

comment on function public.shift_eligibility(uuid) is
  'Whether each worker the calling agency employs may take one of its shifts, with every reason that '
  'applies (codes and sentences, in the order accept_shift reports them) and flags that do not refuse '
  '(overtime allowed by the shift), one row per worker, in no particular order. Only the shift''s agency may ask '
  '("Shift not found" for anyone else). Security definer because the rules live in the private schema '
  'and the overlap rule reads each worker''s shifts at every agency; of another agency it says at most '
  '"Already has another shift at this time", naming neither the agency nor its shift.';

revoke all on function public.shift_eligibility(uuid) from public, anon, authenticated, service_role;
grant execute on function public.shift_eligibility(uuid) to authenticated;

-- Callers that asked per worker over many workers -----------------------------------------------------

-- Re-post: the reopened shift's eligible workers, asked once.
create or replace function private.redispatch_shift(p_shift_id uuid, p_at timestamptz)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  shift public.shifts%rowtype;
  told integer;
begin
  select * into shift from public.shifts s where s.id = p_shift_id;
  with eligible as (
    select el.staff_id
    from private.eligibility_for(shift) el
    where el.reason_codes = '{}'
  ),
  notified as (
    insert into public.notifications (staff_id, company_id, shift_id, message, created_at)
    select el.staff_id, shift.company_id, shift.id,
           'A shift that has started needs cover now. View in home page', p_at
    from eligible el
    returning staff_id
  ),
  flagged as (
    update public.staff st set has_unread_notifications = true
    where st.id in (select n.staff_id from notified n) and not st.has_unread_notifications
  )
  select count(*)::integer into told from notified;
  return told;
end;
$$;

comment on function private.redispatch_shift(uuid, timestamptz) is
  'Offers a re-posted shift again: one in-app notification per employed worker who may take it now '
  '(private.eligibility_for, so not the no-show); answers how many. The one place Re-post '
  'dispatches through.';

-- The waves: as in 20261129110000_dispatch_waves.sql, with the candidates asked once per shift.
create or replace function private.send_waves(p_shift_ids uuid[], p_waves smallint[], p_now timestamptz, p_push boolean)
returns integer
language sql
set search_path = ''
as $$
  with due as (
    select s as shift, s.id, s.company_id, s.dispatch_mode as mode, d.wave
    from unnest(p_shift_ids, p_waves) as d (shift_id, wave)
    join public.shifts s on s.id = d.shift_id
    where s.accepted_at is null
  ),
  -- Employed workers not yet notified of the shift who may take it: eligibility asked once per
  -- shift, for all of them (private.eligibility_for), not once per worker.
  candidates as materialized (
    select d.id as shift_id, d.company_id, d.wave, d.mode, d.shift, el.staff_id,
           'overtime' = any (el.flags) as overtime
    from due d
    cross join lateral private.eligibility_for(
      d.shift,
      array(select e.staff_id from public.employments e
            where e.company_id = d.company_id
              and not exists (select 1 from public.shift_wave_recipients r
                              where r.shift_id = d.id and r.staff_id = e.staff_id))) el
    where el.reason_codes = '{}'
  ),
  ranked as (
    select c.shift_id, c.company_id, c.wave, c.staff_id, c.overtime, f.worked_here_before, f.distance_m,
           f.reliability, private.dispatch_score(f.worked_here_before, f.distance_m, f.reliability) as score,
           row_number() over (
             partition by c.shift_id
             order by private.dispatch_score(f.worked_here_before, f.distance_m, f.reliability) desc, c.staff_id
           )::integer as rank
    from candidates c
    cross join lateral private.match_facts(c.shift, c.staff_id) f
    where c.mode = 'best_matches' and c.wave = 1 and not c.overtime
  ),
  chosen as (
    select c.shift_id, c.company_id, c.wave, c.staff_id, null::integer as rank, null::boolean as worked_here_before,
           null::integer as distance_m, null::numeric as reliability, null::numeric as score, c.overtime,
           case when c.overtime then 'Eligible; would go into overtime, which this shift allows' else 'Eligible' end
             as reason
    from candidates c
    where c.mode = 'everyone' and c.wave = 1
    union all
    select r.shift_id, r.company_id, r.wave, r.staff_id, r.rank, r.worked_here_before, r.distance_m, r.reliability,
           r.score, false, private.match_reason(r.worked_here_before, r.distance_m, r.reliability)
    from ranked r
    where r.rank <= private.first_wave_size()
    union all
    select c.shift_id, c.company_id, c.wave, c.staff_id, null, null, null, null, null, false,
           'Eligible; not among the best matches'
    from candidates c
    where c.mode = 'best_matches' and c.wave = 2 and not c.overtime
    union all
    select c.shift_id, c.company_id, c.wave, c.staff_id, null, null, null, null, null, true,
           'Would go into overtime, which this shift allows; the shift starts within 4 hours'
    from candidates c
    where c.mode = 'best_matches' and c.wave = 3 and c.overtime
  ),
  counted as (
    select d.id, d.company_id, d.wave, d.mode, coalesce(n.notified, 0) as notified
    from due d
    left join (select c.shift_id, count(*)::integer as notified from chosen c group by c.shift_id) n on n.shift_id = d.id
  ),
  -- Later waves are pushed from here; the first is pushed by the dashboard's call after the insert.
  -- Vault is read once for all of them (private.call_edge_function's contract, inlined for a batch).
  endpoint as materialized (
    select (select v.decrypted_secret from vault.decrypted_secrets v where v.name = 'project_url') as base_url,
           (select v.decrypted_secret from vault.decrypted_secrets v where v.name = 'service_role_key') as service_key
    where p_push
  ),
  pushed as materialized (
    select k.*,
           case when k.notified > 0 and e.base_url is not null and e.service_key is not null
                then net.http_post(
                       url := rtrim(e.base_url, '/') || '/functions/v1/sendnotification',
                       body := jsonb_build_object('shiftID', k.id, 'wave', k.wave),
                       headers := jsonb_build_object('Content-Type', 'application/json',
                                                     'Authorization', 'Bearer ' || e.service_key),
                       timeout_milliseconds := 30000) end as request_id
    from counted k
    left join endpoint e on true
  ),
  waves as (
    insert into public.shift_waves (shift_id, company_id, wave, mode, sent_at, notified, push_request_id)
    select p.id, p.company_id, p.wave, p.mode, p_now, p.notified, p.request_id from pushed p
    returning notified
  ),
  recipients as (
    insert into public.shift_wave_recipients (shift_id, staff_id, company_id, wave, rank, worked_here_before,
                                              distance_m, reliability, score, overtime, reason)
    select c.shift_id, c.staff_id, c.company_id, c.wave, c.rank, c.worked_here_before, c.distance_m, c.reliability,
           c.score, c.overtime, c.reason
    from chosen c
    returning 1
  ),
  notes as (
    insert into public.notifications (staff_id, company_id, shift_id, message, created_at)
    select c.staff_id, c.company_id, c.shift_id,
           case when c.wave = 1 then 'Your employer just posted a new shift. View in home page'
                else 'Your employer still needs someone for a shift. View in home page' end,
           p_now
    from chosen c
    returning 1
  ),
  unread as (
    update public.staff s set has_unread_notifications = true
    where s.id in (select c.staff_id from chosen c) and not s.has_unread_notifications
    returning 1
  ),
  -- Wave 1 is in the posted event; a later wave is an event of its own.
  logged as (
    insert into public.shift_events (shift_id, company_id, event, occurred_at, details)
    select p.id, p.company_id, 'notified', p_now, jsonb_build_object('wave', p.wave, 'notified', p.notified, 'mode', p.mode)
    from pushed p
    where p.wave > 1
    returning 1
  )
  select coalesce(sum(w.notified), 0)::integer from waves w;
$$;

comment on function private.send_waves(uuid[], smallint[], timestamptz, boolean) is
  'Sends wave p_waves[i] of shift p_shift_ids[i], for many shifts in one set-based statement: picks the '
  'employed, eligible workers not yet notified (everyone: all of them; best matches wave 1: the '
  'first_wave_size best by dispatch_score; wave 2: the rest but those it would put into overtime; wave 3: '
  'those), records the wave and each recipient with why they were chosen, writes their notifications and '
  'unread flags, logs later waves in shift_events and, when p_push, queues sendnotification for each wave '
  'that notified someone (as private.call_edge_function does, Vault read once; no push without the Vault '
  'secrets). Returns how many workers were notified.';


-- The assistant's who_can_cover: as in 20261128090000_assistant_who_can_cover.sql, with eligibility
-- asked once for the agency's workers. private.cover_reasons now rewrites reasons it is given (the
-- worker's row of private.eligibility_for) instead of asking for them.
create or replace function private.cover_rank(p_shift public.shifts, p_staff_ids uuid[], p_now timestamptz)
returns table (staff_id uuid, rank integer, worked_here boolean, distance_m integer, week_hours numeric)
language sql
stable
set search_path = ''
as $$
  with candidates as (
    select distinct u.id as staff_id from unnest(p_staff_ids) as u (id)
  ),
  facts as (
    select c.staff_id,
           exists (
             select 1 from public.shifts s
             where s.company_id = p_shift.company_id and s.accepted_by = c.staff_id and s.id <> p_shift.id
               and s.clocked_in_at is not null and s.starts_at < p_now
               and private.same_address(s, p_shift)
           ) as worked_here,
           (select private.great_circle_m(p_shift.latitude, p_shift.longitude, s.latitude, s.longitude)
            from public.shifts s
            where s.company_id = p_shift.company_id and s.accepted_by = c.staff_id and s.id <> p_shift.id
              and s.clocked_in_at is not null and s.starts_at < p_now and s.latitude is not null
            order by s.starts_at desc, s.id
            limit 1) as distance_m,
           round(coalesce(h.hours, 0), 2) as week_hours
    from candidates c
    left join private.weekly_hours_held_by(p_shift, p_staff_ids) h on h.staff_id = c.staff_id
  )
  select f.staff_id,
         (row_number() over (order by f.worked_here desc, f.distance_m asc nulls last, f.week_hours asc,
                                      lower(st.last_name), lower(st.first_name), f.staff_id))::integer,
         f.worked_here, f.distance_m, f.week_hours
  from facts f
  join public.staff st on st.id = f.staff_id;
$$;

comment on function private.cover_rank(public.shifts, uuid[], timestamptz) is
  'The cover ranking of the given workers for a shift, 1 = call first: worked at this address before, '
  'then nearest to where they last worked for the agency, then fewest hours held that week, then name. '
  'With the facts it ranks by. The one definition of the ordering (the assistant''s who_can_cover).';

drop function private.cover_reasons(public.shifts, uuid, timestamptz);

create function private.cover_reasons(p_shift public.shifts, p_staff_id uuid, p_now timestamptz,
                                       p_codes text[], p_reasons text[])
returns table (code text, reason text)
language plpgsql
stable
set search_path = ''
as $$
declare
  tz constant text := coalesce((select c.time_zone from public.companies c where c.id = p_shift.company_id),
                               'America/Toronto');
  shift_year constant double precision := extract(year from p_shift.starts_at at time zone tz);
  last_day constant date := (p_shift.ends_at at time zone tz)::date;
  today constant date := (p_now at time zone tz)::date;
  item record;
  detail record;
  said boolean;
begin
  for item in select u.code, u.reason from unnest(p_codes, p_reasons) with ordinality as u (code, reason, n)
              order by u.n loop
    said := false;
    if item.code = 'credential' then
      for detail in
        select req.credential_type, best.expires_on, best.verified_at
        from public.staff_type_requirements req
        left join lateral (
          select c.expires_on, c.verified_at
          from public.staff_credentials c
          where c.company_id = p_shift.company_id and c.staff_id = p_staff_id
            and c.credential_type = req.credential_type
          order by (c.verified_at is not null) desc, c.expires_on desc nulls first, c.created_at desc
          limit 1
        ) best on true
        where req.company_id = p_shift.company_id and req.staff_type = p_shift.staff_type
          and not exists (
            select 1 from public.staff_credentials c
            where c.company_id = p_shift.company_id and c.staff_id = p_staff_id
              and c.credential_type = req.credential_type and c.verified_at is not null
              and (c.expires_on is null or c.expires_on >= last_day)
          )
        order by req.credential_type
      loop
        said := true;
        return query select 'credential'::text,
          case
            when detail.expires_on is null and detail.verified_at is null and not exists (
                   select 1 from public.staff_credentials c
                   where c.company_id = p_shift.company_id and c.staff_id = p_staff_id
                     and c.credential_type = detail.credential_type)
              then format('Has no %s on record', detail.credential_type)
            when detail.expires_on is not null and detail.expires_on < today
              then format('%s expired %s', detail.credential_type, private.cover_date(detail.expires_on, shift_year))
            when detail.expires_on is not null and detail.expires_on < last_day
              then format('%s expires %s, before this shift', detail.credential_type,
                          private.cover_date(detail.expires_on, shift_year))
            else format('%s is not verified', detail.credential_type)
          end;
      end loop;
    elsif item.code = 'staff_type' then
      -- Eligibility writes "a" before every type; "an RPN" reads right.
      said := true;
      return query select 'staff_type'::text,
        format('Is not recorded as %s %s', private.indefinite_article(p_shift.staff_type), p_shift.staff_type);
    elsif item.code = 'time_off' then
      for detail in
        select t.starts_at, t.ends_at
        from public.staff_time_off t
        where t.staff_id = p_staff_id and not t.repeats_weekly
          and t.starts_at < p_shift.ends_at and t.ends_at > p_shift.starts_at
        order by t.starts_at, t.id
        limit 1
      loop
        said := true;
        return query select 'time_off'::text,
          case
            when (detail.starts_at at time zone tz)::date = ((detail.ends_at - interval '1 second') at time zone tz)::date
              then format('Has time off on %s', private.cover_date((detail.starts_at at time zone tz)::date, shift_year))
            else format('Has time off %s to %s',
                        private.cover_date((detail.starts_at at time zone tz)::date, shift_year),
                        private.cover_date(((detail.ends_at - interval '1 second') at time zone tz)::date, shift_year))
          end;
      end loop;
    end if;
    if not said then
      return query select item.code, item.reason;
    end if;
  end loop;
end;
$$;

comment on function private.cover_reasons(public.shifts, uuid, timestamptz, text[], text[]) is
  'A worker''s reasons from private.eligibility_for (p_codes, p_reasons) with dates where a sentence can '
  'carry them (in the agency''s zone): one sentence per missing credential (expired, expiring before the '
  'shift, not verified, none on record) and the dates of a one-off time off; every other reason as '
  'eligibility words it.';

revoke all on function private.cover_reasons(public.shifts, uuid, timestamptz, text[], text[])
  from public, anon, authenticated, service_role;

create or replace function public.assistant_who_can_cover(p_shift_id uuid, p_now timestamptz, p_staff_id uuid default null,
                                               p_limit integer default 10)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
declare
  me constant uuid := (select auth.uid());
  shift public.shifts%rowtype;
  result jsonb;
begin
  if me is null or not exists (select 1 from public.companies c where c.id = me) then
    raise exception 'Only company accounts can use the assistant' using errcode = 'insufficient_privilege';
  end if;
  if p_now is null then
    raise exception 'The current time is required';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 50 then
    raise exception 'The number of staff to list must be from 1 to 50';
  end if;
  select * into shift from public.shifts s where s.id = p_shift_id and s.company_id = me;
  if not found then
    raise exception 'Shift not found' using errcode = 'no_data_found';
  end if;
  if p_staff_id is not null
     and not exists (select 1 from public.employments e where e.company_id = me and e.staff_id = p_staff_id) then
    raise exception 'No staff member with this id works for you' using errcode = 'no_data_found';
  end if;

  -- One statement: each employed worker judged once (their reasons), then ranked and summed up.
  -- Eligibility asked once for all of them (private.eligibility_for); only the reasons that can carry
  -- dates are rewritten, per worker who has one.
  with verdicts as materialized (
    select el.staff_id, el.reason_codes, el.reasons, el.flags
    from private.eligibility_for(shift, array(select e.staff_id from public.employments e
                                              where e.company_id = me
                                                and e.staff_id is distinct from shift.accepted_by)) el
  ),
  judged as materialized (
    select v.staff_id,
           coalesce(nullif(btrim(st.first_name || ' ' || st.last_name), ''), 'Staff member') as name,
           coalesce(r.codes, v.reason_codes) as codes, coalesce(r.reasons, v.reasons) as reasons, v.flags
    from verdicts v
    join public.staff st on st.id = v.staff_id
    left join lateral (
      select array_agg(x.code order by x.n) as codes, array_agg(x.reason order by x.n) as reasons
      from private.cover_reasons(shift, v.staff_id, p_now, v.reason_codes, v.reasons)
             with ordinality as x (code, reason, n)
      where v.reason_codes && array['credential', 'staff_type', 'time_off']
    ) r on true
  ),
  eligible as (
    select j.staff_id, j.name, r.rank, r.worked_here, r.distance_m, r.week_hours, j.flags
    from judged j
    join private.cover_rank(shift, (select array_agg(x.staff_id) from judged x where x.codes = '{}'), p_now) r
      on r.staff_id = j.staff_id
  ),
  fewest as (
    select min(cardinality(j.codes)) as n from judged j where j.codes <> '{}'
  ),
  stops as (
    select c.code, count(distinct j.staff_id)::integer as workers, min(c.reason) as example
    from judged j
    cross join lateral unnest(j.codes, j.reasons) as c (code, reason)
    group by c.code
  ),
  -- The near misses, those whose reasons are rarest first: a reason that stops nearly everyone (no one
  -- else is recorded as a CYW) says less about each of them than the one CYW's time off.
  near as (
    select j.staff_id, j.name, j.codes, j.reasons, r.rank,
           (select sum(st.workers) from unnest(j.codes) as c (code) join stops st on st.code = c.code) as rarity
    from judged j
    join private.cover_rank(shift, (select array_agg(x.staff_id) from judged x, fewest y
                                    where x.codes <> '{}' and cardinality(x.codes) = y.n), p_now) r
      on r.staff_id = j.staff_id
  )
  select jsonb_build_object(
    'shift', public.assistant_shift_json(shift)
             || case when shift.accepted_by is not null
                          and not exists (select 1 from public.employments e
                                          where e.company_id = me and e.staff_id = shift.accepted_by)
                     then jsonb_build_object('staff', null) else '{}'::jsonb end,
    'eligible_total', (select count(*)::integer from eligible),
    'eligible', (select coalesce(jsonb_agg(jsonb_build_object(
                          'staff', jsonb_build_object('id', el.staff_id, 'name', el.name),
                          'rank', el.rank, 'worked_here', el.worked_here,
                          'distance_km', round(el.distance_m / 1000.0, 1), 'week_hours', el.week_hours,
                          'flags', to_jsonb(el.flags))
                        order by el.rank), '[]'::jsonb)
                 from (select * from eligible order by rank limit p_limit) el),
    'ineligible_total', (select count(*)::integer from judged j where j.codes <> '{}'),
    'near_misses', (select coalesce(jsonb_agg(jsonb_build_object(
                             'staff', jsonb_build_object('id', n.staff_id, 'name', n.name),
                             'reason_codes', to_jsonb(n.codes), 'reasons', to_jsonb(n.reasons))
                           order by n.rarity, n.rank), '[]'::jsonb)
                    from (select * from near order by rarity, rank limit 5) n),
    'near_miss_total', (select count(*)::integer from near),
    'near_miss_reasons', (select f.n from fewest f),
    'reason_counts', (select coalesce(jsonb_agg(jsonb_build_object('code', s.code, 'workers', s.workers,
                                                                   'example', s.example)
                                                order by s.workers desc, s.code), '[]'::jsonb)
                      from stops s),
    'asked', case when p_staff_id is null then null
                  when p_staff_id = shift.accepted_by then
                    (select jsonb_build_object('staff', jsonb_build_object(
                              'id', st.id,
                              'name', coalesce(nullif(btrim(st.first_name || ' ' || st.last_name), ''), 'Staff member')),
                              'holds_shift', true, 'eligible', false, 'rank', null,
                              'reason_codes', '[]'::jsonb, 'reasons', '[]'::jsonb, 'flags', '[]'::jsonb)
                     from public.staff st where st.id = p_staff_id)
                  else
                    (select jsonb_build_object('staff', jsonb_build_object('id', j.staff_id, 'name', j.name),
                              'holds_shift', false, 'eligible', j.codes = '{}',
                              'rank', (select el.rank from eligible el where el.staff_id = j.staff_id),
                              'reason_codes', to_jsonb(j.codes), 'reasons', to_jsonb(j.reasons),
                              'flags', to_jsonb(case when j.codes = '{}'
                                                     then j.flags
                                                     else '{}'::text[] end))
                     from judged j where j.staff_id = p_staff_id)
             end)
  into result;
  return result;
end;
$$;

