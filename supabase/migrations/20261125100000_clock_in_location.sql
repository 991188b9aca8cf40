-- Clock-in with location, clock-out without typing hours (issue 18, the staff mobile app).
--
-- Why: a clock-in taken at face value says nothing about where the worker was, and typing the hours
-- done on a phone at the end of a shift is error-prone. So:
--   * clock_in takes the phone's position (optional) and a reason (optional). It is refused more than
--     30 minutes before the start. The great-circle distance to the shift's geocoded address is stored
--     (whole metres); within public.clock_in_radius_m() (300 m) nothing more is asked, farther away or
--     without a position the worker must say why. A shift with no coordinates accepts any position
--     without a reason (there is nothing to measure against). Position, distance and reason are stored
--     on the shift and in the clocked_in event's details, so the history keeps them after a deletion.
--   * clock_out's time_done becomes optional: left out (or blank), the database writes the clocked span
--     in format_duration_minutes' words ('7 hrs 58 mins'), which time_done_minutes reads back.
--   * shift_timeline says where the worker clocked in and flags a clock-in that needed a reason.
--
-- The new columns are written only by clock_in (security definer): no client role is granted insert or
-- update on them, like every other clock column. Companies and the accepting worker read them through
-- the existing select policy and shifts_with_status.

-- Columns -----------------------------------------------------------------------------------------------
alter table public.shifts
  add column clock_in_latitude double precision,
  add column clock_in_longitude double precision,
  add column clock_in_distance_m integer,
  add column clock_in_reason text,
  add constraint shifts_clock_in_latitude_range check (clock_in_latitude between -90 and 90),
  add constraint shifts_clock_in_longitude_range check (clock_in_longitude between -180 and 180),
  add constraint shifts_clock_in_position_pair check ((clock_in_latitude is null) = (clock_in_longitude is null)),
  add constraint shifts_clock_in_distance_not_negative check (clock_in_distance_m >= 0),
  add constraint shifts_clock_in_reason_length check (char_length(clock_in_reason) between 1 and 500);

comment on column public.shifts.clock_in_latitude is
  'Latitude the worker''s phone reported at clock-in (null when no position was given). Written only by clock_in.';
comment on column public.shifts.clock_in_longitude is
  'Longitude the worker''s phone reported at clock-in (null when no position was given). Written only by clock_in.';
comment on column public.shifts.clock_in_distance_m is
  'Great-circle distance in whole metres from the clock-in position to the shift''s coordinates; null when '
  'no position was given or the shift has no coordinates. Written only by clock_in.';
comment on column public.shifts.clock_in_reason is
  'The worker''s reason for clocking in without a position or more than clock_in_radius_m() from the shift '
  '(trimmed, at most 500 characters; null when none was given). Written only by clock_in.';

-- The view lists s.* as it was when created, so it is rebuilt to carry the new columns.
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

-- Radius and distance -----------------------------------------------------------------------------------
create function public.clock_in_radius_m()
returns integer
language sql
immutable
parallel safe
security invoker
set search_path = ''
as $$
  select 300
$$;

comment on function public.clock_in_radius_m() is
  'Metres from the shift''s address within which a clock-in needs no reason (300). One source for '
  'clock_in, the timeline and the app, which shows the radius from here.';

create function private.great_circle_m(lat1 double precision, lng1 double precision,
                                       lat2 double precision, lng2 double precision)
returns integer
language sql
immutable
strict
parallel safe
security invoker
set search_path = ''
as $$
  -- Haversine on a sphere of radius 6371000 m; least() keeps rounding from pushing asin past 1.
  select pg_catalog.round(2 * 6371000 * pg_catalog.asin(least(1::double precision, pg_catalog.sqrt(
           pg_catalog.power(pg_catalog.sin(pg_catalog.radians(lat2 - lat1) / 2), 2)
           + pg_catalog.cos(pg_catalog.radians(lat1)) * pg_catalog.cos(pg_catalog.radians(lat2))
             * pg_catalog.power(pg_catalog.sin(pg_catalog.radians(lng2 - lng1) / 2), 2)))))::integer
$$;

comment on function private.great_circle_m(double precision, double precision, double precision, double precision) is
  'Great-circle (haversine, earth radius 6371000 m) distance between two positions in whole metres, '
  'for clock_in''s distance to the shift.';

revoke all on function public.clock_in_radius_m() from public, anon, authenticated, service_role;
revoke all on function private.great_circle_m(double precision, double precision, double precision, double precision)
  from public, anon, authenticated, service_role;
grant execute on function public.clock_in_radius_m() to authenticated;

-- clock_in ----------------------------------------------------------------------------------------------
-- Security definer as before: shifts and on_shift are not client-writable; the caller is checked inside.
-- The one-argument version is dropped so that rpc('clock_in', { shift_id }) resolves to this one.
drop function public.clock_in(uuid);
create function public.clock_in(shift_id uuid, latitude double precision default null,
                                longitude double precision default null, reason text default null)
returns public.shifts
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  shift public.shifts%rowtype;
  radius constant integer := public.clock_in_radius_m();
  given_reason text := nullif(pg_catalog.btrim(clock_in.reason), '');
  distance integer;
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts can clock in' using errcode = 'insufficient_privilege';
  end if;

  select * into shift from public.shifts s where s.id = clock_in.shift_id for update;
  if not found or shift.accepted_by is distinct from caller then
    raise exception 'Only the staff member who accepted this shift can clock in';
  end if;
  perform 1 from public.employments e
  where e.staff_id = caller and e.company_id = shift.company_id
  for share;
  if not found then
    raise exception 'You no longer work for this company';
  end if;
  if shift.clocked_in_at is not null then
    raise exception 'Staff already clocked in';
  end if;

  if now() < shift.starts_at - interval '30 minutes' then
    raise exception 'You can clock in from 30 minutes before the shift starts';
  end if;
  -- NaN and infinities sort above every number, so the ranges refuse them too.
  if (clock_in.latitude is null) <> (clock_in.longitude is null)
     or clock_in.latitude not between -90 and 90
     or clock_in.longitude not between -180 and 180 then
    raise exception 'Location is not valid';
  end if;
  if pg_catalog.char_length(given_reason) > 500 then
    raise exception 'Reason must be 500 characters or less';
  end if;

  if clock_in.latitude is not null and shift.latitude is not null and shift.longitude is not null then
    distance := private.great_circle_m(shift.latitude, shift.longitude, clock_in.latitude, clock_in.longitude);
  end if;
  if clock_in.latitude is null and given_reason is null then
    raise exception 'Add a reason to clock in without your location';
  end if;
  if distance > radius and given_reason is null then
    raise exception 'Add a reason to clock in more than % m from the shift', radius;
  end if;

  update public.shifts s
  set clocked_in_at = now(),
      clock_in_latitude = clock_in.latitude,
      clock_in_longitude = clock_in.longitude,
      clock_in_distance_m = distance,
      clock_in_reason = given_reason
  where s.id = shift.id
  returning * into shift;
  update public.staff s set on_shift = true where s.id = caller;
  return shift;
end;
$$;

comment on function public.clock_in(uuid, double precision, double precision, text) is
  'Staff app: the accepting worker starts the shift (from 30 minutes before its start) with the phone''s '
  'position; without a position, or farther than clock_in_radius_m() from the shift, a reason is '
  'required. Stores position, distance and reason; sets the worker on shift. Security definer because '
  'shifts and on_shift are not client-writable; the caller is checked inside.';

revoke all on function public.clock_in(uuid, double precision, double precision, text)
  from public, anon, authenticated, service_role;
grant execute on function public.clock_in(uuid, double precision, double precision, text) to authenticated;

-- clock_out ---------------------------------------------------------------------------------------------
-- time_done gains a default; dropped and recreated so the two-argument signature is replaced, not
-- overloaded. Security definer as before.
drop function public.clock_out(uuid, text);
create function public.clock_out(shift_id uuid, time_done text default null)
returns public.shifts
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  shift public.shifts%rowtype;
  clocked_minutes integer;
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts can clock out' using errcode = 'insufficient_privilege';
  end if;

  select * into shift from public.shifts s where s.id = clock_out.shift_id for update;
  if not found or shift.accepted_by is distinct from caller then
    raise exception 'Only the staff member who accepted this shift can clock out';
  end if;
  if clock_out.time_done is null or pg_catalog.btrim(clock_out.time_done) = '' then
    -- The clocked span in the timeline's words; '0 mins' rather than 'less than 1 min', which
    -- time_done_minutes could not read back. Null when not clocked in: finish_shift says so first.
    clocked_minutes := floor(extract(epoch from now() - shift.clocked_in_at) / 60)::integer;
    return private.finish_shift(shift,
      case when clocked_minutes < 1 then '0 mins' else public.format_duration_minutes(clocked_minutes) end);
  end if;
  return private.finish_shift(shift, clock_out.time_done);
end;
$$;

comment on function public.clock_out(uuid, text) is
  'Staff app: the accepting worker ends an in-progress shift. Without a time done (null or blank) the '
  'clocked span is written (''7 hrs 58 mins''), which time_done_minutes reads back. Security definer '
  'because shifts and on_shift are not client-writable; the caller is checked inside.';

revoke all on function public.clock_out(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.clock_out(uuid, text) to authenticated;

-- Shift history: the clocked_in event keeps where -------------------------------------------------------
-- Whole body of 20261121100700_shift_history.sql's trigger function; only the clocked_in details grow
-- (located: whether a position was given; distance_m; reason) when the clock-in carries them.
create or replace function private.record_shift_event()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  actor uuid := auth.uid();
begin
  if tg_op = 'INSERT' then
    insert into public.shift_events (shift_id, company_id, event, actor_id, occurred_at, details)
    values (new.id, new.company_id, 'posted', actor, new.created_at,
            jsonb_build_object('notified',
              (select count(*) from public.notifications n where n.shift_id = new.id)));
  elsif tg_op = 'UPDATE' then
    if old.accepted_at is null and new.accepted_at is not null then
      insert into public.shift_events (shift_id, company_id, event, actor_id, occurred_at, details)
      values (new.id, new.company_id, 'accepted', coalesce(actor, new.accepted_by), new.accepted_at,
              jsonb_build_object('staff_id', new.accepted_by));
    end if;
    if old.clocked_in_at is null and new.clocked_in_at is not null then
      insert into public.shift_events (shift_id, company_id, event, actor_id, occurred_at, details)
      values (new.id, new.company_id, 'clocked_in', coalesce(actor, new.accepted_by), new.clocked_in_at,
              jsonb_build_object('staff_id', new.accepted_by)
              -- clock_in always has a position or a reason; a clock-in written without either (the
              -- seed, the service role) has nothing to say about where, and reads as before.
              || case when new.clock_in_latitude is not null or new.clock_in_reason is not null then
                   jsonb_build_object('located', new.clock_in_latitude is not null,
                                      'distance_m', new.clock_in_distance_m,
                                      'reason', new.clock_in_reason)
                 else '{}'::jsonb end);
    end if;
    if old.clocked_out_at is null and new.clocked_out_at is not null then
      insert into public.shift_events (shift_id, company_id, event, actor_id, occurred_at, details)
      values (new.id, new.company_id, 'clocked_out', actor, new.clocked_out_at,
              jsonb_build_object('staff_id', new.accepted_by, 'time_done', new.time_done,
                                 'by', case when actor = new.company_id then 'company'
                                            when actor = new.accepted_by then 'staff' end));
    end if;
  elsif tg_op = 'DELETE' then
    insert into public.shift_events (shift_id, company_id, event, actor_id, details)
    values (old.id, old.company_id, 'deleted', actor,
            jsonb_build_object('status', public.shift_status(old)));
  end if;
  return null;
end;
$$;

comment on function private.record_shift_event() is
  'Appends posted/accepted/clocked_in/clocked_out/deleted rows to public.shift_events (a clock-in with '
  'whether a position was given, its distance to the shift and the reason). Security definer because '
  'clients cannot write the log.';

-- Shift timeline: where the worker clocked in -------------------------------------------------------------
-- Whole body of 20261124200000_attendance_checks.sql's version. The clocked_in text gains
-- ' · 45 m from the shift', ' · 1.2 km from the shift. Reason: …' or ' · No location. Reason: …' (a reason
-- given within the radius is shown too); the step is flagged when a reason was needed. Clock-ins with no
-- 'located' in their details (recorded before this migration, or written directly by the seed or the
-- service role) read as before.
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
           end as time_done_issue,
           case when ev.event = 'clocked_in' and ev.details ? 'located' then
             case
               when not (ev.details ->> 'located')::boolean then ' · No location'
               when ev.details ->> 'distance_m' is null then ''
               when (ev.details ->> 'distance_m')::integer < 1000 then
                 ' · ' || (ev.details ->> 'distance_m') || ' m from the shift'
               else ' · ' || pg_catalog.rtrim(pg_catalog.rtrim(
                        pg_catalog.to_char((ev.details ->> 'distance_m')::numeric / 1000, 'FM999999990.0'), '0'), '.')
                      || ' km from the shift'
             end
             || coalesce('. Reason: ' || (ev.details ->> 'reason'), '')
           end as place,
           ev.event = 'clocked_in' and ev.details ? 'located'
             and (not (ev.details ->> 'located')::boolean
                  or (ev.details ->> 'distance_m')::integer > public.clock_in_radius_m()) as place_needed_reason
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
               || coalesce(j.place, '')
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
           coalesce(j.arrival in ('early', 'late'), false) or j.time_done_issue is not null
             or coalesce(j.place_needed_reason, false) as step_flagged,
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
  'early / on time / late against the start: on time is 30 min before to 10 min after, and where the '
  'worker clocked in: distance to the shift or no location, with the reason; time done and whether it '
  'differs from the clocked time by more than 15 min) and flagged for steps to look at (including a '
  'clock-in that needed a reason). Built from shift_events, so it works for deleted shifts; security '
  'invoker, so only the owning company gets rows.';

revoke all on function public.shift_timeline(uuid) from public, anon, authenticated, service_role;
grant execute on function public.shift_timeline(uuid) to authenticated;
