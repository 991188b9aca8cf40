-- Attendance checks (issue 16, defect 8): clock-ins and hours done are no longer taken at face value.
--
-- Tolerances, stated once here and in the timeline, the table and the CSV:
--   * a clock-in is ON TIME from 30 minutes before the shift's start to 10 minutes after it (both
--     ends included); more than 30 minutes before is EARLY, more than 10 minutes after is LATE (the
--     lateness rule of 20261121140000_coverage_insights.sql, unchanged);
--   * a Time Done is FLAGGED (never refused: it is the agency's word) when it differs from the
--     clocked time (clock-out minus clock-in) by more than 15 minutes, or when it cannot be read as
--     a duration at all.
--
-- Time Done stays SPEC's free text. public.time_done_minutes reads the ways schedulers write it
-- ('8', '7.5', '7,5', '7:30', '8 hrs', '7h30', '7 hours 30 mins', '1 day 2 hrs', the dashboard's own
-- '7 hrs 58 mins') and answers null for anything else. A trigger keeps shifts.time_done_minutes in
-- step with time_done whoever writes it (either clock-out RPC, the seed, the service role), so the
-- dashboard compares minutes it receives with the row, live over Realtime, and never parses text.

create function public.time_done_minutes(p_text text)
returns integer
language plpgsql
immutable
strict
parallel safe
set search_path = ''
as $$
declare
  unit_pattern constant text := '(days?|d|hours?|hrs?|h|minutes?|mins?|m)';
  t text := pg_catalog.lower(pg_catalog.btrim(p_text));
  m text[];
  total numeric := 0;
  previous_unit text;
begin
  -- A decimal comma reads as a point (7,5 hrs); a comma between parts ('7 hrs, 30 mins') stays.
  t := pg_catalog.regexp_replace(t, '(\d),(\d)', '\1.\2', 'g');
  if t = '' or pg_catalog.length(t) > 60 then
    return null;
  end if;
  -- 7:30 (hours and minutes), optionally followed by an hours word.
  m := pg_catalog.regexp_match(t, '^(\d{1,3}):([0-5]\d)\s*(hours?|hrs?|h)?$');
  if m is not null then
    return m[1]::integer * 60 + m[2]::integer;
  end if;
  -- A bare number is hours.
  m := pg_catalog.regexp_match(t, '^(\d{1,3}(\.\d+)?)$');
  if m is not null then
    return pg_catalog.round(m[1]::numeric * 60)::integer;
  end if;
  -- Otherwise the whole text must be numbers with units, separated by spaces, commas or 'and'.
  if t !~ ('^(\d+(\.\d+)?\s*' || unit_pattern || '?\s*(,|and|&)?\s*)+$') then
    return null;
  end if;
  for m in select x from pg_catalog.regexp_matches(t, '(\d+(?:\.\d+)?)\s*' || unit_pattern || '?', 'g') as x loop
    case
      when m[2] in ('d', 'day', 'days') then total := total + m[1]::numeric * 1440; previous_unit := 'd';
      when m[2] in ('h', 'hr', 'hrs', 'hour', 'hours') then total := total + m[1]::numeric * 60; previous_unit := 'h';
      when m[2] in ('m', 'min', 'mins', 'minute', 'minutes') then total := total + m[1]::numeric; previous_unit := 'm';
      -- '7h30': a number without a unit right after hours is minutes; anywhere else it is ambiguous.
      when m[2] is null and previous_unit = 'h' then total := total + m[1]::numeric; previous_unit := 'm';
      else return null;
    end case;
  end loop;
  return pg_catalog.round(total)::integer;
end;
$$;

comment on function public.time_done_minutes(text) is
  'Reads a Time Done text as whole minutes (''7.5'', ''7:30'', ''7h30'', ''7 hrs 30 mins'', ''1 day 2 hrs''); '
  'null when it is not a duration. Immutable, so it can back a column kept by a trigger.';

-- Durations as SPEC §9 writes them ('1 day 1 hr 5 mins'; under a minute 'less than 1 min'), for the
-- timeline and the CSV.
create function public.format_duration_minutes(p_minutes integer)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select case
    when p_minutes < 1 then 'less than 1 min'
    else pg_catalog.concat_ws(' ',
      case when p_minutes >= 1440 then (p_minutes / 1440)::text
             || case when p_minutes / 1440 = 1 then ' day' else ' days' end end,
      case when p_minutes % 1440 >= 60 then ((p_minutes % 1440) / 60)::text
             || case when (p_minutes % 1440) / 60 = 1 then ' hr' else ' hrs' end end,
      case when p_minutes % 60 > 0 then (p_minutes % 60)::text
             || case when p_minutes % 60 = 1 then ' min' else ' mins' end end)
  end
$$;

-- The verdict on a Time Done against the clocked span: null when there is nothing to judge (not
-- clocked out) or it agrees within 15 minutes; otherwise why it is flagged.
create function public.time_done_check(p_time_done_minutes integer, p_clocked_in timestamptz,
                                        p_clocked_out timestamptz, p_time_done text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when p_clocked_in is null or p_clocked_out is null or p_time_done is null then null
    when p_time_done_minutes is null then 'Could not be compared with the clocked time'
    when abs(p_time_done_minutes - extract(epoch from p_clocked_out - p_clocked_in) / 60) > 15
      then 'Differs from the clocked time by more than 15 mins'
  end
$$;

-- The three helpers are pure (no table access) and public because the security-invoker timeline and
-- export call them as the signed-in company, which has no access to the private schema.
comment on function public.format_duration_minutes(integer) is
  'Minutes as SPEC §9 writes a duration (''1 day 1 hr 5 mins'', ''less than 1 min''), for the timeline and the CSV.';
comment on function public.time_done_check(integer, timestamptz, timestamptz, text) is
  'Why a Time Done needs a look (unreadable, or more than 15 minutes from the clocked span), or null.';

revoke all on function public.time_done_minutes(text) from public, anon, authenticated, service_role;
revoke all on function public.format_duration_minutes(integer) from public, anon, authenticated, service_role;
revoke all on function public.time_done_check(integer, timestamptz, timestamptz, text)
  from public, anon, authenticated, service_role;
grant execute on function public.time_done_minutes(text) to authenticated;
grant execute on function public.format_duration_minutes(integer) to authenticated;
grant execute on function public.time_done_check(integer, timestamptz, timestamptz, text) to authenticated;

-- The parsed minutes, beside the text --------------------------------------------------------------
alter table public.shifts add column time_done_minutes integer;
comment on column public.shifts.time_done_minutes is
  'time_done read as minutes by public.time_done_minutes (null when absent or unreadable); kept by a '
  'trigger, not writable through the API.';

create function private.keep_time_done_minutes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.time_done_minutes := public.time_done_minutes(new.time_done);
  return new;
end;
$$;
comment on function private.keep_time_done_minutes() is
  'Keeps shifts.time_done_minutes equal to time_done read as minutes. Security definer: a company''s '
  'insert fires it and cannot reach the private schema.';
revoke all on function private.keep_time_done_minutes() from public, anon, authenticated, service_role;

create trigger keep_time_done_minutes
  before insert or update of time_done, time_done_minutes on public.shifts
  for each row execute function private.keep_time_done_minutes();

update public.shifts set time_done_minutes = public.time_done_minutes(time_done) where time_done is not null;

-- The view lists s.* as it was when created, so it is rebuilt to carry the new column.
drop view public.shifts_with_status;
create view public.shifts_with_status
with (security_invoker = true)
as
select s.*,
       public.shift_status(s) as status,
       (extract(epoch from (s.ends_at - s.starts_at)) / 60)::integer as duration_minutes
from public.shifts s;

comment on view public.shifts_with_status is
  'Shifts with their derived status and duration in minutes (days/hours/minutes derive from it). '
  'security_invoker, so the shifts policies of the caller apply.';

revoke all on table public.shifts_with_status from anon, authenticated, service_role;
grant select on table public.shifts_with_status to authenticated, service_role;

-- Shift timeline: early / on time / late, and the Time Done check -----------------------------------
-- Same contract as before plus `flagged`, true on a step a scheduler should look at (an early or late
-- clock-in, a flagged Time Done).
drop function public.shift_timeline(uuid);
create function public.shift_timeline(p_shift_id uuid)
returns table (at timestamptz, at_local text, kind text, actor_name text, detail text, flagged boolean)
language plpgsql
stable
security invoker
set search_path = ''
set timezone = 'UTC'
as $$
declare
  zone text;
begin
  select c.time_zone into zone from public.companies c where c.id = (select auth.uid());
  if not found then
    -- Not a company: there is nothing it may see.
    return;
  end if;
  perform pg_catalog.set_config('timezone', zone, true);

  return query
  with events as (
    select e.id, e.event, e.occurred_at, e.actor_id, e.details,
           min(e.occurred_at) filter (where e.event = 'posted') over () as posted_at,
           min(e.occurred_at) filter (where e.event = 'clocked_in') over () as clocked_in_at,
           coalesce((min(e.details ->> 'starts_at') filter (where e.event = 'posted') over ())::timestamptz,
                    (select s.starts_at from public.shifts s where s.id = p_shift_id)) as starts_at,
           case
             when e.actor_id is null then null
             when e.actor_id = e.company_id then
               (select coalesce(nullif(pg_catalog.btrim(c.company_name), ''), c.email)
                from public.companies c where c.id = e.company_id)
             else coalesce(
               (select nullif(pg_catalog.btrim(st.first_name || ' ' || st.last_name), '')
                from public.staff st where st.id = e.actor_id),
               'Former staff member')
           end as actor
    from public.shift_events e
    where e.company_id = (select auth.uid()) and e.shift_id = p_shift_id
  ),
  judged as (
    select ev.*,
           case
             when ev.event <> 'clocked_in' or ev.starts_at is null then null
             when ev.occurred_at < ev.starts_at - interval '30 minutes' then 'early'
             when ev.occurred_at > ev.starts_at + interval '10 minutes' then 'late'
             else 'on time'
           end as arrival,
           case when ev.event = 'clocked_out' then
             public.time_done_check(public.time_done_minutes(ev.details ->> 'time_done'), ev.clocked_in_at,
                                     ev.occurred_at, ev.details ->> 'time_done')
           end as time_done_issue
    from events ev
  ),
  steps as (
    select j.id, j.occurred_at as step_at, j.event as step_kind, j.actor as step_actor,
           case j.event
             when 'clocked_in' then
               case j.arrival
                 when 'on time' then 'On time'
                 when 'early' then public.format_duration_minutes(floor(extract(epoch from j.starts_at - j.occurred_at) / 60)::integer) || ' early'
                 when 'late' then public.format_duration_minutes(floor(extract(epoch from j.occurred_at - j.starts_at) / 60)::integer) || ' late'
               end
             when 'clocked_out' then
               'Time done: ' || (j.details ->> 'time_done')
               || case when j.time_done_issue is not null and j.clocked_in_at is not null then
                    '. Clocked ' || public.format_duration_minutes(floor(extract(epoch from j.occurred_at - j.clocked_in_at) / 60)::integer)
                    || ': ' || pg_catalog.lower(left(j.time_done_issue, 1)) || substr(j.time_done_issue, 2)
                  else '' end
             when 'accepted' then
               public.format_duration_minutes(floor(extract(epoch from j.occurred_at - j.posted_at) / 60)::integer) || ' after posting'
             when 'deleted' then 'Status was ' || (j.details ->> 'status')
           end as step_text,
           coalesce(j.arrival in ('early', 'late'), false) or j.time_done_issue is not null as step_flagged,
           case j.event when 'posted' then 1 when 'accepted' then 3 when 'clocked_in' then 4
                        when 'clocked_out' then 5 else 6 end as rank
    from judged j
    union all
    select ev.id, ev.occurred_at, 'notified', null,
           case (ev.details ->> 'notified')::integer
             when 0 then 'No staff were notified'
             when 1 then '1 staff member notified'
             else (ev.details ->> 'notified') || ' staff members notified'
           end,
           false, 2
    from events ev
    where ev.event = 'posted' and ev.details ? 'notified'
  )
  select st.step_at,
         pg_catalog.to_char(st.step_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM'),
         st.step_kind,
         st.step_actor,
         st.step_text,
         st.step_flagged
  from steps st
  order by st.step_at, st.rank, st.id;
end;
$$;

comment on function public.shift_timeline(uuid) is
  'Dashboard drawer: a shift''s history in order (posted, notified, accepted, clocked_in, clocked_out, '
  'deleted) with the time in the company''s zone, who did it, a detail (staff notified, time to accept, '
  'early / on time / late against the start: on time is 30 min before to 10 min after; time done and '
  'whether it differs from the clocked time by more than 15 min) and flagged for steps to look at. '
  'Built from shift_events, so it works for deleted shifts; security invoker, so only the owning '
  'company gets rows.';

revoke all on function public.shift_timeline(uuid) from public, anon, authenticated, service_role;
grant execute on function public.shift_timeline(uuid) to authenticated;

-- Timesheet CSV: the clocked hours and the Time Done check beside the hours done ----------------------
-- Same period, format and guards as before (see 20261121140000_coverage_insights.sql); two columns
-- follow Hours done: Clocked hours (decimal hours, two places, from clock-in to clock-out) and Hours
-- check (empty, or why the hours done need a look).
create or replace function public.timesheet_csv(p_from date, p_to date)
returns text
language plpgsql
stable
security invoker
set search_path = ''
set timezone = 'UTC'
as $$
declare
  me constant uuid := (select auth.uid());
  zone text;
  period_start timestamptz;
  period_end timestamptz;
  body text;
begin
  if p_from is null or p_to is null then
    raise exception 'Choose a start date and an end date';
  end if;
  if p_to < p_from then
    raise exception 'The end date must be on or after the start date';
  end if;
  if p_to - p_from >= 366 then
    raise exception 'The period can be at most 366 days long';
  end if;
  select c.time_zone into zone from public.companies c where c.id = me;
  if not found then
    raise exception 'Only company accounts can export timesheets' using errcode = 'insufficient_privilege';
  end if;
  perform pg_catalog.set_config('timezone', zone, true);
  period_start := p_from::timestamp at time zone zone;
  period_end := (p_to + 1)::timestamp at time zone zone;

  select string_agg(r.line, E'\r\n' order by r.starts_at, r.staff_name, r.id)
  into body
  from (
    select s.id, s.starts_at, n.staff_name,
           (select string_agg(
                     case when q.guarded ~ E'[",\r\n]' then '"' || replace(q.guarded, '"', '""') || '"'
                          else q.guarded end,
                     ',' order by f.ord)
            from unnest(array[
                   n.staff_name,
                   pg_catalog.to_char(s.starts_at, 'YYYY-MM-DD'),
                   pg_catalog.format('%s %s, %s, %s %s, %s', s.street_number, s.street_name, s.city, s.province,
                                     s.postal_code, s.country),
                   pg_catalog.to_char(s.starts_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM'),
                   pg_catalog.to_char(s.ends_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM'),
                   pg_catalog.to_char(s.clocked_in_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM'),
                   pg_catalog.to_char(s.clocked_out_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM'),
                   s.time_done,
                   pg_catalog.to_char(extract(epoch from s.clocked_out_at - s.clocked_in_at) / 3600, 'FM9999990.00'),
                   public.time_done_check(s.time_done_minutes, s.clocked_in_at, s.clocked_out_at, s.time_done),
                   s.skill,
                   s.staff_type]) with ordinality f(value, ord)
            cross join lateral (
              select case when left(f.value, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || f.value
                          else coalesce(f.value, '') end as guarded) q) as line
    from public.shifts s
    left join public.staff st on st.id = s.accepted_by
    cross join lateral (
      select case when s.accepted_by is null then ''
                  else coalesce(nullif(pg_catalog.btrim(st.first_name || ' ' || st.last_name), ''),
                                'Former staff member') end as staff_name) n
    where s.company_id = me and s.clocked_out_at is not null
      and s.starts_at >= period_start and s.starts_at < period_end
  ) r;

  return E'\ufeff'
    || 'Staff name,Date,Location,Start,End,Clocked in,Clocked out,Hours done,Clocked hours,Hours check,Skill,Staff type'
    || E'\r\n' || coalesce(body || E'\r\n', '');
end;
$$;

comment on function public.timesheet_csv(date, date) is
  'Timesheet export for the calling company: completed shifts starting on local dates p_from..p_to '
  '(inclusive) as CSV text (UTF-8 BOM, header, CRLF, RFC 4180 quoting, formula-injection guard, ISO '
  '8601 times with the company''s offset), with the clocked hours and a check of the hours done '
  '(flagged beyond 15 minutes of the clocked time). Security invoker: RLS keeps other companies'' shifts out.';
