-- The worker's home list as one set-based query (issue 28: "the worker's home list, now filtered by
-- eligibility, is one indexed query").
--
-- public.my_open_shifts asked private.eligibility_reasons once per open shift: a PL/pgSQL call and
-- its half-dozen statements each time, about 0.3 ms a shift, so 30 ms for a worker offered 100
-- shifts (bench/db-scale.ts) and a fifth of a core under the soak. private.eligibility_for answers
-- one shift over many workers; the home list is the other way round, one worker over many shifts.
--
-- private.eligibility_codes_by_shift(worker, shifts) decides the same rules in that direction, in
-- one statement: the worker's facts (employments, shifts held, time off, credentials) are read once
-- and joined to every shift. It answers codes only, in eligibility_for's order; the sentences stay
-- with eligibility_for, which every screen that explains a refusal reads. The two are the same
-- rules written for two access paths, so 31-eligibility-for-a-shift.test.sql holds them to
-- agreement, code for code, for every worker of its crowd on every shift it builds.

create function private.eligibility_codes_by_shift(p_staff_id uuid, p_shift_ids uuid[])
returns table (shift_id uuid, reason_codes text[])
language plpgsql
stable
set search_path = ''
-- As eligibility_for: compiling would cost more than the answer, and the plan is kept across calls.
set jit = off
set plan_cache_mode = force_generic_plan
as $$
#variable_conflict use_column
begin
  return query
  with asked as (
    select s.id, s.company_id, s.starts_at, s.ends_at, s.staff_type, s.skill, s.allow_overtime,
           s.country, s.province,
           z.tz,
           -- The shift's week, Monday to Sunday in the agency's zone, as private.weekly_hours_held_by.
           date_trunc('week', s.starts_at at time zone z.tz) at time zone z.tz as week_from,
           (date_trunc('week', s.starts_at at time zone z.tz) + interval '7 days') at time zone z.tz as week_to
    from public.shifts s
    -- The agency's zone by its primary key, one probe per shift (a join may read every agency).
    cross join lateral (
      select coalesce((select c.time_zone from public.companies c where c.id = s.company_id), 'America/Toronto') as tz
    ) z
    -- Probes the primary key for each id, whatever the plan's guess at the array's size.
    where s.id = any (p_shift_ids)
  ),
  -- The jurisdictions' overtime thresholds, once each (a call per shift cost as much as the rest).
  thresholds as materialized (
    select d.country, d.province, private.overtime_threshold(d.country, d.province) as hours
    from (select distinct a.country, a.province from asked a) d
  ),
  -- The worker's shifts not clocked out, at any agency (the overlap rule): a handful.
  held as materialized (
    select h.id, h.starts_at, h.ends_at
    from public.shifts h
    where h.accepted_by = p_staff_id and h.clocked_out_at is null
  ),
  -- The worker's time off: a handful of rows, each judged against each shift below.
  time_off as materialized (
    select t.starts_at, t.ends_at, t.time_zone, t.repeats_weekly, t.repeat_until
    from public.staff_time_off t
    where t.staff_id = p_staff_id and (t.repeat_until is null or t.starts_at < t.repeat_until)
  ),
  judged as (
    select a.id, a.allow_overtime,
           e.staff_id is not null as employed,
           exists (select 1 from public.no_shows n where n.shift_id = a.id and n.staff_id = p_staff_id) as no_show,
           exists (select 1 from held h
                   where h.starts_at < a.ends_at and h.ends_at > a.starts_at and h.id <> a.id) as overlap,
           -- private.time_off_holders' rule: a weekly repeat is the first one ending after the shift
           -- starts, in the zone the time off was marked in.
           exists (
             select 1
             from time_off t
             cross join lateral (
               select (t.starts_at at time zone t.time_zone) as local_start,
                      (t.ends_at at time zone t.time_zone) as local_end,
                      (a.starts_at at time zone t.time_zone) as local_from
             ) l
             cross join lateral (
               select greatest(0, floor(extract(epoch from (l.local_from - l.local_end)) / 604800)::integer + 1) as k
             ) w
             cross join lateral (
               select ((l.local_start + w.k * interval '7 days') at time zone t.time_zone) as repeat_start,
                      ((l.local_end + w.k * interval '7 days') at time zone t.time_zone) as repeat_end
             ) r
             where t.starts_at < a.ends_at
               and case
                     when not t.repeats_weekly then t.ends_at > a.starts_at
                     else r.repeat_start < a.ends_at and r.repeat_end > a.starts_at
                          and (t.repeat_until is null or r.repeat_start < t.repeat_until)
                   end
           ) as time_off,
           e.staff_id is not null and cardinality(e.staff_types) > 0
             and not e.staff_types && (a.staff_type || array(
               select sc.staff_type from public.staff_type_coverage sc
               where sc.company_id = a.company_id and sc.may_cover = a.staff_type)) as wrong_type,
           e.staff_id is not null and cardinality(e.skills) > 0 and not a.skill = any (e.skills) as wrong_skill,
           e.staff_id is not null and exists (
             select 1 from public.staff_type_requirements r
             where r.company_id = a.company_id and r.staff_type = a.staff_type
               and not exists (
                 select 1 from public.staff_credentials sc
                 where sc.company_id = a.company_id and sc.staff_id = p_staff_id
                   and sc.credential_type = r.credential_type and sc.verified_at is not null
                   and (sc.expires_on is null or sc.expires_on >= (a.ends_at at time zone a.tz)::date))
           ) as missing_credential,
           -- The week's hours are read only for a worker whose profile makes them count.
           case when e.staff_id is not null
                     and (cardinality(e.staff_types) > 0 or cardinality(e.skills) > 0
                          or cardinality(e.languages) > 0 or e.max_weekly_hours is not null)
           then (select coalesce(sum(extract(epoch from (least(h.ends_at, a.week_to) - greatest(h.starts_at, a.week_from))) / 3600), 0)
                 from public.shifts h
                 where h.accepted_by = p_staff_id and h.company_id = a.company_id
                   and h.ends_at > a.week_from and h.starts_at < a.week_to and h.id <> a.id)
                + extract(epoch from (a.ends_at - a.starts_at)) / 3600
                > least(e.max_weekly_hours, th.hours)
           end as over
    from asked a
    left join public.employments e on e.staff_id = p_staff_id and e.company_id = a.company_id
    left join thresholds th on th.country is not distinct from a.country and th.province is not distinct from a.province
  )
  select j.id,
    array_remove(array[
      case when not j.employed then 'not_employed' end,
      case when j.no_show then 'no_show' end,
      case when j.overlap then 'overlapping_shift' end,
      case when j.time_off then 'time_off' end,
      case when j.wrong_type then 'staff_type' end,
      case when j.wrong_skill then 'skill' end,
      case when j.missing_credential then 'credential' end,
      -- A null limit (no threshold known, no maximum recorded) compares to null: not over.
      case when coalesce(j.over, false) and not j.allow_overtime then 'over_hours' end
    ], null)
  from judged j;
end;
$$;

comment on function private.eligibility_codes_by_shift(uuid, uuid[]) is
  'For one worker over many shifts, every reason the worker may not take each shift, as codes in '
  'private.eligibility_for''s order (not_employed, no_show, overlapping_shift, time_off, staff_type, '
  'skill, credential, over_hours): the same rules as eligibility_for (which answers one shift over '
  'many workers, with sentences and flags), decided in one statement for the staff app''s home list. '
  'One row per existing shift asked about (a shift asked twice is answered once).';

revoke all on function private.eligibility_codes_by_shift(uuid, uuid[]) from public, anon, authenticated, service_role;

-- The rules' answer and the offered shifts are arrays (init plans, each computed once) rather than
-- joins: a join may put the rules' function scan on the inner side of a loop and run it once per row.
create or replace function public.my_open_shifts(p_limit integer default 200)
returns setof public.shifts
language sql
stable
security definer
set search_path = ''
as $$
  select s.*
  from public.shifts s
  where s.id = any (array(
    select v.shift_id
    from private.eligibility_codes_by_shift(
           (select auth.uid()),
           array(select o.id
                 from public.employments e
                 join public.shifts o on o.company_id = e.company_id
                 where e.staff_id = (select auth.uid())
                   and o.accepted_at is null
                   and o.ends_at > now()
                   and private.is_offered(o, e.staff_id))) v
    where cardinality(v.reason_codes) = 0))
  order by s.starts_at, s.id
  limit least(greatest(coalesce(p_limit, 200), 1), 500);
$$;

comment on function public.my_open_shifts(integer) is
  'Staff app: the open shifts (not accepted, not ended) of the caller''s agencies offered to the caller '
  '(private.is_offered: a best-matches shift once a wave reached them) that the caller may take by the '
  'rules accept_shift enforces (private.eligibility_codes_by_shift: no overlap with a shift they hold at '
  'any agency, not in their time off, qualified), soonest first, at most p_limit (1 to 500). Security '
  'definer because those rules read the caller''s shifts at every agency and live in the private schema '
  'API roles cannot use; it returns only the caller''s own agencies'' open shifts, which RLS already lets '
  'them read.';
