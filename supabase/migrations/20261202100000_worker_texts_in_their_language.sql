-- What the database writes to a worker (in-app notifications and the pushes it decides: new
-- shifts and later waves, re-post offers, no-show releases, late alerts, credential reminders) is
-- in the worker's own language (staff.locale) when it is written, as the new-shift pushes of
-- sendnotification already were. The English texts are unchanged (SPEC's where SPEC gives them).
-- A notification keeps the language it was written in: it is a message received, like an email.

-- Every worker-facing sentence of the database, by key, in 'en' or 'fr-CA' (anything else is
-- English); p_values fill the %s in order.
create function private.worker_text(p_key text, p_locale text, p_values text[] default '{}')
returns text
language plpgsql
immutable
set search_path to ''
as $$
declare
  french boolean := p_locale = 'fr-CA';
  template text;
begin
  template := case p_key
    when 'new_shift' then
      case when french then 'Votre employeur vient de publier un nouveau quart. Consultez la page d’accueil'
           else 'Your employer just posted a new shift. View in home page' end
    when 'still_needed' then
      case when french then 'Votre employeur cherche encore quelqu’un pour un quart. Consultez la page d’accueil'
           else 'Your employer still needs someone for a shift. View in home page' end
    when 'repost_offer' then
      case when french then 'Un quart commencé doit être comblé maintenant. Consultez la page d’accueil'
           else 'A shift that has started needs cover now. View in home page' end
    when 'repost_offer_title' then
      case when french then 'Un quart doit être comblé maintenant' else 'A shift needs cover now' end
    when 'no_show_released' then
      case when french
           then 'Vous n’avez pas pointé votre arrivée à votre quart au %s %s : il a été offert à d’autres membres du personnel'
           else 'You did not clock in to your shift at %s %s, so it was offered to other staff' end
    when 'late_alert' then
      case when french then 'Votre quart au %s %s a commencé il y a %s minutes'
           else 'Your shift at %s %s started %s minutes ago' end
    when 'late_alert_title' then
      case when french then 'Votre quart a commencé' else 'Your shift has started' end
    when 'credential_expiring_title' then
      case when french then 'Titre de compétence bientôt expiré' else 'Credential expiring soon' end
  end;
  if template is null then
    raise exception 'Unknown worker text: %', p_key
      using hint = 'worker_text_unknown', detail = pg_catalog.json_build_object('key', p_key)::text;
  end if;
  return format(template, variadic p_values);
end;
$$;
comment on function private.worker_text(text, text, text[]) is
  'Every worker-facing sentence the database writes (notifications, decided pushes), by key, in the worker''s language (''fr-CA'', else English), with p_values filling its %s in order.';

-- A day as a Quebec text writes it: « 1er décembre 2026 », « 27 novembre 2026 ».
create function private.french_date(p_day date)
returns text
language sql
immutable
set search_path to ''
as $$
  select case when extract(day from p_day) = 1 then '1er' else extract(day from p_day)::integer::text end
         || ' ' || (array['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre',
                          'octobre', 'novembre', 'décembre'])[extract(month from p_day)::integer]
         || ' ' || extract(year from p_day)::integer::text
$$;
comment on function private.french_date(date) is
  'A date written the Quebec way (« 1er décembre 2026 »), for worker texts in French; to_char''s translated month names depend on the server''s lc_time and installed locales, which migrations do not control.';

-- "Your CPR/First aid expires in 14 days, on December 11, 2026", in the worker's language.
create function private.credential_expiry_text(p_type text, p_days_left integer, p_expires_on date, p_locale text)
returns text
language sql
immutable
set search_path to ''
as $$
  select case when p_locale = 'fr-CA' then
    format('Votre %s expire %s', p_type,
           case p_days_left
             when 0 then 'aujourd’hui, le ' || private.french_date(p_expires_on)
             when 1 then 'demain, le ' || private.french_date(p_expires_on)
             else format('dans %s jours, le %s', p_days_left, private.french_date(p_expires_on))
           end)
  else
    format('Your %s expires %s', p_type,
           case p_days_left
             when 0 then 'today, ' || to_char(p_expires_on, 'FMMonth FMDD, YYYY')
             when 1 then 'tomorrow, ' || to_char(p_expires_on, 'FMMonth FMDD, YYYY')
             else format('in %s days, on %s', p_days_left, to_char(p_expires_on, 'FMMonth FMDD, YYYY'))
           end)
  end
$$;
comment on function private.credential_expiry_text(text, integer, date, text) is
  'The credential reminder''s sentence in the worker''s language: expiring today, tomorrow or in n days, with the date.';

revoke all on function private.worker_text(text, text, text[]) from public, anon, authenticated, service_role;
revoke all on function private.french_date(date) from public, anon, authenticated, service_role;
revoke all on function private.credential_expiry_text(text, integer, date, text)
  from public, anon, authenticated, service_role;

-- The writers, restated as they were but for their texts.

CREATE OR REPLACE FUNCTION private.credential_reminder_tick(p_now timestamp with time zone DEFAULT now()) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  sent integer;
  batch uuid := gen_random_uuid();
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('private.credential_reminder_tick', 0));

  with candidates as (
    select c.id, c.company_id, c.staff_id, c.credential_type, c.expires_on, st.locale,
           c.expires_on - (p_now at time zone co.time_zone)::date as days_left
    from public.staff_credentials c
    join public.companies co on co.id = c.company_id
    join public.staff st on st.id = c.staff_id
    join public.employments e on e.company_id = c.company_id and e.staff_id = c.staff_id
    where c.verified_at is not null
      -- A day either side of every zone's today, for the index; days_left below is exact.
      and c.expires_on between (p_now - interval '1 day')::date and (p_now + interval '32 days')::date
      and extract(hour from (p_now at time zone co.time_zone)) between 9 and 20
      and not exists (
        select 1 from public.staff_credentials r
        where r.company_id = c.company_id and r.staff_id = c.staff_id and r.credential_type = c.credential_type
          and r.id <> c.id and r.verified_at is not null and (r.expires_on is null or r.expires_on > c.expires_on)
      )
  ),
  due as (
    select d.*, t.days_before
    from candidates d
    cross join lateral (
      select min(x) as days_before from unnest(array[30, 14, 1]) as x where x >= d.days_left
    ) t
    where d.days_left between 0 and 30
  ),
  recorded as (
    insert into public.credential_reminders (credential_id, days_before, expires_on, staff_id, company_id, sent_at)
    select d.id, d.days_before, d.expires_on, d.staff_id, d.company_id, p_now
    from due d
    on conflict do nothing
    returning credential_id, days_before
  ),
  worded as (
    select d.id, d.company_id, d.staff_id, d.locale,
           private.credential_expiry_text(d.credential_type, d.days_left, d.expires_on, d.locale) as message
    from due d
    join recorded r on r.credential_id = d.id and r.days_before = d.days_before
  ),
  told as (
    insert into public.notifications (staff_id, company_id, shift_id, message, created_at)
    select w.staff_id, w.company_id, null, w.message, p_now
    from worded w
    returning staff_id
  ),
  flagged as (
    update public.staff st set has_unread_notifications = true
    where st.id in (select t.staff_id from told t) and not st.has_unread_notifications
  ),
  pushed as (
    insert into public.staff_pushes (batch_id, kind, staff_id, company_id, credential_id, title, body, created_at)
    select batch, 'credential_reminder', w.staff_id, w.company_id, w.id,
           private.worker_text('credential_expiring_title', w.locale), w.message, p_now
    from worded w
  )
  select count(*)::integer into sent from worded;

  perform private.queue_staff_pushes(batch);
  return sent;
end;
$$;

CREATE OR REPLACE FUNCTION private.record_repost_pushes(p_batch_id uuid, p_shift_id uuid, p_at timestamp with time zone) RETURNS integer
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  with pushed as (
    insert into public.staff_pushes (batch_id, kind, staff_id, company_id, shift_id, title, body, created_at)
    select p_batch_id, 'repost', n.staff_id, n.company_id, n.shift_id,
           private.worker_text('repost_offer_title', st.locale), n.message, p_at
    from public.notifications n
    join public.staff st on st.id = n.staff_id
    where n.shift_id = p_shift_id and n.created_at = p_at
      and n.message = private.worker_text('repost_offer', st.locale)
    returning 1
  )
  select count(*)::integer from pushed;
$$;

CREATE OR REPLACE FUNCTION private.redispatch_shift(p_shift_id uuid, p_at timestamp with time zone) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
    select el.staff_id, shift.company_id, shift.id, private.worker_text('repost_offer', st.locale), p_at
    from eligible el
    join public.staff st on st.id = el.staff_id
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

CREATE OR REPLACE FUNCTION private.repost_no_show(p_shift_id uuid, p_actor uuid, p_at timestamp with time zone) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  shift public.shifts%rowtype;
  worker uuid;
  minutes_late integer;
  told integer;
begin
  select * into shift from public.shifts s where s.id = p_shift_id for update;
  worker := shift.accepted_by;
  minutes_late := greatest(0, floor(extract(epoch from (p_at - shift.starts_at)) / 60))::integer;

  -- A holder whose account is gone (accepted_at kept, accepted_by null) leaves no one to record.
  if worker is not null then
    insert into public.no_shows (shift_id, company_id, staff_id, shift_starts_at, recorded_at, recorded_by, automatic)
    values (shift.id, shift.company_id, worker, shift.starts_at, p_at, p_actor, p_actor is null)
    on conflict (shift_id, staff_id) do nothing;

    insert into public.notifications (staff_id, company_id, shift_id, message, created_at)
    select worker, shift.company_id, shift.id,
           private.worker_text('no_show_released', st.locale, array[shift.street_number, shift.street_name]), p_at
    from public.staff st
    where st.id = worker;
    update public.staff st set has_unread_notifications = true where st.id = worker;

    insert into public.shift_events (shift_id, company_id, event, actor_id, occurred_at, details)
    values (shift.id, shift.company_id, 'no_show', p_actor, p_at,
            jsonb_build_object('staff_id', worker, 'automatic', p_actor is null, 'minutes', minutes_late));
  end if;

  -- Waves stop (20261129110000_dispatch_waves.sql): a re-posted shift has started, so every
  -- eligible worker is offered it at once. It is open after its start, so it is Unfilled now, but
  -- recorded as such here rather than by the schedule, whose step says nobody was assigned at the start.
  update public.shifts s
  set accepted_by = null, accepted_at = null, late_alerted_at = null, next_wave = null, next_wave_at = null,
      unfilled_at = coalesce(s.unfilled_at, case when s.starts_at <= p_at then p_at end)
  where s.id = shift.id;

  told := private.redispatch_shift(shift.id, p_at);

  insert into public.shift_events (shift_id, company_id, event, actor_id, occurred_at, details)
  values (shift.id, shift.company_id, 'reposted', p_actor, p_at,
          jsonb_build_object('notified', told, 'automatic', p_actor is null, 'minutes', minutes_late)
          || case when worker is not null then jsonb_build_object('staff_id', worker) else '{}'::jsonb end);
  return told;
end;
$$;

CREATE OR REPLACE FUNCTION private.send_waves(p_shift_ids uuid[], p_waves smallint[], p_now timestamp with time zone, p_push boolean) RETURNS integer
    LANGUAGE sql
    SET search_path TO ''
    AS $$
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
  select coalesce(sum(w.notified), 0)::integer from waves w;
$$;

CREATE OR REPLACE FUNCTION private.watchdog_tick(p_now timestamp with time zone DEFAULT now()) RETURNS TABLE(late_alerts integer, reposts integer)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  alerted integer;
  reposted integer := 0;
  target record;
  batch uuid := gen_random_uuid();
begin
  -- Ticks never overlap: a slow one finishes before the next minute's starts on the same rows.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('private.watchdog_tick', 0));

  -- Late: held, not clocked in, 10 minutes past the start, not yet alerted, not over. The update
  -- marks each shift once; the worker's notification, their push and the history step come from its rows.
  with late as (
    update public.shifts s set late_alerted_at = p_now
    where s.accepted_at is not null and s.clocked_in_at is null and s.ends_at > p_now
      and s.accepted_by is not null and s.late_alerted_at is null
      and s.starts_at <= p_now - interval '10 minutes'
    returning s.id, s.company_id, s.accepted_by, s.street_number, s.street_name,
              floor(extract(epoch from (p_now - s.starts_at)) / 60)::integer as minutes
  ),
  worded as (
    select l.*, st.locale,
           private.worker_text('late_alert', st.locale, array[l.street_number, l.street_name, l.minutes::text])
             as message
    from late l
    join public.staff st on st.id = l.accepted_by
  ),
  told as (
    insert into public.notifications (staff_id, company_id, shift_id, message, created_at)
    select l.accepted_by, l.company_id, l.id, l.message, p_now
    from worded l
    returning staff_id
  ),
  flagged as (
    update public.staff st set has_unread_notifications = true
    where st.id in (select t.staff_id from told t) and not st.has_unread_notifications
  ),
  pushed as (
    insert into public.staff_pushes (batch_id, kind, staff_id, company_id, shift_id, title, body, created_at)
    select batch, 'late_alert', l.accepted_by, l.company_id, l.id, private.worker_text('late_alert_title', l.locale),
           l.message, p_now
    from worded l
  ),
  logged as (
    insert into public.shift_events (shift_id, company_id, event, actor_id, occurred_at, details)
    select l.id, l.company_id, 'late_alert', null, p_now,
           jsonb_build_object('staff_id', l.accepted_by, 'minutes', l.minutes)
    from late l
  )
  select count(*)::integer into alerted from late;

  -- Automatic re-posts, for the agencies that asked for them, once their threshold has passed.
  for target in
    select s.id
    from public.shifts s
    join public.companies c on c.id = s.company_id
    where c.auto_repost_no_shows
      and s.accepted_at is not null and s.clocked_in_at is null and s.ends_at > p_now
      and s.starts_at <= p_now - make_interval(mins => c.no_show_repost_after_minutes)
    order by s.starts_at, s.id
    for update of s skip locked
  loop
    perform private.repost_no_show(target.id, null, p_now);
    perform private.record_repost_pushes(batch, target.id, p_now);
    reposted := reposted + 1;
  end loop;

  perform private.queue_staff_pushes(batch);
  return query select alerted, reposted;
end;
$$;
