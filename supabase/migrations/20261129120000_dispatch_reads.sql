-- What dispatch shows (issue 28, section 3), on top of 20261129110000_dispatch_waves:
--   * a best-matches shift is offered to a worker once a wave has reached them, or once no wave is
--     left to send (then every eligible worker, as in everyone mode): the staff app's open shifts
--     (my_open_shifts) list it only then, and accept_shift takes it only then;
--   * the shift timeline shows every wave (who was notified, when, why they were chosen), the next
--     wave while it is due, and the moment an open shift reached its start unfilled (flagged);
--   * the board reads the flag and the dispatch columns from shifts_with_status, and
--     public.unfilled_shifts lists the open shifts that reached their start unfilled.

-- Offered ------------------------------------------------------------------------------------------

create function private.is_offered(p_shift public.shifts, p_staff_id uuid)
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_shift.dispatch_mode = 'everyone'
         or p_shift.next_wave is null
         or exists (select 1 from public.shift_wave_recipients r
                    where r.shift_id = p_shift.id and r.staff_id = p_staff_id);
$$;

comment on function private.is_offered(public.shifts, uuid) is
  'Whether a shift is offered to a worker yet: always in everyone mode; in best-matches mode once a wave '
  'reached them or no wave is left to send. Eligibility is asked separately.';

revoke all on function private.is_offered(public.shifts, uuid) from public, anon, authenticated, service_role;

create or replace function public.my_open_shifts(p_limit integer default 200)
returns setof public.shifts
language sql
stable
security definer
set search_path = ''
as $$
  select s.*
  from public.employments e
  join public.shifts s on s.company_id = e.company_id
  where e.staff_id = (select auth.uid())
    and s.accepted_at is null
    and s.ends_at > now()
    and private.is_offered(s, e.staff_id)
    and not exists (select 1 from private.eligibility_reasons(s, e.staff_id))
  order by s.starts_at, s.id
  limit least(greatest(coalesce(p_limit, 200), 1), 500);
$$;

comment on function public.my_open_shifts(integer) is
  'Staff app: the open shifts (not accepted, not ended) of the caller''s agencies offered to the caller '
  '(private.is_offered: a best-matches shift once a wave reached them) that the caller may take by the '
  'rules accept_shift enforces (private.eligibility_reasons: no overlap with a shift they hold at any '
  'agency, not in their time off, qualified), soonest first, at most p_limit (1 to 500). Security definer '
  'because those rules read the caller''s shifts at every agency and live in the private schema API roles '
  'cannot use; it returns only the caller''s own agencies'' open shifts, which RLS already lets them read.';

create or replace function public.accept_shift(shift_id uuid)
returns public.shifts
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  shift public.shifts%rowtype;
  first_code text;
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts can accept shifts' using errcode = 'insufficient_privilege';
  end if;

  -- One accept at a time per worker: two overlapping shifts accepted at once must not both pass
  -- the overlap check (the double-booking trigger would refuse the second less kindly).
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('accept_shift:' || caller::text, 0));

  select * into shift from public.shifts s where s.id = accept_shift.shift_id for update;
  -- Shifts of companies the worker does not work for are reported as missing, not as forbidden.
  if not found then
    raise exception 'Shift not found';
  end if;
  perform 1 from public.employments e
  where e.staff_id = caller and e.company_id = shift.company_id
  for share;
  if not found then
    raise exception 'Shift not found';
  end if;

  if shift.accepted_at is not null then
    if shift.accepted_by = caller then
      raise exception 'You have already accepted this shift';
    end if;
    raise exception 'This shift has already been accepted by another staff member';
  end if;
  if shift.ends_at <= now() then
    raise exception 'This shift has already ended';
  end if;
  -- A best-matches shift not offered to the caller yet is not theirs to see.
  if not private.is_offered(shift, caller) then
    raise exception 'Shift not found';
  end if;

  select r.code into first_code from private.eligibility_reasons(shift, caller) r limit 1;
  case first_code
    when 'overlapping_shift' then
      raise exception 'You already have another shift at this time' using hint = first_code;
    when 'time_off' then
      raise exception 'This shift is during your time off' using hint = first_code;
    when 'staff_type' then
      raise exception 'This shift is for a %, which the agency has not recorded you as', shift.staff_type
        using hint = first_code;
    when 'skill' then
      raise exception 'This shift needs %, which the agency has not recorded for you', lower(shift.skill)
        using hint = first_code;
    when 'credential' then
      raise exception 'This shift needs a credential the agency has not verified as valid for you'
        using hint = first_code;
    when 'over_hours' then
      raise exception 'This shift would take you over your hours for that week' using hint = first_code;
    when 'not_employed' then
      raise exception 'Shift not found';
    else
      null;
  end case;

  update public.shifts s set accepted_by = caller, accepted_at = now()
  where s.id = shift.id
  returning * into shift;
  return shift;
end;
$$;

comment on function public.accept_shift(uuid) is
  'Staff app: accept a pending shift of one of the caller''s employers that is offered to them (a '
  'best-matches shift once a wave reached them); the first caller wins, and no wave follows. Refused, with '
  'the first reason of public.eligibility in the worker''s words (its code in the hint), when the worker '
  'may not take it. Security definer because shifts are not client-writable; the caller is checked inside.';

-- The board ---------------------------------------------------------------------------------------

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

create view public.unfilled_shifts
with (security_invoker = true)
as
select s.*
from public.shifts_with_status s
where s.unfilled_at is not null and s.accepted_at is null;

comment on view public.unfilled_shifts is
  'Open shifts that reached their start with nobody assigned (flagged by the dispatch schedule), still '
  'open; SPEC''s statuses are unchanged (they are Pending). security_invoker, so the shifts policies apply.';

revoke all on table public.unfilled_shifts from anon, authenticated, service_role;
grant select on table public.unfilled_shifts to authenticated, service_role;

-- The timeline ------------------------------------------------------------------------------------

create or replace function public.shift_timeline(p_shift_id uuid)
returns table (at timestamptz, at_local text, kind text, actor_name text, detail text, flagged boolean)
language plpgsql
stable
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
  -- Each wave with up to 10 of the workers it reached (best matches in rank order, with why, one a
  -- line: the drawer keeps the line breaks).
  waves as (
    select w.wave, w.mode, w.notified,
           (select pg_catalog.string_agg(x.label, x.sep order by x.rank nulls last, x.name)
            from (select r.rank, nm.name,
                         case when w.mode = 'best_matches' and w.wave = 1
                              then '#' || r.rank || ' ' || nm.name || ': ' || r.reason
                              else nm.name end as label,
                         case when w.mode = 'best_matches' and w.wave = 1 then E'\n' else ', ' end as sep
                  from public.shift_wave_recipients r
                  cross join lateral (
                    select coalesce((select nullif(pg_catalog.btrim(st.first_name || ' ' || st.last_name), '')
                                     from public.staff st where st.id = r.staff_id), 'Former staff member') as name
                  ) nm
                  where r.shift_id = p_shift_id and r.wave = w.wave
                  order by r.rank nulls last, nm.name
                  limit 10) x) as names
    from public.shift_waves w
    where w.shift_id = p_shift_id and w.company_id = (select auth.uid())
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
             when 'unfilled' then 'Reached its start with nobody assigned'
           end as step_text,
           coalesce(j.arrival in ('early', 'late'), false) or j.time_done_issue is not null
             or coalesce(j.place_needed_reason, false) or j.event = 'unfilled' as step_flagged,
           case j.event when 'posted' then 1 when 'accepted' then 3 when 'clocked_in' then 4
                        when 'clocked_out' then 5 else 6 end as rank
    from judged j
    where j.event <> 'notified'
    union all
    -- Wave 1, sent with the post (everyone mode reads as it always did).
    select ev.id, ev.occurred_at, 'notified', null,
           case
             when w.mode = 'best_matches' then
               'Wave 1, best matches: '
               || case w.notified when 0 then 'no eligible staff to notify'
                                  when 1 then '1 staff member notified'
                                  else w.notified || ' staff members notified' end
               || coalesce(E':\n' || w.names, '')
               || case when w.notified > 10 then E'\nand ' || (w.notified - 10) || ' more' else '' end
             else
               case (ev.details ->> 'notified')::integer
                 when 0 then 'No staff were notified'
                 when 1 then '1 staff member notified'
                 else (ev.details ->> 'notified') || ' staff members notified'
               end
           end,
           false, 2
    from events ev
    left join waves w on w.wave = 1
    where ev.event = 'posted' and ev.details ? 'notified'
    union all
    -- Later waves, sent by the dispatch schedule.
    select ev.id, ev.occurred_at, 'notified', null,
           'Wave ' || (ev.details ->> 'wave')
           || case (ev.details ->> 'wave') when '2' then ', every other eligible staff member: '
                                           else ', the shift starts within 4 hours: ' end
           || case (ev.details ->> 'notified')::integer
                when 0 then 'nobody else to notify'
                when 1 then '1 more staff member notified'
                else (ev.details ->> 'notified') || ' more staff members notified'
              end
           || case when (ev.details ->> 'wave') = '3' and (ev.details ->> 'notified')::integer > 0
                   then ' who would go into overtime, which this shift allows' else '' end
           || coalesce(': ' || w.names, '')
           || case when coalesce(w.notified, 0) > 10 then ', and ' || (w.notified - 10) || ' more' else '' end,
           false, 2
    from events ev
    left join waves w on w.wave = (ev.details ->> 'wave')::integer
    where ev.event = 'notified'
    union all
    -- The wave still to come, while the shift is open.
    select null::bigint, s.next_wave_at, 'next_wave', null,
           case s.next_wave
             when 2 then 'Wave 2 to every other eligible staff member, if nobody has accepted by then'
             else 'Wave 3 to eligible staff it would put into overtime, if nobody has accepted by then'
           end,
           false, 7
    from public.shifts s
    where s.id = p_shift_id and s.company_id = (select auth.uid())
      and s.next_wave is not null and s.accepted_at is null
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
  'Dashboard drawer: a shift''s history in order (posted, notified: each dispatch wave with who it reached '
  'and, for best matches, why; accepted, clocked_in, clocked_out, unfilled: reached its start with nobody '
  'assigned, flagged; deleted; and next_wave: the wave still due while the shift is open) with the time in '
  'the company''s zone, who did it, a detail (staff notified, time to accept, early / on time / late against '
  'the start: on time is 30 min before to 10 min after, and where the worker clocked in: distance to the '
  'shift or no location, with the reason; time done and whether it differs from the clocked time by more '
  'than 15 min) and flagged for steps to look at (including a clock-in that needed a reason). Built from '
  'shift_events, so it works for deleted shifts; security invoker, so only the owning company gets rows.';
