-- A shift's timeline (public.shift_timeline) in the agency's language (companies.locale): the
-- detail line of every step, the waves and the best matches' reasons. English is unchanged; the
-- French words follow docs/i18n.md's glossary. The reasons stored with a wave's recipients stay the
-- English sentences the database wrote; French reads the facts stored beside them.

-- A length of time in French, as the apps write it (« 1 jour 2 h 30 min »), or
-- format_duration_minutes' English.
create function public.duration_text(p_minutes integer, p_french boolean)
returns text
language sql
immutable
set search_path to ''
as $$
  select case
    when p_minutes is null then null
    when not p_french then public.format_duration_minutes(p_minutes)
    when p_minutes < 1 then 'moins de 1 min'
    else pg_catalog.concat_ws(' ',
      case when p_minutes >= 1440 then (p_minutes / 1440)::text
             || case when p_minutes / 1440 = 1 then ' jour' else ' jours' end end,
      case when p_minutes % 1440 >= 60 then ((p_minutes % 1440) / 60)::text || ' h' end,
      case when p_minutes % 60 > 0 then (p_minutes % 60)::text || ' min' end)
  end
$$;
comment on function public.duration_text(integer, boolean) is
  'A number of minutes as text: French (« 1 jour 2 h 30 min ») or public.format_duration_minutes'' English.';

-- "No staff were notified", "1 staff member notified", "3 staff members notified", or in French.
create function public.notified_text(p_count integer, p_french boolean)
returns text
language sql
immutable
set search_path to ''
as $$
  select case
    when p_french then case p_count
                         when 0 then 'Aucun membre du personnel avisé'
                         when 1 then '1 membre du personnel avisé'
                         else p_count || ' membres du personnel avisés' end
    else case p_count
           when 0 then 'No staff were notified'
           when 1 then '1 staff member notified'
           else p_count || ' staff members notified' end
  end
$$;
comment on function public.notified_text(integer, boolean) is
  'How many staff a post, wave or re-post notified, as the timeline says it, in English or French.';

-- private.match_reason in French, from the same facts.
create function public.match_reason_fr(p_worked_here_before boolean, p_distance_m integer, p_reliability numeric)
returns text
language sql
immutable
set search_path to ''
as $$
  select concat_ws('; ',
    case when p_worked_here_before then 'a déjà travaillé à cette adresse' end,
    case
      when p_distance_m is null then 'distance inconnue'
      when p_distance_m < 1000 then p_distance_m || ' m de son dernier pointage d’arrivée'
      else pg_catalog.translate(to_char(p_distance_m / 1000.0, 'FM999990.0'), '.', ',')
           || ' km de son dernier pointage d’arrivée'
    end,
    case
      when p_reliability is null then 'aucun quart passé ici pour l’instant'
      else 'fiabilité de ' || round(p_reliability * 100) || E'\u00a0% ici'
    end);
$$;
comment on function public.match_reason_fr(boolean, integer, numeric) is
  'Why a worker was among a shift''s best matches, in French: private.match_reason''s sentence.';

-- In public because shift_timeline runs as the signed-in company (security invoker), which may not
-- use the private schema; like format_duration_minutes, for companies only.
revoke all on function public.duration_text(integer, boolean) from public, anon, service_role;
revoke all on function public.notified_text(integer, boolean) from public, anon, service_role;
revoke all on function public.match_reason_fr(boolean, integer, numeric) from public, anon, service_role;
grant execute on function public.duration_text(integer, boolean) to authenticated;
grant execute on function public.notified_text(integer, boolean) to authenticated;
grant execute on function public.match_reason_fr(boolean, integer, numeric) to authenticated;

CREATE OR REPLACE FUNCTION public.shift_timeline(p_shift_id uuid) RETURNS TABLE(at timestamp with time zone, at_local text, kind text, actor_name text, detail text, flagged boolean)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET "TimeZone" TO 'UTC'
    AS $$
declare
  zone text;
  fr boolean;
begin
  select c.time_zone, c.locale = 'fr-CA' into zone, fr from public.companies c where c.id = (select auth.uid());
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
               case when fr then 'Ancien membre du personnel' else 'Former staff member' end)
           end as actor,
           -- The worker a step is about (late alert, no-show, re-post, release), as the company may read them.
           case when e.event in ('late_alert', 'no_show', 'reposted', 'released') and e.details ? 'staff_id' then
             coalesce(
               (select nullif(pg_catalog.btrim(st.first_name || ' ' || st.last_name), '')
                from public.staff st where st.id = (e.details ->> 'staff_id')::uuid),
               case when fr then 'Un ancien membre du personnel' else 'A former staff member' end)
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
                              then '#' || r.rank || ' ' || nm.name
                                   || case when fr
                                           then E'\u00a0: ' || public.match_reason_fr(r.worked_here_before, r.distance_m,
                                                                                       r.reliability)
                                           else ': ' || r.reason end
                              else nm.name end as label,
                         case when w.mode = 'best_matches' and w.wave = 1 then E'\n' else ', ' end as sep
                  from public.shift_wave_recipients r
                  cross join lateral (
                    select coalesce((select nullif(pg_catalog.btrim(st.first_name || ' ' || st.last_name), '')
                                     from public.staff st where st.id = r.staff_id),
                                    case when fr then 'Ancien membre du personnel' else 'Former staff member' end) as name
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
               when not (ev.details ->> 'located')::boolean then
                 case when fr then ' · Sans position' else ' · No location' end
               when ev.details ->> 'distance_m' is null then ''
               when (ev.details ->> 'distance_m')::integer < 1000 then
                 ' · ' || (ev.details ->> 'distance_m') || case when fr then ' m du quart' else ' m from the shift' end
               else ' · ' || pg_catalog.translate(pg_catalog.rtrim(pg_catalog.rtrim(
                        pg_catalog.to_char((ev.details ->> 'distance_m')::numeric / 1000, 'FM999999990.0'), '0'), '.'),
                        '.', case when fr then ',' else '.' end)
                      || case when fr then ' km du quart' else ' km from the shift' end
             end
             || coalesce(case when fr then E'. Raison\u00a0: ' else '. Reason: ' end || (ev.details ->> 'reason'), '')
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
                 when 'on time' then case when fr then 'À l’heure' else 'On time' end
                 when 'early' then public.duration_text(floor(extract(epoch from j.starts_at - j.occurred_at) / 60)::integer, fr)
                                   || case when fr then ' d’avance' else ' early' end
                 when 'late' then public.duration_text(floor(extract(epoch from j.occurred_at - j.starts_at) / 60)::integer, fr)
                                  || case when fr then ' de retard' else ' late' end
               end
               || coalesce(j.place, '')
             when 'clocked_out' then
               case when fr then
                 -- The hours the company entered, read back in French when the database can read them.
                 E'Temps effectué\u00a0: '
                 || coalesce(public.duration_text(public.time_done_minutes(j.details ->> 'time_done'), true),
                             j.details ->> 'time_done')
                 || case when j.time_done_issue is not null and j.clocked_in_at is not null then
                      '. Pointé ' || public.duration_text(floor(extract(epoch from j.occurred_at - j.clocked_in_at) / 60)::integer, true)
                      || E'\u00a0: ' || case j.time_done_issue
                                          when 'Could not be compared with the clocked time'
                                            then 'impossible de comparer avec le temps pointé'
                                          else 'diffère du temps pointé de plus de 15 min' end
                    else '' end
               else
                 'Time done: ' || (j.details ->> 'time_done')
                 || case when j.time_done_issue is not null and j.clocked_in_at is not null then
                      '. Clocked ' || public.format_duration_minutes(floor(extract(epoch from j.occurred_at - j.clocked_in_at) / 60)::integer)
                      || ': ' || pg_catalog.lower(left(j.time_done_issue, 1)) || substr(j.time_done_issue, 2)
                    else '' end
               end
             when 'accepted' then
               public.duration_text(floor(extract(epoch from j.occurred_at - j.posted_at) / 60)::integer, fr)
               || case when fr then ' après la publication' else ' after posting' end
             when 'deleted' then
               case when fr then 'Le statut était ' || case j.details ->> 'status'
                                                          when 'Pending' then 'En attente'
                                                          when 'Assigned' then 'Attribué'
                                                          when 'In-progress' then 'En cours'
                                                          when 'Completed' then 'Terminé'
                                                          else j.details ->> 'status' end
                    else 'Status was ' || (j.details ->> 'status') end
             when 'late_alert' then
               case when fr then
                 j.subject || ' n’avait pas pointé son arrivée '
                 || public.duration_text((j.details ->> 'minutes')::integer, true) || ' après le début et a reçu un avis'
               else
                 j.subject || ' had not clocked in '
                 || public.format_duration_minutes((j.details ->> 'minutes')::integer)
                 || ' after the start and was notified'
               end
             when 'no_show' then
               case when fr then
                 j.subject || ' n’avait pas pointé son arrivée '
                 || public.duration_text((j.details ->> 'minutes')::integer, true)
                 || E' après le début\u00a0: le quart lui a été retiré pour absence'
               else
                 j.subject || ' had not clocked in '
                 || public.format_duration_minutes((j.details ->> 'minutes')::integer)
                 || ' after the start and was released as a no-show'
               end
             when 'reposted' then
               case when (j.details ->> 'automatic')::boolean
                    then case when fr then 'Automatiquement. ' else 'Automatically. ' end else '' end
               || public.notified_text((j.details ->> 'notified')::integer, fr)
               || coalesce('; ' || j.subject || case when fr then ' ne peut pas le reprendre' else ' cannot take it again' end,
                           '')
             when 'released' then
               case when j.details ->> 'by' = 'staff' and j.occurred_at < (j.details ->> 'ends_at')::timestamptz then
                 j.subject || case when fr then ' l’a rendu ' else ' gave it back ' end
                 || case when j.occurred_at < (j.details ->> 'starts_at')::timestamptz then
                      public.duration_text(floor(extract(epoch from
                        (j.details ->> 'starts_at')::timestamptz - j.occurred_at) / 60)::integer, fr)
                      || case when fr then ' avant le début' else ' before the start' end
                    else case when fr then 'après le début' else 'after the start' end end
               else j.subject || case when fr then ' ne l’occupe plus' else ' no longer holds it' end end
             when 'unfilled' then
               case when fr then 'Personne n’était attribué au début du quart' else 'Reached its start with nobody assigned' end
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
               case when fr then E'Vague 1, meilleurs candidats\u00a0: ' else 'Wave 1, best matches: ' end
               || case when w.notified = 0 and fr then 'aucun membre du personnel admissible à aviser'
                       when w.notified = 0 then 'no eligible staff to notify'
                       else pg_catalog.lower(left(public.notified_text(w.notified, fr), 1))
                            || substr(public.notified_text(w.notified, fr), 2) end
               || coalesce(case when fr then E'\u00a0:\n' else E':\n' end || w.names, '')
               || case when w.notified > 10
                       then case when fr then E'\net ' || (w.notified - 10) || ' autres'
                                 else E'\nand ' || (w.notified - 10) || ' more' end
                       else '' end
             else
               public.notified_text((ev.details ->> 'notified')::integer, fr)
           end,
           false, 2
    from events ev
    left join waves w on w.wave = 1
    where ev.event = 'posted' and ev.details ? 'notified'
    union all
    -- Later waves, sent by the dispatch schedule.
    select ev.id, ev.occurred_at, 'notified', null,
           case when fr then
             'Vague ' || (ev.details ->> 'wave')
             || case (ev.details ->> 'wave') when '2' then E', tous les autres membres du personnel admissibles\u00a0: '
                                             else E', le quart commence dans moins de 4 heures\u00a0: ' end
             || case (ev.details ->> 'notified')::integer
                  when 0 then 'personne d’autre à aviser'
                  when 1 then '1 autre membre du personnel avisé'
                  else (ev.details ->> 'notified') || ' autres membres du personnel avisés'
                end
             || case when (ev.details ->> 'wave') = '3' and (ev.details ->> 'notified')::integer > 0
                     then case when (ev.details ->> 'notified')::integer = 1 then ' qui ferait' else ' qui feraient' end
                          || ' des heures supplémentaires, ce que ce quart permet'
                     else '' end
             || coalesce(E'\u00a0: ' || w.names, '')
             || case when coalesce(w.notified, 0) > 10 then ', et ' || (w.notified - 10) || ' autres' else '' end
           else
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
             || case when coalesce(w.notified, 0) > 10 then ', and ' || (w.notified - 10) || ' more' else '' end
           end,
           false, 2
    from events ev
    left join waves w on w.wave = (ev.details ->> 'wave')::integer
    where ev.event = 'notified'
    union all
    -- The wave still to come, while the shift is open.
    select null::bigint, s.next_wave_at, 'next_wave', null,
           case
             when s.next_wave = 2 and fr
               then 'Vague 2 à tous les autres membres du personnel admissibles, si personne n’a accepté d’ici là'
             when s.next_wave = 2 then 'Wave 2 to every other eligible staff member, if nobody has accepted by then'
             when fr
               then 'Vague 3 au personnel admissible qui ferait des heures supplémentaires, si personne n’a accepté d’ici là'
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
