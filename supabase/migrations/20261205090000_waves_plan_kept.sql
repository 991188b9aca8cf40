-- The waves (private.send_waves) in PL/pgSQL instead of SQL, for the same reason as the staff home
-- list (20261204090000_staff_home_list_plan_kept.sql): it runs at every post (the shift's insert
-- trigger sends wave 1), and as a SQL function its one large statement was parsed and planned
-- again at each call, about 2.7 ms before doing anything. PL/pgSQL keeps the plan for the
-- connection. Same statement and rules as in 20261202100000_worker_texts_in_their_language.sql,
-- except for how the best matches' ranking is read: a SQL function called from another's body is
-- planned again at each call, so private.match_facts, asked for each of 1,000 workers, planned
-- private.worker_reliability and private.reliability_counts 1,000 times (about 1 s a post). The
-- ranking now reads the place facts per worker (private.place_facts) and the reliability of all
-- of a shift's candidates at once (private.reliabilities). private.match_facts and
-- private.worker_reliability answer as before, built from these.

create or replace function private.reliabilities(p_company_id uuid, p_staff_ids uuid[])
returns table (staff_id uuid, reliability numeric)
language sql
stable
set search_path = ''
as $$
  select r.staff_id, case when r.completed + r.no_shows + r.late_cancellations > 0 then r.score end
  from private.reliability_counts(p_company_id, p_staff_ids) r
$$;

comment on function private.reliabilities(uuid, uuid[]) is
  'Each of these workers'' reliability at an agency, 0 to 1 (private.reliability_score over '
  'private.reliability_counts), or null while none of their shifts there has a known outcome '
  '(completed, no-show, cancelled within 24 h): the wave ranking''s measure, for many workers at '
  'once. Workers the agency does not employ get no row.';

create or replace function private.worker_reliability(p_company_id uuid, p_staff_id uuid)
returns numeric
language sql
stable
set search_path = ''
as $$
  select r.reliability from private.reliabilities(p_company_id, array[p_staff_id]) r
$$;

create or replace function private.place_facts(p_shift public.shifts, p_staff_id uuid)
returns table (worked_here_before boolean, distance_m integer)
language sql
stable
set search_path = ''
as $$
  select
    exists (
      select 1 from public.shifts s
      where s.accepted_by = p_staff_id and s.company_id = p_shift.company_id and s.id <> p_shift.id
        and s.clocked_in_at is not null
        and s.street_number = p_shift.street_number
        and lower(btrim(s.street_name)) = lower(btrim(p_shift.street_name))
        and upper(replace(s.postal_code, ' ', '')) = upper(replace(p_shift.postal_code, ' ', ''))
    ),
    (select private.great_circle_m(s.clock_in_latitude, s.clock_in_longitude, p_shift.latitude, p_shift.longitude)
     from public.shifts s
     where s.accepted_by = p_staff_id and s.company_id = p_shift.company_id and s.clock_in_latitude is not null
     order by s.clocked_in_at desc
     limit 1)
$$;

comment on function private.place_facts(public.shifts, uuid) is
  'What the ranking knows of a worker and a shift''s place, from the agency''s own records: whether '
  'they worked (clocked in) at this address before, and how far the shift is from where they last '
  'clocked in for the agency (metres; null when unknown).';

create or replace function private.match_facts(p_shift public.shifts, p_staff_id uuid)
returns table (worked_here_before boolean, distance_m integer, reliability numeric)
language sql
stable
set search_path = ''
as $$
  select p.worked_here_before, p.distance_m, private.worker_reliability(p_shift.company_id, p_staff_id)
  from private.place_facts(p_shift, p_staff_id) p
$$;

revoke all on function private.reliabilities(uuid, uuid[]), private.place_facts(public.shifts, uuid)
  from public, anon, authenticated, service_role;

create or replace function private.send_waves(p_shift_ids uuid[], p_waves smallint[], p_now timestamptz, p_push boolean)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  told integer;
begin
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
  best as (
    select c.* from candidates c where c.mode = 'best_matches' and c.wave = 1 and not c.overtime
  ),
  -- Reliability of all of a shift's candidates in one private.reliabilities call: asked per worker
  -- (private.match_facts), it was planned again for each of them.
  reliable as (
    select d.shift_id, r.staff_id, r.reliability
    from (select distinct b.shift_id, b.company_id from best b) d
    cross join lateral private.reliabilities(
      d.company_id, array(select b.staff_id from best b where b.shift_id = d.shift_id)) r
  ),
  ranked as (
    select c.shift_id, c.company_id, c.wave, c.staff_id, c.overtime, f.worked_here_before, f.distance_m,
           r.reliability, private.dispatch_score(f.worked_here_before, f.distance_m, r.reliability) as score,
           row_number() over (
             partition by c.shift_id
             order by private.dispatch_score(f.worked_here_before, f.distance_m, r.reliability) desc, c.staff_id
           )::integer as rank
    from best c
    cross join lateral private.place_facts(c.shift, c.staff_id) f
    left join reliable r on r.shift_id = c.shift_id and r.staff_id = c.staff_id
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
           private.worker_text(case when c.wave = 1 then 'new_shift' else 'still_needed' end, st.locale), p_now
    from chosen c
    join public.staff st on st.id = c.staff_id
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
  select coalesce(sum(w.notified), 0)::integer into told from waves w;
  return told;
end;
$$;
