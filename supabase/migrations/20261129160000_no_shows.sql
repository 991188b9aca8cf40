-- No-shows (issue 28, part 4): the watchdog, the no-show record, Re-post and the agency's settings.
--
--   * 10 minutes after the start of an Assigned shift with no clock-in (the "Late" rule of
--     20261124200000_attendance_checks.sql), private.watchdog_tick raises the late alert once per
--     holder: shifts.late_alerted_at is set (the dashboard's board and badge follow it over
--     Realtime, like any change of a shift), the worker gets "Your shift at … started 10 minutes
--     ago" in the staff app, and the timeline gets a late_alert step.
--   * From the agency's threshold (companies.no_show_repost_after_minutes, 15 by default) the
--     scheduler can Re-post (public.repost_shift): the worker is released and recorded as a no-show
--     (public.no_shows), the shift is Pending again, the worker may not take it again (the
--     'no_show' reason of private.eligibility_reasons, which accept_shift and the staff app's
--     open-shift list ask), and the shift is dispatched again (private.redispatch_shift). An
--     agency may let the watchdog do that itself (companies.auto_repost_no_shows).
--   * A worker giving back a shift they accepted (leaving the agency, or being removed) becomes a
--     'released' step of the history, so late cancellations can be counted (see
--     20261129160100_worker_reliability.sql).
--
-- Every function takes its clock as an argument where a test needs one (p_now, p_at): no test waits
-- on a real clock.

-- The agency's settings ------------------------------------------------------------------------------

alter table public.companies
  add column no_show_repost_after_minutes integer not null default 15,
  add column auto_repost_no_shows boolean not null default false,
  add constraint companies_no_show_repost_after_range check (no_show_repost_after_minutes between 10 and 240);

comment on column public.companies.no_show_repost_after_minutes is
  'Minutes after the start of an Assigned shift with no clock-in from which it may be re-posted '
  '(10 to 240; 15 by default). The late alert itself always comes at 10 minutes.';
comment on column public.companies.auto_repost_no_shows is
  'Whether the watchdog re-posts a no-show by itself once no_show_repost_after_minutes have passed.';

grant update (no_show_repost_after_minutes, auto_repost_no_shows) on table public.companies to authenticated;

-- The late alert, on the shift ------------------------------------------------------------------------

alter table public.shifts add column late_alerted_at timestamptz;

comment on column public.shifts.late_alerted_at is
  'When the watchdog raised the late alert for the shift''s current holder (pushed them, alerted the '
  'dashboard); null until then, and again once the shift is released. Written by the database only.';

-- The view lists s.* as it was when created, so it is rebuilt to carry the new column, and with it
-- public.unfilled_shifts (20261129120000_dispatch_reads.sql), which reads it.
drop view public.unfilled_shifts;
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

-- What the watchdog walks each minute: held shifts not clocked in that have not ended. Partial on
-- what changes (a clock-in or a release leaves it), ordered by end so ended no-shows are skipped.
create index shifts_awaiting_clock_in_ends_at_idx on public.shifts (ends_at)
  where accepted_at is not null and clocked_in_at is null;

-- The history learns four steps. -----------------------------------------------------------------------

alter table public.shift_events drop constraint shift_events_event_kind;
alter table public.shift_events add constraint shift_events_event_kind check (
  event in ('posted', 'accepted', 'clocked_in', 'clocked_out', 'deleted', 'notified', 'unfilled',
            'late_alert', 'no_show', 'reposted', 'released')
);

-- Reliability counts a worker's steps per agency (20261129160100_worker_reliability.sql).
create index shift_events_company_id_staff_id_idx on public.shift_events (company_id, (details ->> 'staff_id'))
  where details ? 'staff_id';

-- No-show records ---------------------------------------------------------------------------------------

create table public.no_shows (
  id uuid primary key default gen_random_uuid(),
  -- No foreign key: like shift_events, the record outlives a deleted shift (it is the worker's record).
  shift_id uuid not null,
  company_id uuid not null references public.companies (id) on delete cascade,
  staff_id uuid not null references public.staff (id) on delete cascade,
  shift_starts_at timestamptz not null,
  recorded_at timestamptz not null default now(),
  -- The scheduler who chose Re-post; null when the watchdog re-posted by itself (automatic).
  recorded_by uuid references auth.users (id) on delete set null,
  automatic boolean not null,
  constraint no_shows_one_per_shift_and_worker unique (shift_id, staff_id),
  constraint no_shows_automatic_has_no_recorder check (not automatic or recorded_by is null)
);

comment on table public.no_shows is
  'A worker who did not clock in to a shift they held and was released from it (Re-post, by a '
  'scheduler or automatically). Written by the database only; the agency reads its own, the worker '
  'their own. Keeps the worker from taking that shift again and counts against their reliability.';

create index no_shows_company_id_staff_id_idx on public.no_shows (company_id, staff_id);
create index no_shows_staff_id_idx on public.no_shows (staff_id);

alter table public.no_shows enable row level security;

create policy "Companies can view their own no-show records"
  on public.no_shows for select to authenticated
  using (company_id = (select auth.uid()));

create policy "Staff can view their own no-show records"
  on public.no_shows for select to authenticated
  using (staff_id = (select auth.uid()));

revoke all on table public.no_shows from anon, authenticated, service_role;
grant select on table public.no_shows to authenticated;
grant select, insert, update, delete on table public.no_shows to service_role;

-- The rules: a no-show may not take the shift again --------------------------------------------------------

-- As in 20261126110000_staff_qualifications.sql, with 'no_show' right after employment: it is the
-- reason that explains itself best to the worker and the scheduler.
create or replace function private.eligibility_reasons(p_shift public.shifts, p_staff_id uuid)
returns table (code text, reason text)
language plpgsql
stable
set search_path = ''
as $$
declare
  employment public.employments%rowtype;
  missing text;
  with_shift numeric;
  limit_hours numeric;
begin
  select * into employment from public.employments e
  where e.staff_id = p_staff_id and e.company_id = p_shift.company_id;
  if not found then
    return query select 'not_employed', 'Does not work for this agency';
  end if;
  if exists (select 1 from public.no_shows n where n.shift_id = p_shift.id and n.staff_id = p_staff_id) then
    return query select 'no_show', 'Was a no-show on this shift';
  end if;
  if private.holds_overlapping_shift(p_staff_id, p_shift.starts_at, p_shift.ends_at, p_shift.id) then
    return query select 'overlapping_shift', 'Already has another shift at this time';
  end if;
  if private.time_off_overlaps(p_staff_id, p_shift.starts_at, p_shift.ends_at) then
    return query select 'time_off', 'Has time off at this time';
  end if;
  if employment.staff_id is null then
    return;
  end if;

  if employment.staff_types <> '{}'
     and not p_shift.staff_type = any (employment.staff_types)
     and not exists (select 1 from public.staff_type_coverage sc
                     where sc.company_id = p_shift.company_id and sc.may_cover = p_shift.staff_type
                       and sc.staff_type = any (employment.staff_types)) then
    return query select 'staff_type', format('Is not recorded as a %s', p_shift.staff_type);
  end if;
  if employment.skills <> '{}' and not p_shift.skill = any (employment.skills) then
    return query select 'skill', format('Is not recorded as skilled in %s', lower(p_shift.skill));
  end if;

  -- Required credentials, verified and valid until the shift's last day (the agency's calendar).
  select string_agg(r.credential_type, ', ' order by r.credential_type) into missing
  from public.staff_type_requirements r
  where r.company_id = p_shift.company_id and r.staff_type = p_shift.staff_type
    and not exists (
      select 1 from public.staff_credentials c
      where c.company_id = p_shift.company_id and c.staff_id = p_staff_id
        and c.credential_type = r.credential_type and c.verified_at is not null
        and (c.expires_on is null
             or c.expires_on >= (p_shift.ends_at at time zone coalesce(
                  (select co.time_zone from public.companies co where co.id = p_shift.company_id), 'America/Toronto'))::date)
    );
  if missing is not null then
    return query select 'credential', format('Has no verified, valid %s', missing);
  end if;

  if not p_shift.allow_overtime
     and (employment.staff_types <> '{}' or employment.skills <> '{}' or employment.languages <> '{}'
          or employment.max_weekly_hours is not null) then
    limit_hours := least(employment.max_weekly_hours, private.overtime_threshold(p_shift.country, p_shift.province));
    if limit_hours is not null then
      with_shift := private.weekly_hours_held(p_shift, p_staff_id)
                    + extract(epoch from (p_shift.ends_at - p_shift.starts_at)) / 3600;
      if with_shift > limit_hours then
        return query select 'over_hours',
          format('Would work %s hours that week, over %s', round(with_shift, 1)::text, round(limit_hours, 1)::text);
      end if;
    end if;
  end if;
end;
$$;

comment on function private.eligibility_reasons(public.shifts, uuid) is
  'Every reason a worker may not take a shift, as (code, sentence), most basic first: employment, a '
  'no-show on this very shift, the two rules that always hold (overlap, time off), then the '
  'qualification rules where the agency recorded them (staff type with coverage, skill, required '
  'credentials valid until the shift''s last day, weekly hours within the worker''s maximum and the '
  'overtime threshold unless the shift allows overtime).';

-- accept_shift says the new reason in the worker's words; otherwise as before.
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

  if shift.accepted_by = caller then
    raise exception 'You have already accepted this shift';
  end if;
  if shift.ends_at <= now() then
    raise exception 'This shift has already ended';
  end if;
  -- A best-matches shift not offered to the caller yet is not theirs to see.
  if not private.is_offered(shift, caller) then
    raise exception 'Shift not found';
  end if;

  -- Whether the caller may take it comes before whether someone was faster: a worker who could
  -- never have taken the shift is told why, not that they were late.
  select r.code into first_code from private.eligibility_reasons(shift, caller) r limit 1;
  case first_code
    when 'no_show' then
      raise exception 'You did not clock in to this shift, so your agency offered it to other staff'
        using hint = first_code;
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

  if shift.accepted_at is not null then
    raise exception 'This shift has already been accepted by another staff member';
  end if;

  update public.shifts s set accepted_by = caller, accepted_at = now()
  where s.id = shift.id
  returning * into shift;
  return shift;
end;
$$;

comment on function public.accept_shift(uuid) is
  'Staff app: accept a pending shift of one of the caller''s employers; the first caller wins. '
  'Refused, with the first reason of public.eligibility in the worker''s words (its code in the hint), '
  'when the worker may not take it, including a shift they were released from as a no-show. Security '
  'definer because shifts are not client-writable; the caller is checked inside.';

-- Releases become history ------------------------------------------------------------------------------

-- A shift that goes back to Pending other than by Re-post (the worker left the agency, or the agency
-- removed them) is a 'released' step: by whom, and how long before the start, which is what makes a
-- late cancellation. A trigger of its own, beside record_shift_event, so any future way of giving a
-- shift back is recorded the same way.
create function private.record_shift_release()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := auth.uid();
begin
  if old.accepted_at is null or new.accepted_at is not null or old.accepted_by is null then
    return null;
  end if;
  -- Re-post writes its own no_show step.
  if exists (select 1 from public.no_shows n where n.shift_id = old.id and n.staff_id = old.accepted_by) then
    return null;
  end if;
  insert into public.shift_events (shift_id, company_id, event, actor_id, details)
  values (old.id, old.company_id, 'released', actor,
          jsonb_build_object('staff_id', old.accepted_by, 'starts_at', old.starts_at, 'ends_at', old.ends_at,
                             'by', case when actor = old.accepted_by then 'staff'
                                        when actor = old.company_id then 'company' end));
  return null;
end;
$$;

comment on function private.record_shift_release() is
  'Records a ''released'' shift event when an accepted shift goes back to Pending other than by '
  'Re-post: the worker, who released it (staff or company) and the shift''s start and end. '
  'Security definer because clients cannot write the history.';

revoke all on function private.record_shift_release() from public, anon, authenticated, service_role;

create trigger record_shift_release
  after update of accepted_at on public.shifts
  for each row execute function private.record_shift_release();

-- Dispatch again ---------------------------------------------------------------------------------------

-- The seam between Re-post and dispatch: offers a reopened shift to the staff who may take it now
-- (public.eligibility's rules, so never the no-show) as in-app notifications, the staff app's live
-- list and badge, and answers how many were told. Waves (dispatch modes, device pushes in rounds)
-- take over by replacing this body; Re-post and the watchdog call nothing else.
create function private.redispatch_shift(p_shift_id uuid, p_at timestamptz)
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
    select e.staff_id
    from public.employments e
    where e.company_id = shift.company_id
      and not exists (select 1 from private.eligibility_reasons(shift, e.staff_id))
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
  '(private.eligibility_reasons, so not the no-show); answers how many. The one place Re-post '
  'dispatches through.';

revoke all on function private.redispatch_shift(uuid, timestamptz) from public, anon, authenticated, service_role;

-- Re-post ------------------------------------------------------------------------------------------------

-- Releases the holder of a shift as a no-show and offers the shift again. p_actor is the scheduler,
-- or null for the watchdog (automatic). The caller has checked the threshold and holds the row lock.
create function private.repost_no_show(p_shift_id uuid, p_actor uuid, p_at timestamptz)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
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
    values (worker, shift.company_id, shift.id,
            format('You did not clock in to your shift at %s %s, so it was offered to other staff',
                   shift.street_number, shift.street_name),
            p_at);
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

comment on function private.repost_no_show(uuid, uuid, timestamptz) is
  'Re-post: records the holder as a no-show (by p_actor, or automatic when null), tells them, puts '
  'the shift back to Pending and dispatches it again (private.redispatch_shift), with no_show and '
  'reposted steps in the history; answers how many staff were offered it.';

revoke all on function private.repost_no_show(uuid, uuid, timestamptz) from public, anon, authenticated, service_role;

create function public.repost_shift(p_shift_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  me constant uuid := (select auth.uid());
  company public.companies%rowtype;
  shift public.shifts%rowtype;
begin
  select * into company from public.companies c where c.id = me;
  if not found then
    raise exception 'Only company accounts can re-post shifts' using errcode = 'insufficient_privilege';
  end if;
  select * into shift from public.shifts s where s.id = p_shift_id and s.company_id = me for update;
  if not found then
    raise exception 'Shift not found';
  end if;
  if shift.accepted_at is null then
    raise exception 'Nobody holds this shift, so there is nothing to re-post';
  end if;
  if shift.clocked_in_at is not null then
    raise exception 'The staff member has clocked in, so this shift cannot be re-posted';
  end if;
  if shift.ends_at <= now() then
    raise exception 'This shift has already ended';
  end if;
  if now() < shift.starts_at + make_interval(mins => company.no_show_repost_after_minutes) then
    raise exception 'A shift can be re-posted from % minutes after its start', company.no_show_repost_after_minutes;
  end if;
  return private.repost_no_show(shift.id, me, now());
end;
$$;

comment on function public.repost_shift(uuid) is
  'Dashboard: Re-post an Assigned shift whose worker has not clocked in, once the agency''s threshold '
  '(companies.no_show_repost_after_minutes) has passed since the start: the worker is released and '
  'recorded as a no-show and the shift is offered again to the staff who may take it. Answers how '
  'many were offered it. Security definer because companies cannot write shifts, no-shows or '
  'notifications; it only touches the caller''s own shift.';

revoke all on function public.repost_shift(uuid) from public, anon, authenticated, service_role;
grant execute on function public.repost_shift(uuid) to authenticated;

-- The watchdog ---------------------------------------------------------------------------------------------

-- One tick for every agency at once, at p_now: set-based late alerts, then the automatic re-posts.
create function private.watchdog_tick(p_now timestamptz default now())
returns table (late_alerts integer, reposts integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  alerted integer;
  reposted integer := 0;
  target record;
begin
  -- Ticks never overlap: a slow one finishes before the next minute's starts on the same rows.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('private.watchdog_tick', 0));

  -- Late: held, not clocked in, 10 minutes past the start, not yet alerted, not over. The update
  -- marks each shift once; the worker's notification and the history step come from its rows.
  with late as (
    update public.shifts s set late_alerted_at = p_now
    where s.accepted_at is not null and s.clocked_in_at is null and s.ends_at > p_now
      and s.accepted_by is not null and s.late_alerted_at is null
      and s.starts_at <= p_now - interval '10 minutes'
    returning s.id, s.company_id, s.accepted_by, s.street_number, s.street_name,
              floor(extract(epoch from (p_now - s.starts_at)) / 60)::integer as minutes
  ),
  told as (
    insert into public.notifications (staff_id, company_id, shift_id, message, created_at)
    select l.accepted_by, l.company_id, l.id,
           format('Your shift at %s %s started %s minutes ago', l.street_number, l.street_name, l.minutes), p_now
    from late l
    returning staff_id
  ),
  flagged as (
    update public.staff st set has_unread_notifications = true
    where st.id in (select t.staff_id from told t) and not st.has_unread_notifications
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
    reposted := reposted + 1;
  end loop;

  return query select alerted, reposted;
end;
$$;

comment on function private.watchdog_tick(timestamptz) is
  'The no-show watchdog, for every agency at p_now: raises each late alert once (shifts held with no '
  'clock-in 10 minutes after the start: late_alerted_at, the worker''s notification, a late_alert '
  'step), then re-posts the no-shows of agencies with auto_repost_no_shows once their threshold has '
  'passed. Answers how many of each. Run every minute by pg_cron.';

revoke all on function private.watchdog_tick(timestamptz) from public, anon, authenticated, service_role;
