-- Device pushes the database decides (issue 28, part 4): the late alert and a Re-post reach the
-- worker's phone, not only their in-app notifications.
--
--   * public.staff_pushes is the outbox: one row per push the database chose (who, about what, the
--     title and text), grouped in batches. A batch is delivered by one call to `sendnotification`
--     with the service role body { batchID }, queued through pg_net (private.call_edge_function,
--     Supabase's pattern for scheduled Edge Functions). The function reads the batch with the
--     service role through public.staff_push_deliveries and pushes exactly those rows: it never
--     chooses a recipient or writes a text itself.
--   * The watchdog (private.watchdog_tick) puts everything one tick decides into one batch: every
--     late alert it raises ("Your shift at … started 10 minutes ago", the same sentence as the
--     in-app notification) and the offers of every automatic re-post. One call per tick, however
--     many workers it alerts.
--   * Re-post (public.repost_shift, and the watchdog's automatic re-posts) pushes the workers that
--     private.redispatch_shift offered the shift to, read back from the notifications it wrote, so
--     private.redispatch_shift and private.repost_no_show themselves are unchanged.
--
-- Pushes are best effort: the in-app notifications are written either way, and without the Vault
-- secrets (docs/deployment.md) the rows are recorded but nothing is queued.

-- The outbox --------------------------------------------------------------------------------------

create table public.staff_pushes (
  id uuid primary key default gen_random_uuid(),
  -- One call of sendnotification delivers every row of a batch.
  batch_id uuid not null,
  kind text not null,
  staff_id uuid not null references public.staff (id) on delete cascade,
  company_id uuid not null references public.companies (id) on delete cascade,
  -- What the push is about; a push about a shift or a credential that is gone is not sent.
  shift_id uuid references public.shifts (id) on delete cascade,
  credential_id uuid references public.staff_credentials (id) on delete cascade,
  title text not null,
  body text not null,
  created_at timestamptz not null,
  -- The pg_net request that delivers the batch (net._http_response holds the answer for pg_net's TTL).
  push_request_id bigint,
  constraint staff_pushes_kind_option check (kind in ('late_alert', 'repost', 'credential_reminder')),
  constraint staff_pushes_subject check (
    case kind when 'credential_reminder' then credential_id is not null and shift_id is null
              else shift_id is not null and credential_id is null end)
);

comment on table public.staff_pushes is
  'Device pushes the database chose for workers (late alerts, re-post offers, credential reminders), '
  'in batches that sendnotification delivers when called with { batchID } by the database through '
  'pg_net. Written only by the database, read only by the service role (public.staff_push_deliveries).';

create index staff_pushes_batch_id_idx on public.staff_pushes (batch_id);
create index staff_pushes_created_at_idx on public.staff_pushes (created_at);
create index staff_pushes_staff_id_idx on public.staff_pushes (staff_id);
create index staff_pushes_company_id_idx on public.staff_pushes (company_id);
create index staff_pushes_shift_id_idx on public.staff_pushes (shift_id) where shift_id is not null;
create index staff_pushes_credential_id_idx on public.staff_pushes (credential_id) where credential_id is not null;

alter table public.staff_pushes enable row level security;

-- No policy: neither companies nor workers read the outbox (workers read their notifications).
revoke all on table public.staff_pushes from anon, authenticated, service_role;
grant select, insert, update, delete on table public.staff_pushes to service_role;

-- What sendnotification delivers: each row with the worker's Expo token and, when the push is no
-- longer true by the time the function runs (pg_net was behind), the reason it is skipped. The
-- database decides that too, so the function only delivers.
create view public.staff_push_deliveries
with (security_invoker = true)
as
select p.id, p.batch_id, p.kind, p.staff_id, p.company_id, p.shift_id, p.credential_id, p.title, p.body,
       nullif(btrim(st.push_token), '') as push_token,
       case
         when p.kind = 'late_alert' and s.clocked_in_at is not null
           then 'The staff member clocked in before this alert was pushed.'
         when p.kind = 'late_alert' and s.accepted_by is distinct from p.staff_id
           then 'The staff member no longer holds this shift.'
         when p.kind = 'repost' and s.accepted_at is not null
           then 'The shift was accepted before this offer was pushed.'
         when p.kind = 'repost' and not st.notify_new_shifts
           then 'This staff member turned off new-shift notifications.'
       end as skip_reason
from public.staff_pushes p
join public.staff st on st.id = p.staff_id
left join public.shifts s on s.id = p.shift_id;

comment on view public.staff_push_deliveries is
  'The rows of public.staff_pushes as sendnotification delivers them: with the worker''s Expo token and '
  'skip_reason when the push stopped being true (the worker clocked in, the shift was taken, new-shift '
  'alerts were turned off for an offer). security_invoker; the service role alone reads it.';

revoke all on table public.staff_push_deliveries from anon, authenticated, service_role;
grant select on table public.staff_push_deliveries to service_role;

-- Queueing a batch --------------------------------------------------------------------------------

create function private.queue_staff_pushes(p_batch_id uuid)
returns bigint
language plpgsql
set search_path = ''
as $$
declare
  request bigint;
begin
  if not exists (select 1 from public.staff_pushes p where p.batch_id = p_batch_id) then
    return null;
  end if;
  request := private.call_edge_function('sendnotification', jsonb_build_object('batchID', p_batch_id));
  update public.staff_pushes p set push_request_id = request where p.batch_id = p_batch_id;
  return request;
end;
$$;

comment on function private.queue_staff_pushes(uuid) is
  'Queues one call of sendnotification with { batchID } (private.call_edge_function: pg_net, the URL and '
  'service role key from Vault) when the batch holds any push, and keeps the request id on its rows. '
  'Returns the request id, or null when there was nothing to push or Vault lacks the secrets.';

-- Re-post offers, read back from what private.redispatch_shift wrote: the workers it notified at
-- p_at (its sentence, this shift). Kept apart from private.redispatch_shift so the dispatch rules it
-- holds change without touching pushes.
create function private.record_repost_pushes(p_batch_id uuid, p_shift_id uuid, p_at timestamptz)
returns integer
language sql
set search_path = ''
as $$
  with pushed as (
    insert into public.staff_pushes (batch_id, kind, staff_id, company_id, shift_id, title, body, created_at)
    select p_batch_id, 'repost', n.staff_id, n.company_id, n.shift_id, 'A shift needs cover now', n.message, p_at
    from public.notifications n
    where n.shift_id = p_shift_id and n.created_at = p_at
      and n.message = 'A shift that has started needs cover now. View in home page'
    returning 1
  )
  select count(*)::integer from pushed;
$$;

comment on function private.record_repost_pushes(uuid, uuid, timestamptz) is
  'Records in batch p_batch_id a push for every worker private.redispatch_shift offered a re-posted shift '
  'to at p_at (its notifications of that shift at that moment), with the same sentence. Answers how many.';

revoke all on function private.queue_staff_pushes(uuid), private.record_repost_pushes(uuid, uuid, timestamptz)
  from public, anon, authenticated, service_role;

-- Re-post pushes its offers --------------------------------------------------------------------------

-- As in 20261129160000_no_shows.sql; the offers are pushed after private.repost_no_show.
create or replace function public.repost_shift(p_shift_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  me constant uuid := (select auth.uid());
  company public.companies%rowtype;
  shift public.shifts%rowtype;
  told integer;
  batch uuid := gen_random_uuid();
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
  told := private.repost_no_show(shift.id, me, now());
  perform private.record_repost_pushes(batch, shift.id, now());
  perform private.queue_staff_pushes(batch);
  return told;
end;
$$;

comment on function public.repost_shift(uuid) is
  'Dashboard: Re-post an Assigned shift whose worker has not clocked in, once the agency''s threshold '
  '(companies.no_show_repost_after_minutes) has passed since the start: the worker is released and '
  'recorded as a no-show and the shift is offered again to the staff who may take it, in the staff app '
  'and on their devices (one sendnotification batch). Answers how many were offered it. Security definer '
  'because companies cannot write shifts, no-shows, notifications or pushes; it only touches the '
  'caller''s own shift.';

-- The watchdog pushes what it decides ----------------------------------------------------------------

-- As in 20261129160000_no_shows.sql, plus the pushes: every late alert and every automatic re-post's
-- offers of this tick go in one batch, delivered by one call.
create or replace function private.watchdog_tick(p_now timestamptz default now())
returns table (late_alerts integer, reposts integer)
language plpgsql
security definer
set search_path = ''
as $$
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
    returning s.id, s.company_id, s.accepted_by,
              format('Your shift at %s %s started %s minutes ago', s.street_number, s.street_name,
                     floor(extract(epoch from (p_now - s.starts_at)) / 60)::integer) as message,
              floor(extract(epoch from (p_now - s.starts_at)) / 60)::integer as minutes
  ),
  told as (
    insert into public.notifications (staff_id, company_id, shift_id, message, created_at)
    select l.accepted_by, l.company_id, l.id, l.message, p_now
    from late l
    returning staff_id
  ),
  flagged as (
    update public.staff st set has_unread_notifications = true
    where st.id in (select t.staff_id from told t) and not st.has_unread_notifications
  ),
  pushed as (
    insert into public.staff_pushes (batch_id, kind, staff_id, company_id, shift_id, title, body, created_at)
    select batch, 'late_alert', l.accepted_by, l.company_id, l.id, 'Your shift has started', l.message, p_now
    from late l
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

comment on function private.watchdog_tick(timestamptz) is
  'The no-show watchdog, for every agency at p_now: raises each late alert once (shifts held with no '
  'clock-in 10 minutes after the start: late_alerted_at, the worker''s notification and device push, a '
  'late_alert step), then re-posts the no-shows of agencies with auto_repost_no_shows once their '
  'threshold has passed (their offers pushed too). The tick''s pushes are one sendnotification batch, one '
  'pg_net call. Answers how many alerts and re-posts. Run every minute by pg_cron.';

-- The outbox keeps a week: enough to look into a push that did not arrive. The answers to the calls
-- are in net._http_response for pg_net's TTL.
select cron.schedule('purge-staff-pushes', '23 3 * * *',
  $$delete from public.staff_pushes where created_at < now() - interval '7 days'$$);
