-- Notifications: posting a shift tells every worker the company employs, in the same transaction,
-- done by the database rather than by the dashboard looping over staff (SPEC §7 "Shift post flow").
-- Workers read their own notifications and mark them read; nobody else sees them.

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  staff_id uuid not null references public.staff (id) on delete cascade,
  company_id uuid not null references public.companies (id) on delete cascade,
  shift_id uuid references public.shifts (id) on delete cascade,
  message text not null,
  created_at timestamptz not null default now(),
  read_at timestamptz
);

alter table public.notifications enable row level security;

comment on table public.notifications is
  'In-app notifications for workers, written by the database when their employer posts a shift.';

create index notifications_staff_id_created_at_idx on public.notifications (staff_id, created_at desc);
create index notifications_shift_id_idx on public.notifications (shift_id);
create index notifications_company_id_idx on public.notifications (company_id);

create policy "Staff can view their own notifications"
  on public.notifications for select
  to authenticated
  using (staff_id = (select auth.uid()));

revoke all on table public.notifications from anon, authenticated, service_role;
grant select on table public.notifications to authenticated;
grant select, insert, update, delete on table public.notifications to service_role;

-- Security definer: the posting company may neither insert notifications nor set a worker's
-- unread flag. The trigger named fan_out_notifications fires before record_* history triggers
-- (alphabetical order), so the history can count what was sent.
create function private.fan_out_shift_notifications()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  insert into public.notifications (staff_id, company_id, shift_id, message, created_at)
  select e.staff_id, new.company_id, new.id, 'Your employer just posted a new shift. View in home page',
         new.created_at
  from public.employments e
  where e.company_id = new.company_id;

  update public.staff s
  set has_unread_notifications = true
  from public.employments e
  where e.company_id = new.company_id and s.id = e.staff_id and not s.has_unread_notifications;

  return null;
end;
$$;

comment on function private.fan_out_shift_notifications() is
  'After a shift is posted: one notification per employed worker and their unread flag set. '
  'Security definer because the company cannot write notifications or staff flags.';

revoke all on function private.fan_out_shift_notifications() from public, anon, authenticated, service_role;

create trigger fan_out_notifications
  after insert on public.shifts
  for each row execute function private.fan_out_shift_notifications();

create function public.mark_notifications_read()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  marked integer;
begin
  if caller is null or not exists (select 1 from public.staff s where s.id = caller) then
    raise exception 'Only staff accounts have notifications' using errcode = 'insufficient_privilege';
  end if;

  update public.notifications n set read_at = now()
  where n.staff_id = caller and n.read_at is null;
  get diagnostics marked = row_count;

  update public.staff s set has_unread_notifications = false where s.id = caller;
  return marked;
end;
$$;

comment on function public.mark_notifications_read() is
  'Staff app: marks all the caller''s notifications read and clears their unread flag; returns how '
  'many were marked. Security definer because the unread flag and read_at are not client-writable.';

revoke all on function public.mark_notifications_read() from public, anon, authenticated, service_role;
grant execute on function public.mark_notifications_read() to authenticated;
