-- Per-shift history: an append-only log of what happened to each shift (posted, accepted,
-- clocked in, clocked out, deleted), who did it and when. Written only by triggers; the owning
-- company can read it; nobody (not even the service role or the table owner) can change or delete
-- it. shift_id carries no foreign key so the log outlives a deleted shift.

create table public.shift_events (
  id bigint generated always as identity primary key,
  shift_id uuid not null,
  company_id uuid not null,
  event text not null,
  actor_id uuid,
  occurred_at timestamptz not null default now(),
  details jsonb not null default '{}'::jsonb,
  constraint shift_events_event_kind check (
    event in ('posted', 'accepted', 'clocked_in', 'clocked_out', 'deleted')
  )
);

alter table public.shift_events enable row level security;

comment on table public.shift_events is
  'Append-only history of each shift, written by triggers on public.shifts. actor_id is the user '
  'who caused the event (null when done by the service role or a seed).';

create index shift_events_company_id_shift_id_idx on public.shift_events (company_id, shift_id, occurred_at);

create policy "Companies can view the history of their own shifts"
  on public.shift_events for select
  to authenticated
  using (company_id = (select auth.uid()));

revoke all on table public.shift_events from anon, authenticated, service_role;
revoke all on sequence public.shift_events_id_seq from anon, authenticated, service_role;
grant select on table public.shift_events to authenticated, service_role;

-- Security definer: clients have no insert privilege on the log.
create function private.record_shift_event()
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
              jsonb_build_object('staff_id', new.accepted_by));
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
  'Appends posted/accepted/clocked_in/clocked_out/deleted rows to public.shift_events. Security '
  'definer because clients cannot write the log.';

create trigger record_shift_event
  after insert or update or delete on public.shifts
  for each row execute function private.record_shift_event();

-- Append-only even for roles that bypass privileges.
create function private.forbid_shift_event_changes()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  raise exception 'Shift history is append-only' using errcode = 'insufficient_privilege';
end;
$$;

comment on function private.forbid_shift_event_changes() is
  'Refuses any update, delete or truncate of public.shift_events.';

create trigger forbid_changes
  before update or delete on public.shift_events
  for each row execute function private.forbid_shift_event_changes();

create trigger forbid_truncate
  before truncate on public.shift_events
  for each statement execute function private.forbid_shift_event_changes();

revoke all on function private.record_shift_event() from public, anon, authenticated, service_role;
revoke all on function private.forbid_shift_event_changes() from public, anon, authenticated, service_role;
