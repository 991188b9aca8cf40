-- Credential expiry reminders (issue 28, part 1): a worker is reminded 30, 14 and 1 day before a
-- credential an agency verified for them expires, in the staff app (a notification) and on their
-- devices (a push through sendnotification, 20261130100000_staff_pushes.sql).
--
--   * Which credentials: verified, with an expiry date not passed yet in the agency's time zone,
--     recorded by an agency that still employs the worker, and not already replaced by a verified
--     credential of the same type that lasts longer.
--   * When: the reminder for the nearest threshold the credential has reached (30, 14 or 1 day
--     left, counted in days of the agency's calendar), once per credential, threshold and expiry
--     date (public.credential_reminders), so a tick is idempotent and a renewed credential (a new
--     expiry date) is reminded again. A credential recorded with 10 days left gets the 14-day
--     reminder, not a late 30-day one.
--   * Between 9:00 and 20:59 in the agency's zone only: nobody's phone rings at night. pg_cron runs
--     the tick every hour, so each agency's reminders go out in its first hour of the morning.

create table public.credential_reminders (
  credential_id uuid not null references public.staff_credentials (id) on delete cascade,
  days_before integer not null,
  -- The expiry date the reminder was about: a renewed credential is reminded again.
  expires_on date not null,
  staff_id uuid not null references public.staff (id) on delete cascade,
  company_id uuid not null references public.companies (id) on delete cascade,
  sent_at timestamptz not null,
  primary key (credential_id, days_before, expires_on),
  constraint credential_reminders_threshold check (days_before in (30, 14, 1))
);

comment on table public.credential_reminders is
  'Which expiry reminders were sent for each credential (30, 14 or 1 day before its expiry date), so each '
  'is sent once. Written only by the database; the agency that recorded the credential and the worker read theirs.';

create index credential_reminders_staff_id_idx on public.credential_reminders (staff_id);
create index credential_reminders_company_id_idx on public.credential_reminders (company_id);

alter table public.credential_reminders enable row level security;

create policy "Companies can view the reminders of the credentials they recorded"
  on public.credential_reminders for select to authenticated
  using (company_id = (select auth.uid()));

create policy "Staff can view their own credential reminders"
  on public.credential_reminders for select to authenticated
  using (staff_id = (select auth.uid()));

revoke all on table public.credential_reminders from anon, authenticated, service_role;
grant select on table public.credential_reminders to authenticated;
grant select, insert, update, delete on table public.credential_reminders to service_role;

-- The tick reads credentials by expiry, never the whole table.
create index staff_credentials_verified_expires_on_idx on public.staff_credentials (expires_on)
  where verified_at is not null and expires_on is not null;

-- The tick ----------------------------------------------------------------------------------------

create function private.credential_reminder_tick(p_now timestamptz default now())
returns integer
language plpgsql
set search_path = ''
as $$
declare
  sent integer;
  batch uuid := gen_random_uuid();
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('private.credential_reminder_tick', 0));

  with candidates as (
    select c.id, c.company_id, c.staff_id, c.credential_type, c.expires_on,
           c.expires_on - (p_now at time zone co.time_zone)::date as days_left
    from public.staff_credentials c
    join public.companies co on co.id = c.company_id
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
    select d.id, d.company_id, d.staff_id,
           format('Your %s expires %s', d.credential_type,
                  case d.days_left
                    when 0 then 'today, ' || to_char(d.expires_on, 'FMMonth FMDD, YYYY')
                    when 1 then 'tomorrow, ' || to_char(d.expires_on, 'FMMonth FMDD, YYYY')
                    else format('in %s days, on %s', d.days_left, to_char(d.expires_on, 'FMMonth FMDD, YYYY'))
                  end) as message
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
    select batch, 'credential_reminder', w.staff_id, w.company_id, w.id, 'Credential expiring soon', w.message, p_now
    from worded w
  )
  select count(*)::integer into sent from worded;

  perform private.queue_staff_pushes(batch);
  return sent;
end;
$$;

comment on function private.credential_reminder_tick(timestamptz) is
  'Credential expiry reminders for every agency at p_now: each verified credential of a current employment '
  'whose expiry date (not passed, not superseded by a longer one of the same type) has come within 30, 14 or '
  '1 day in the agency''s calendar gets the reminder of the nearest threshold once ("Your CPR/First aid '
  'expires in 14 days, on December 12, 2026"): a row of credential_reminders, the worker''s notification and '
  'a device push (one sendnotification batch). Only between 9:00 and 20:59 in the agency''s zone. Answers how '
  'many were sent. Run every hour by pg_cron.';

revoke all on function private.credential_reminder_tick(timestamptz) from public, anon, authenticated, service_role;

select cron.schedule('credential-reminders', '5 * * * *', 'select private.credential_reminder_tick()');
