-- The shift timeline shows the no-show work (issue 28, part 4): the late alert, a worker giving a
-- shift back ('released'), the no-show and the re-post, each naming the worker it is about, from the
-- steps 20261129160000_no_shows.sql records. The late alert, the no-show and a shift given back within
-- 24 hours of its start are flagged. The dispatch waves' lines (20261129120000_dispatch_reads.sql)
-- stay as they were; otherwise as in 20261125100000_clock_in_location.sql.

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
           end as actor,
           -- The worker a step is about (late alert, no-show, re-post, release), as the company may read them.
           case when e.event in ('late_alert', 'no_show', 'reposted', 'released') and e.details ? 'staff_id' then
             coalesce(
               (select nullif(pg_catalog.btrim(st.first_name || ' ' || st.last_name), '')
                from public.staff st where st.id = (e.details ->> 'staff_id')::uuid),
               'A former staff member')
           end as subject
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
             when 'late_alert' then
               j.subject || ' had not clocked in '
               || public.format_duration_minutes((j.details ->> 'minutes')::integer)
               || ' after the start and was notified'
             when 'no_show' then
               j.subject || ' had not clocked in '
               || public.format_duration_minutes((j.details ->> 'minutes')::integer)
               || ' after the start and was released as a no-show'
             when 'reposted' then
               case when (j.details ->> 'automatic')::boolean then 'Automatically. ' else '' end
               || case (j.details ->> 'notified')::integer
                    when 0 then 'No staff were notified'
                    when 1 then '1 staff member notified'
                    else (j.details ->> 'notified') || ' staff members notified'
                  end
               || coalesce('; ' || j.subject || ' cannot take it again', '')
             when 'released' then
               case when j.details ->> 'by' = 'staff' and j.occurred_at < (j.details ->> 'ends_at')::timestamptz then
                 j.subject || ' gave it back '
                 || case when j.occurred_at < (j.details ->> 'starts_at')::timestamptz then
                      public.format_duration_minutes(floor(extract(epoch from
                        (j.details ->> 'starts_at')::timestamptz - j.occurred_at) / 60)::integer) || ' before the start'
                    else 'after the start' end
               else j.subject || ' no longer holds it' end
             when 'unfilled' then 'Reached its start with nobody assigned'
           end as step_text,
           coalesce(j.arrival in ('early', 'late'), false) or j.time_done_issue is not null
             or coalesce(j.place_needed_reason, false)
             or j.event in ('late_alert', 'no_show', 'unfilled')
             or (j.event = 'released' and j.details ->> 'by' = 'staff'
                 and j.occurred_at > (j.details ->> 'starts_at')::timestamptz - interval '24 hours'
                 and j.occurred_at < (j.details ->> 'ends_at')::timestamptz) as step_flagged,
           case j.event when 'posted' then 1 when 'accepted' then 3 when 'late_alert' then 4 when 'clocked_in' then 4
                        when 'clocked_out' then 5 when 'released' then 6 when 'no_show' then 6
                        when 'reposted' then 7 else 8 end as rank
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
  'and, for best matches, why; accepted, late alert, clocked_in, clocked_out, released, no-show, re-posted, '
  'unfilled: reached its start with nobody assigned; deleted; and next_wave: the wave still due while the '
  'shift is open) with the time in the company''s zone, who did it, a detail (staff notified, time to '
  'accept, early / on time / late against the start: on time is 30 min before to 10 min after, and where '
  'the worker clocked in: distance to the shift or no location, with the reason; time done and whether it '
  'differs from the clocked time by more than 15 min; who was late, released as a no-show or gave the '
  'shift back, and how many staff a re-post notified) and flagged for steps to look at (a late alert, a '
  'no-show, unfilled, a shift given back within 24 h of its start, a clock-in that needed a reason). Built '
  'from shift_events, so it works for deleted shifts; security invoker, so only the owning company gets rows.';

revoke all on function public.shift_timeline(uuid) from public, anon, authenticated, service_role;
grant execute on function public.shift_timeline(uuid) to authenticated;
