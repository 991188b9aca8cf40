-- Who is notified of a new shift, and when: dispatch waves (issue 28, section 3).
--
-- An agency chooses a dispatch mode at Shift Call (remembered as its default on companies, and
-- recorded on each shift):
--   * everyone (SPEC's behaviour, the default): one wave, at posting, to every employed worker who
--     may take the shift (public.eligibility; with nothing recorded about them, that is everyone but
--     a worker who holds an overlapping shift or has time off then);
--   * best_matches: wave 1 at posting to the best-ranked eligible workers (private.dispatch_score),
--     wave 2 to every other eligible worker after a delay (10 minutes, or 1 hour when the shift
--     starts more than 24 hours after posting), and, for a shift that allows overtime, wave 3 when
--     the shift starts within 4 hours to the eligible workers it would put into overtime (flagged).
-- Waves stop when someone accepts (the first to accept still wins) and when the shift ends.
--
-- Each wave is a row of public.shift_waves, each worker it reached a row of
-- public.shift_wave_recipients saying why they were chosen, and each worker gets their in-app
-- notification in the same transaction. Wave 1 is sent by the insert (the dashboard then asks
-- `sendnotification` to push it, as SPEC's post flow does); later waves are sent by
-- private.dispatch_tick, which pg_cron runs every minute, and pushed by calling `sendnotification`
-- from the database with pg_net (Supabase's pattern for scheduled Edge Functions, URL and key from
-- Vault). The same tick flags an open shift that reached its start unfilled (shifts.unfilled_at,
-- logged in shift_events) so the board shows it and the scheduler is alerted.

-- Modes -------------------------------------------------------------------------------------------

alter table public.companies
  add column dispatch_mode text not null default 'everyone',
  add constraint companies_dispatch_mode_option check (dispatch_mode in ('everyone', 'best_matches'));
comment on column public.companies.dispatch_mode is
  'The agency''s default dispatch mode at Shift Call: everyone (all eligible staff at once, SPEC''s '
  'behaviour) or best_matches (waves). Changed by the agency; each shift records the mode it was posted with.';
grant update (dispatch_mode) on table public.companies to authenticated;

alter table public.shifts
  add column dispatch_mode text not null default 'everyone',
  add column next_wave smallint,
  add column next_wave_at timestamptz,
  add column unfilled_at timestamptz,
  add constraint shifts_dispatch_mode_option check (dispatch_mode in ('everyone', 'best_matches')),
  add constraint shifts_next_wave_range check (next_wave between 2 and 3),
  add constraint shifts_next_wave_pair check ((next_wave is null) = (next_wave_at is null));

comment on column public.shifts.dispatch_mode is
  'How the shift was dispatched: everyone or best_matches (see public.shift_waves). Set at posting (Shift '
  'Call sends the mode chosen there, which starts as the agency''s default); SPEC''s everyone when a post names none.';
comment on column public.shifts.next_wave is
  'The wave private.dispatch_tick sends next (2 or 3), null when no wave is left. Written only by the database.';
comment on column public.shifts.next_wave_at is
  'When the next wave is due (sent if the shift is still open then). Written only by the database.';
comment on column public.shifts.unfilled_at is
  'The shift''s start, once it reached its start with nobody assigned (the board''s Unfilled flag); set '
  'by private.dispatch_tick and kept after a late accept. Written only by the database.';

grant insert (dispatch_mode) on table public.shifts to authenticated;

alter table public.shift_events drop constraint shift_events_event_kind;
alter table public.shift_events add constraint shift_events_event_kind check (
  event in ('posted', 'accepted', 'clocked_in', 'clocked_out', 'deleted', 'notified', 'unfilled'));
comment on table public.shift_events is
  'Append-only history of each shift, written by triggers on public.shifts and by dispatch (notified: a '
  'later wave; unfilled: reached its start with nobody assigned). actor_id is the user who caused the '
  'event (null when done by the database''s schedule, the service role or a seed).';

-- Waves and who they reached ------------------------------------------------------------------------

create table public.shift_waves (
  shift_id uuid not null references public.shifts (id) on delete cascade,
  company_id uuid not null references public.companies (id) on delete cascade,
  wave smallint not null,
  mode text not null,
  sent_at timestamptz not null,
  notified integer not null,
  -- The pg_net request that pushed it (net._http_response holds the answer for pg_net's TTL).
  push_request_id bigint,
  primary key (shift_id, wave),
  constraint shift_waves_wave_range check (wave between 1 and 3),
  constraint shift_waves_mode_option check (mode in ('everyone', 'best_matches')),
  constraint shift_waves_notified_not_negative check (notified >= 0)
);

comment on table public.shift_waves is
  'Each dispatch wave of a shift: when it was sent, in which mode, how many workers it notified and the '
  'pg_net request that pushed it (waves after the first). Written only by the database; read by the agency.';

create index shift_waves_company_id_idx on public.shift_waves (company_id, shift_id);

create table public.shift_wave_recipients (
  shift_id uuid not null,
  -- The key also lets sendnotification read each recipient's devices in one request (an embed).
  staff_id uuid not null references public.staff (id) on delete cascade,
  -- The shift's agency (for RLS); it goes with the shift.
  company_id uuid not null,
  wave smallint not null,
  -- Best matches only: the place in the ranking and the facts it was computed from.
  rank integer,
  worked_here_before boolean,
  distance_m integer,
  reliability numeric(4, 3),
  score numeric(6, 3),
  overtime boolean not null default false,
  reason text not null,
  primary key (shift_id, staff_id),
  foreign key (shift_id, wave) references public.shift_waves (shift_id, wave) on delete cascade
);

comment on table public.shift_wave_recipients is
  'Who each wave notified and why they were chosen (a worker is notified at most once per shift). Written '
  'only by the database; read by the agency (the timeline) and by sendnotification (who to push to).';

create index shift_wave_recipients_company_id_idx on public.shift_wave_recipients (company_id, shift_id);
create index shift_wave_recipients_wave_idx on public.shift_wave_recipients (shift_id, wave);

alter table public.shift_waves enable row level security;
alter table public.shift_wave_recipients enable row level security;

create policy "Companies can view the waves of their own shifts"
  on public.shift_waves for select to authenticated
  using (company_id = (select auth.uid()));

create policy "Companies can view who their own shifts' waves notified"
  on public.shift_wave_recipients for select to authenticated
  using (company_id = (select auth.uid()));

revoke all on table public.shift_waves, public.shift_wave_recipients from anon, authenticated, service_role;
grant select on table public.shift_waves, public.shift_wave_recipients to authenticated, service_role;

-- The timeline drawer follows a shift's waves live.
alter publication supabase_realtime add table public.shift_waves;

-- Ranking ----------------------------------------------------------------------------------------

create function private.worker_reliability(p_company_id uuid, p_staff_id uuid)
returns numeric
language sql
stable
set search_path = ''
as $$
  select case when count(*) = 0 then null
              else round(count(*) filter (where s.clocked_out_at is not null)::numeric / count(*), 3) end
  from public.shifts s
  where s.accepted_by = p_staff_id and s.company_id = p_company_id and s.ends_at <= now();
$$;

comment on function private.worker_reliability(uuid, uuid) is
  'How reliable a worker has been at an agency: of the shifts they accepted there that have ended, the share '
  'they completed (clocked out), 0 to 1; null with no such shift. A simple measure from existing data, '
  'meant to be replaced by a fuller one without changing its signature.';

create function private.match_facts(p_shift public.shifts, p_staff_id uuid)
returns table (worked_here_before boolean, distance_m integer, reliability numeric)
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
     limit 1),
    private.worker_reliability(p_shift.company_id, p_staff_id);
$$;

comment on function private.match_facts(public.shifts, uuid) is
  'What the ranking knows about a worker for a shift, from the agency''s own records: whether they worked '
  '(clocked in) at this address before, how far the shift is from where they last clocked in for the agency '
  '(metres; null when unknown), and private.worker_reliability.';

-- The ranking, one expression: having worked at the address counts most (3), then nearness (2 at the
-- door, 1 at 10 km, fading further; 0 when unknown), then reliability (0 to 1; 0.5 when unknown).
create function private.dispatch_score(p_worked_here_before boolean, p_distance_m integer, p_reliability numeric)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select round(
    3 * (coalesce(p_worked_here_before, false))::integer
    + 2 * case when p_distance_m is null then 0 else 10000.0 / (10000 + greatest(p_distance_m, 0)) end
    + coalesce(p_reliability, 0.5), 3);
$$;

comment on function private.dispatch_score(boolean, integer, numeric) is
  'The best-matches ranking, one SQL expression (higher is better): 3 × worked at this address before '
  '+ 2 × 10 km / (10 km + distance from where they last clocked in; 0 when unknown) + reliability (0 to 1, '
  '0.5 when unknown). Ties go by staff id so a ranking is always the same.';

create function private.match_reason(p_worked_here_before boolean, p_distance_m integer, p_reliability numeric)
returns text
language sql
immutable
set search_path = ''
as $$
  select concat_ws('; ',
    case when p_worked_here_before then 'worked at this address before' end,
    case
      when p_distance_m is null then 'distance unknown'
      when p_distance_m < 1000 then p_distance_m || ' m from where they last clocked in'
      else to_char(p_distance_m / 1000.0, 'FM999990.0') || ' km from where they last clocked in'
    end,
    case
      when p_reliability is null then 'no past shifts here yet'
      else 'completed ' || round(p_reliability * 100) || '% of past shifts here'
    end);
$$;

comment on function private.match_reason(boolean, integer, numeric) is
  'Why a worker was among the best matches, from the facts the ranking used, as the timeline shows it.';

-- Timing ------------------------------------------------------------------------------------------

create function private.first_wave_size()
returns integer
language sql
immutable
set search_path = ''
as $$ select 5 $$;

comment on function private.first_wave_size() is
  'How many best-ranked eligible workers wave 1 of a best-matches post notifies.';

create function private.wave_two_delay(p_starts_at timestamptz, p_posted_at timestamptz)
returns interval
language sql
immutable
set search_path = ''
as $$
  select case when p_starts_at - p_posted_at > interval '24 hours' then interval '1 hour'
              else interval '10 minutes' end;
$$;

comment on function private.wave_two_delay(timestamptz, timestamptz) is
  'How long best matches have the shift to themselves: 10 minutes, or 1 hour when the shift starts more '
  'than 24 hours after it was posted.';

-- Calling an edge function from the database ---------------------------------------------------------

create function private.call_edge_function(p_name text, p_body jsonb)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  base_url text;
  service_key text;
begin
  select decrypted_secret into base_url from vault.decrypted_secrets where name = 'project_url';
  select decrypted_secret into service_key from vault.decrypted_secrets where name = 'service_role_key';
  if base_url is null or service_key is null then
    -- The in-app notifications are written either way; only the device pushes need the function.
    raise warning 'Vault has no project_url or service_role_key: % was not called (docs/deployment.md)', p_name;
    return null;
  end if;
  return net.http_post(
    url := rtrim(base_url, '/') || '/functions/v1/' || p_name,
    body := p_body,
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_key),
    timeout_milliseconds := 30000
  );
end;
$$;

comment on function private.call_edge_function(text, jsonb) is
  'Queues a POST to one of the project''s edge functions with the service role key, through pg_net, with '
  'the URL and key from Vault (project_url, service_role_key), as Supabase documents for scheduled Edge '
  'Functions. Returns pg_net''s request id, or null (with a warning) when Vault lacks them.';

revoke all on function private.worker_reliability(uuid, uuid), private.match_facts(public.shifts, uuid),
  private.dispatch_score(boolean, integer, numeric), private.match_reason(boolean, integer, numeric),
  private.first_wave_size(), private.wave_two_delay(timestamptz, timestamptz), private.call_edge_function(text, jsonb)
  from public, anon, authenticated, service_role;

-- Sending waves ----------------------------------------------------------------------------------

create function private.send_waves(p_shift_ids uuid[], p_waves smallint[], p_now timestamptz, p_push boolean)
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
  -- Employed workers not yet notified of the shift who may take it.
  candidates as materialized (
    select d.id as shift_id, d.company_id, d.wave, d.mode, d.shift, e.staff_id,
           -- Only a shift that allows overtime can have a flagged worker; asked only then.
           case when (d.shift).allow_overtime
                then 'overtime' = any (private.eligibility_flags(d.shift, e.staff_id)) else false end as overtime
    from due d
    join public.employments e on e.company_id = d.company_id
    where not exists (select 1 from public.shift_wave_recipients r where r.shift_id = d.id and r.staff_id = e.staff_id)
      and not exists (select 1 from private.eligibility_reasons(d.shift, e.staff_id))
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

revoke all on function private.send_waves(uuid[], smallint[], timestamptz, boolean) from public, anon, authenticated, service_role;

-- At posting ---------------------------------------------------------------------------------------

create function private.prepare_shift_dispatch()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.dispatch_mode = 'best_matches' then
    new.next_wave := 2;
    new.next_wave_at := new.created_at + private.wave_two_delay(new.starts_at, new.created_at);
  else
    new.next_wave := null;
    new.next_wave_at := null;
  end if;
  new.unfilled_at := null;
  return new;
end;
$$;

comment on function private.prepare_shift_dispatch() is
  'Before a shift is posted: for best matches, when wave 2 is due; no wave is scheduled otherwise, and a '
  'post cannot schedule or flag anything itself. Security definer because the poster (an API role) cannot use '
  'the private schema''s timing rules.';

revoke all on function private.prepare_shift_dispatch() from public, anon, authenticated, service_role;

create trigger prepare_dispatch
  before insert on public.shifts
  for each row execute function private.prepare_shift_dispatch();

-- The fan-out of SPEC's post flow is now wave 1.
create or replace function private.fan_out_shift_notifications()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.send_waves(array[new.id], array[1::smallint], new.created_at, false);
  return null;
end;
$$;

comment on function private.fan_out_shift_notifications() is
  'After a shift is posted: its first wave (private.send_waves): every eligible worker in everyone mode, '
  'the best matches otherwise, each with their notification and unread flag. Security definer because '
  'the company cannot write notifications, waves or staff flags.';

-- The schedule ------------------------------------------------------------------------------------

create function private.dispatch_tick(p_now timestamptz default now())
returns table (unfilled integer, waves integer, notified integer)
language plpgsql
set search_path = ''
as $$
declare
  v_unfilled integer;
  v_ids uuid[];
  v_waves smallint[];
  v_notified integer := 0;
begin
  -- Open shifts that reached their start: flagged once, at their start, and logged.
  with started as (
    select s.id from public.shifts s
    where s.accepted_at is null and s.unfilled_at is null and s.starts_at <= p_now
    order by s.starts_at
    limit 5000
    for update skip locked
  ),
  flagged as (
    update public.shifts s set unfilled_at = s.starts_at
    from started
    where s.id = started.id
    returning s.id, s.company_id, s.starts_at
  ),
  logged as (
    insert into public.shift_events (shift_id, company_id, event, occurred_at, details)
    select f.id, f.company_id, 'unfilled', f.starts_at, jsonb_build_object('noticed_at', p_now)
    from flagged f
    returning 1
  )
  select count(*)::integer into v_unfilled from logged;

  -- An ended shift is offered no more.
  update public.shifts s set next_wave = null, next_wave_at = null
  where s.id in (select e.id from public.shifts e
                 where e.next_wave is not null and e.accepted_at is null and e.next_wave_at <= p_now
                   and e.ends_at <= p_now
                 for update skip locked);

  -- Due waves of every agency, oldest first; a shift being accepted right now is skipped (locked),
  -- and once accepted it leaves the index this reads.
  select coalesce(array_agg(d.id order by d.next_wave_at, d.id), '{}'),
         coalesce(array_agg(d.next_wave order by d.next_wave_at, d.id), '{}')
  into v_ids, v_waves
  from (select s.id, s.next_wave, s.next_wave_at from public.shifts s
        where s.next_wave is not null and s.accepted_at is null and s.next_wave_at <= p_now
        order by s.next_wave_at
        limit 1000
        for update skip locked) d;

  if cardinality(v_ids) > 0 then
    v_notified := private.send_waves(v_ids, v_waves, p_now, true);
    update public.shifts s
    set next_wave = case when s.next_wave = 2 and s.allow_overtime then 3 end,
        next_wave_at = case when s.next_wave = 2 and s.allow_overtime
                            then greatest(p_now, s.starts_at - interval '4 hours') end
    where s.id = any (v_ids);
  end if;

  return query select v_unfilled, cardinality(v_ids), v_notified;
end;
$$;

comment on function private.dispatch_tick(timestamptz) is
  'One pass of the dispatch schedule (pg_cron runs it every minute; tests pass p_now): flags open shifts '
  'that reached their start (unfilled_at, an unfilled event), then sends every due wave of every agency '
  'at once (private.send_waves, at most 1000 shifts a pass, the rest next minute) and schedules the next: '
  'wave 3 for a shift that allows overtime, at 4 hours before its start. Accepted and ended shifts get no '
  'more waves. Returns what it did.';

revoke all on function private.dispatch_tick(timestamptz) from public, anon, authenticated, service_role;

-- What the tick reads: due waves and started open shifts, never the whole open set.
create index shifts_next_wave_due_idx on public.shifts (next_wave_at)
  where next_wave is not null and accepted_at is null;
create index shifts_unfilled_due_idx on public.shifts (starts_at)
  where accepted_at is null and unfilled_at is null;

-- Shifts already past their start when this ships reached it unfilled long ago: flagged as such,
-- without an event or alert for each.
update public.shifts set unfilled_at = starts_at where accepted_at is null and starts_at <= now();

select cron.schedule('dispatch-tick', '* * * * *', 'select private.dispatch_tick()');
-- pg_cron keeps a row per run; a week of them is plenty to look into a problem.
select cron.schedule('purge-cron-run-details', '17 3 * * *',
  $$delete from cron.job_run_details where end_time < now() - interval '7 days'$$);
