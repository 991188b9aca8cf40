-- Shifts: a company's request for cover (SPEC §3) and its life (accepted, clocked in, clocked out).
-- The company posts and deletes its own shifts; acceptance and clock columns change only through
-- the shift-life RPCs. Status is derived, never stored: public.shift_status(shift) and the
-- security-invoker view public.shifts_with_status expose it. The free plan's 10 shifts are counted
-- and enforced here, in a trigger, so no client can skip the check.

create table public.shifts (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null default auth.uid() references public.companies (id) on delete cascade,
  staff_type text not null,
  skill text not null,
  street_number text not null,
  street_name text not null,
  city text not null,
  province text not null,
  country text not null,
  postal_code text not null,
  notes text,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  latitude double precision,
  longitude double precision,
  created_at timestamptz not null default now(),
  accepted_by uuid references public.staff (id) on delete set null,
  accepted_at timestamptz,
  clocked_in_at timestamptz,
  clocked_out_at timestamptz,
  time_done text,
  constraint shifts_ends_after_start check (ends_at > starts_at),
  constraint shifts_required_text_not_blank check (
    btrim(staff_type) <> '' and btrim(skill) <> '' and btrim(street_name) <> ''
    and btrim(city) <> '' and btrim(province) <> '' and btrim(country) <> ''
  ),
  constraint shifts_street_number_numeric check (street_number ~ '^[0-9]+$'),
  constraint shifts_postal_code_length check (char_length(postal_code) >= 6),
  constraint shifts_latitude_range check (latitude between -90 and 90),
  constraint shifts_longitude_range check (longitude between -180 and 180),
  constraint shifts_accepted_has_time check (accepted_by is null or accepted_at is not null),
  constraint shifts_clock_in_after_accept check (clocked_in_at is null or accepted_at is not null),
  constraint shifts_clock_out_after_clock_in check (clocked_out_at is null or clocked_in_at is not null),
  constraint shifts_time_done_on_clock_out check ((clocked_out_at is null) = (time_done is null))
);

alter table public.shifts enable row level security;

comment on table public.shifts is
  'Shift requests posted by companies and their life. Status is derived by public.shift_status; '
  'acceptance and clock columns are written only by accept_shift, clock_in, clock_out and '
  'clock_staff_out.';

-- The dashboard's list (newest first per company), the staff app's "my shifts" and the employer
-- policy's pending shifts.
create index shifts_company_id_created_at_idx on public.shifts (company_id, created_at desc);
create index shifts_accepted_by_idx on public.shifts (accepted_by) where accepted_by is not null;
create index shifts_company_id_pending_idx on public.shifts (company_id, starts_at) where accepted_at is null;

-- Status -------------------------------------------------------------------------------------------
create function public.shift_status(shift public.shifts)
returns text
language sql
immutable
security invoker
set search_path = ''
as $$
  select case
    when shift.accepted_at is null then 'Pending'
    when shift.clocked_in_at is null then 'Assigned'
    when shift.clocked_out_at is null then 'In-progress'
    else 'Completed'
  end;
$$;

comment on function public.shift_status(public.shifts) is
  'A shift''s status (SPEC §4): Pending, Assigned, In-progress or Completed, from its acceptance '
  'and clock times. Also usable as a PostgREST computed field (select=*,shift_status).';

revoke all on function public.shift_status(public.shifts) from public, anon, authenticated, service_role;
grant execute on function public.shift_status(public.shifts) to authenticated, service_role;

-- Policies -----------------------------------------------------------------------------------------
-- One select policy for companies and workers alike. Its first condition is a plain
-- `company_id = any(...)` over the caller's own id plus their employers, so the dashboard's
-- `company_id = <me> order by created_at desc limit 100` stays an ordered index scan (two OR'ed
-- policies would force a bitmap scan and a sort of every shift of the company). The second keeps
-- workers to open shifts and the shifts they accepted, never a colleague's.
create policy "Companies and their staff can view shifts"
  on public.shifts for select
  to authenticated
  using (
    company_id = any (array(
      select (select auth.uid())
      union all
      select e.company_id from public.employments e where e.staff_id = (select auth.uid())
    ))
    and (
      company_id = (select auth.uid())
      or accepted_at is null
      or accepted_by = (select auth.uid())
    )
  );

create policy "Companies can post their own shifts"
  on public.shifts for insert
  to authenticated
  with check (company_id = (select auth.uid()));

create policy "Companies can delete their own shifts"
  on public.shifts for delete
  to authenticated
  using (company_id = (select auth.uid()));

-- Grants: companies insert only the request columns; nobody updates through the API.
revoke all on table public.shifts from anon, authenticated, service_role;
grant select, delete on table public.shifts to authenticated;
grant insert (company_id, staff_type, skill, street_number, street_name, city, province, country,
              postal_code, notes, starts_at, ends_at, latitude, longitude)
  on table public.shifts to authenticated;
grant select, insert, update, delete on table public.shifts to service_role;

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

-- Posting rules --------------------------------------------------------------------------------
-- Security definer: it counts free shifts on the company row, which companies cannot write.
-- The company row lock serialises concurrent posts, so two tabs cannot both post the 11th shift.
create function private.check_shift_post()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  company public.companies%rowtype;
  is_api_client constant boolean := current_setting('role', true) in ('authenticated', 'anon');
begin
  -- A client posting for someone else is refused by RLS right after this trigger; skip the checks so
  -- it neither locks nor learns anything about the other company's plan. (The role setting keeps
  -- the API role even inside this security definer function.)
  if is_api_client and new.company_id is distinct from (select auth.uid()) then
    return new;
  end if;

  select * into company from public.companies c where c.id = new.company_id for update;
  if not found then
    raise exception 'Only company accounts can post shifts' using errcode = 'insufficient_privilege';
  end if;

  -- Clients (and only clients) may not backdate; the service role and seeds record past shifts.
  if is_api_client then
    if new.starts_at < now() - interval '1 minute' then
      raise exception 'Start date cannot be in the past';
    end if;
  end if;
  if new.ends_at <= new.starts_at then
    raise exception 'End date must be after start date';
  end if;

  if not company.premium then
    if company.free_shifts_used >= 10 then
      raise exception 'Free plan limit reached: upgrade to Premium to post more than 10 shifts';
    end if;
    update public.companies set free_shifts_used = free_shifts_used + 1 where id = company.id;
  end if;
  return new;
end;
$$;

comment on function private.check_shift_post() is
  'Before a shift is posted: the owner must be a company, the start not in the past (1 minute of '
  'clock skew allowed) for API clients, and a free-plan company under 10 posted shifts, which it '
  'counts. Security definer because free_shifts_used is not writable by companies.';

revoke all on function private.check_shift_post() from public, anon, authenticated, service_role;

create trigger check_post
  before insert on public.shifts
  for each row execute function private.check_shift_post();

alter publication supabase_realtime add table public.shifts;
